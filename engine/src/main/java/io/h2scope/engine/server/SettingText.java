package io.h2scope.engine.server;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How a setting's value is written in a config file or on the command line: whole numbers and durations. */
public final class SettingText {

    /** The rule for a duration of a wait that cannot be off, as error messages state it. */
    public static final String POSITIVE_DURATION_FORM = "a whole number above 0 with ms, s or m (e.g. 500ms, 10s, 2m)";
    /** The rule for a duration, as error messages state it. */
    public static final String DURATION_FORM = "a whole number with ms, s or m (e.g. 500ms, 10s, 2m), or 0 for off";

    /**
     * The longest duration taken: no timer of h2scope needs more, and a deadline of now plus it still fits a long of
     * nanoseconds (999999999m would not, and failed as an ArithmeticException where it was used).
     */
    public static final Duration LONGEST_DURATION = Duration.ofDays(365);

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)?");
    /** Digits beyond which any unit is more than {@link #LONGEST_DURATION}: 10^12 ms is 31 years. */
    private static final int MOST_DIGITS = 12;
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d{1,19}");

    private SettingText() {
    }

    /**
     * "500ms", "10s", "2m", or a bare number of seconds, at most {@link #LONGEST_DURATION}; else an
     * IllegalArgumentException saying the form.
     */
    public static Duration duration(String value) {
        return duration(value, DURATION_FORM);
    }

    /** As {@link #duration(String)} for a wait that cannot be off: 0 is refused too. */
    public static Duration positiveDuration(String value) {
        Duration d = duration(value, POSITIVE_DURATION_FORM);
        if (d.isZero()) {
            throw new IllegalArgumentException("'" + value + "' is no time: this wait cannot be off; give "
                    + POSITIVE_DURATION_FORM);
        }
        return d;
    }

    private static Duration duration(String value, String form) {
        Matcher m = DURATION.matcher(value.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a duration: give " + form);
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        String digits = m.group(1).replaceFirst("^0+(?=\\d)", "");
        long n = digits.length() > MOST_DIGITS ? Long.MAX_VALUE / 60_000 : Long.parseLong(digits); // too long anyway
        Duration d = switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
        if (d.compareTo(LONGEST_DURATION) > 0) {
            throw new TooLong("'" + value + "' is longer than a year: give at most " + show(LONGEST_DURATION));
        }
        return d;
    }

    /** A duration of the right form beyond {@link #LONGEST_DURATION}: a caller with its own words can say so. */
    public static final class TooLong extends IllegalArgumentException {
        TooLong(String message) {
            super(message);
        }
    }

    /** How a duration is written back: "500ms", "60s", "3m" (whole minutes from two minutes on). */
    public static String show(Duration d) {
        if (d.toMillis() % 1000 != 0) {
            return d.toMillis() + "ms";
        }
        long seconds = d.toSeconds();
        return seconds >= 120 && seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
    }

    /** A whole number within the range of long; else an IllegalArgumentException. */
    public static long wholeNumber(String value) {
        String v = value.strip();
        if (WHOLE.matcher(v).matches()) {
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException tooLarge) {
                // falls through to the error below
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a whole number");
    }
}
