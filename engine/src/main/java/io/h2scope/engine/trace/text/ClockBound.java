package io.h2scope.engine.trace.text;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/**
 * One end of a time range over a recording, as a person types it: a time of day ({@code 14:03},
 * {@code 14:03:20.5}), a date ({@code 2025-06-01}), both ({@code 2025-06-01T14:03}, {@code 2025-06-01 14:03}), or an
 * ISO 8601 time with a zone ({@code 2025-06-01T14:03:00Z}, {@code ...+02:00}). It is placed on the clock
 * ({@link #at}) once the zone to read it in and the date the recording begins are known: a time of day is taken on
 * that date. {@code trace print --since/--until} and the inspector's time range read it.
 *
 * @param text the text as typed
 */
public record ClockBound(String text, Instant instant, LocalDateTime dateTime, LocalTime timeOfDay) {

    /** What {@link #parse} takes, for messages. */
    public static final String ACCEPTED = "a time of day (14:03, 14:03:20.5), a date (2025-06-01), both "
            + "(2025-06-01T14:03 or \"2025-06-01 14:03\"), or an ISO 8601 time with a zone (2025-06-01T14:03:00Z)";

    /** @throws IllegalArgumentException saying what is accepted */
    public static ClockBound parse(String typed) {
        String text = typed.strip().replace(' ', 'T');
        try {
            if (text.indexOf('T') < 0 && text.indexOf(':') > 0) {
                return new ClockBound(typed, null, null, LocalTime.parse(text));
            }
            if (text.indexOf('T') < 0) {
                return new ClockBound(typed, null, LocalDate.parse(text).atStartOfDay(), null);
            }
            if (text.endsWith("Z") || text.matches(".*[+-]\\d\\d:?\\d\\d$")) {
                return new ClockBound(typed, OffsetDateTime.parse(text).toInstant(), null, null);
            }
            return new ClockBound(typed, null, LocalDateTime.parse(text), null);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + typed + "' is not a time; accepted: " + ACCEPTED);
        }
    }

    /** The instant meant, reading a time without a zone in {@code zone}, a time of day on {@code recordingBegins}. */
    public Instant at(ZoneId zone, LocalDate recordingBegins) {
        if (instant != null) {
            return instant;
        }
        LocalDateTime local = dateTime != null ? dateTime : recordingBegins.atTime(timeOfDay);
        return local.atZone(zone).toInstant();
    }
}
