package io.h2scope.engine.trace.text;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Wall-clock times as the trace writes them: in a recording, ISO 8601 in UTC to the microsecond
 * ({@code 2025-06-01T14:03:00.123456Z}); in a printed line, the time of day ({@code 14:03:00.123456}) under a line
 * naming the date and zone.
 */
public final class ClockText {

    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'",
            Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS", Locale.ROOT);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT);

    private ClockText() {
    }

    /** {@code 2025-06-01T14:03:00.123456Z}: what a recording's {@code clock} holds. */
    public static String iso(Instant instant) {
        return ISO.format(instant);
    }

    /**
     * A recording's {@code clock} back: ISO 8601 with a zone or offset ({@code Z}, {@code +02:00}), any number of
     * fraction digits.
     *
     * @throws IllegalArgumentException naming the form expected
     */
    public static Instant parseIso(String text) {
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not an ISO 8601 time with a zone, like "
                    + "2025-06-01T14:03:00.123456Z");
        }
    }

    /** {@code 14:03:00.123456} in {@code zone}. */
    public static String timeOfDay(Instant instant, ZoneId zone) {
        return TIME_OF_DAY.format(instant.atZone(zone));
    }

    /** {@code 2025-06-01} in {@code zone}. */
    public static String date(Instant instant, ZoneId zone) {
        return DATE.format(instant.atZone(zone));
    }
}
