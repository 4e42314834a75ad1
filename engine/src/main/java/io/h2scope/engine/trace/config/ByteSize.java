package io.h2scope.engine.trace.config;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/** Parses a size such as {@code 1048576}, {@code 512k}, {@code 100m} or {@code 2g} (powers of 1024). */
public final class ByteSize {

    private ByteSize() {
    }

    /**
     * {@code value} in bytes, for a command-line option named {@code option}.
     *
     * @throws IllegalArgumentException saying what is wrong and what is accepted
     */
    public static long parse(String option, String value, long minimum) {
        List<String> problems = new java.util.ArrayList<>();
        OptionalLong bytes = parse(option, value, minimum, problems);
        if (bytes.isEmpty()) {
            String problem = problems.get(0);
            throw new IllegalArgumentException(problem.substring("ignoring ".length(), problem.indexOf("; using the default")));
        }
        return bytes.getAsLong();
    }

    static OptionalLong parse(String variable, String value, long minimum, List<String> problems) {
        return parse(variable, value, minimum, TraceConfig.DEFAULT_MAX_BYTES_TEXT, problems);
    }

    /** {@code value} in bytes; a bad one is described in {@code problems} (falling back to {@code defaultText}). */
    static OptionalLong parse(String variable, String value, long minimum, String defaultText, List<String> problems) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        int shift = 0;
        if (!text.isEmpty()) {
            char unit = text.charAt(text.length() - 1);
            shift = switch (unit) {
                case 'k' -> 10;
                case 'm' -> 20;
                case 'g' -> 30;
                default -> 0;
            };
            if (shift > 0) {
                text = text.substring(0, text.length() - 1).trim();
            }
        }
        long number;
        try {
            number = Long.parseLong(text);
        } catch (NumberFormatException e) {
            problems.add(message(variable, value, "not a number", minimum, defaultText));
            return OptionalLong.empty();
        }
        if (number <= 0 || number > (Long.MAX_VALUE >> shift)) {
            problems.add(message(variable, value, "out of range", minimum, defaultText));
            return OptionalLong.empty();
        }
        long bytes = number << shift;
        if (bytes < minimum) {
            problems.add(message(variable, value, "below the minimum of " + minimum + " bytes", minimum, defaultText));
            return OptionalLong.empty();
        }
        return OptionalLong.of(bytes);
    }

    private static String message(String variable, String value, String what, long minimum, String defaultText) {
        return "ignoring " + variable + "=\"" + value + "\": " + what + "; accepted: a size in bytes of at least "
                + minimum + ", optionally with a k, m or g suffix (e.g. 100m); using the default of " + defaultText;
    }
}
