package io.h2scope.cli.trace;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;

/**
 * {@code --since} and {@code --until}: a time of day ({@code 14:03}, {@code 14:03:20.5}), a date
 * ({@code 2025-06-01}), both ({@code 2025-06-01T14:03}, {@code "2025-06-01 14:03"}), or an ISO 8601 time with a zone
 * ({@code 2025-06-01T14:03:00Z}, {@code ...+02:00}). Without a zone the time is read in the zone the command shows
 * times in; a time of day is taken on the date the recording begins.
 */
public final class ClockTimeValue implements CommandLine.ITypeConverter<ClockTimeValue.Bound> {

    static final String ACCEPTED = "a time of day (14:03, 14:03:20.5), a date (2025-06-01), both (2025-06-01T14:03 or "
            + "\"2025-06-01 14:03\"), or an ISO 8601 time with a zone (2025-06-01T14:03:00Z)";

    /** A time as given, placed on the clock once the zone and the recording's first date are known. */
    public record Bound(String text, Instant instant, LocalDateTime dateTime, LocalTime timeOfDay) {

        Instant at(ZoneId zone, LocalDate recordingStarts) {
            if (instant != null) {
                return instant;
            }
            LocalDateTime local = dateTime != null ? dateTime : recordingStarts.atTime(timeOfDay);
            return local.atZone(zone).toInstant();
        }
    }

    @Override
    public Bound convert(String value) {
        String text = value.trim().replace(' ', 'T');
        try {
            if (text.indexOf('T') < 0 && text.indexOf(':') > 0) {
                return new Bound(value, null, null, LocalTime.parse(text));
            }
            if (text.indexOf('T') < 0) {
                return new Bound(value, null, LocalDate.parse(text).atStartOfDay(), null);
            }
            if (text.endsWith("Z") || text.matches(".*[+-]\\d\\d:?\\d\\d$")) {
                return new Bound(value, OffsetDateTime.parse(text).toInstant(), null, null);
            }
            return new Bound(value, null, LocalDateTime.parse(text), null);
        } catch (DateTimeParseException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a time; accepted: " + ACCEPTED);
        }
    }
}
