package io.h2scope.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Duration options: "500ms", "10s", "2m", or a bare number of seconds; "0" switches a timer off. */
public final class DurationValue implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration: give a whole number"
                    + " with ms, s or m (e.g. 500ms, 10s, 2m), or 0 for off");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** How a default is shown in --help: "10s", "500ms". */
    public static String show(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
