package io.h2scope.cli.options;

import io.h2scope.engine.server.SettingText;
import java.time.Duration;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * Duration options: "500ms", "10s", "2m", or a bare number of seconds, at most {@link SettingText#LONGEST_DURATION};
 * "0" switches a timer off.
 */
public final class DurationValue implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        return parsed(SettingText::duration, value);
    }

    /** A wait that cannot be off ({@code get --timeout}, {@code console --timeout}): 0 is refused as it is parsed. */
    public static final class Positive implements CommandLine.ITypeConverter<Duration> {

        @Override
        public Duration convert(String value) {
            return parsed(SettingText::positiveDuration, value);
        }
    }

    /** {@code parse}'s error (what is wrong, the form to give) as picocli's, which names the option. */
    private static Duration parsed(Function<String, Duration> parse, String value) {
        try {
            return parse.apply(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
