package io.h2scope.cli.options;

import io.h2scope.engine.server.SettingText;
import java.time.Duration;
import picocli.CommandLine;

/**
 * Duration options: "500ms", "10s", "2m", or a bare number of seconds, at most {@link SettingText#LONGEST_DURATION};
 * "0" switches a timer off.
 */
public final class DurationValue implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return SettingText.duration(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /** A wait that cannot be off ({@code get --timeout}, {@code console --timeout}): 0 is refused as it is parsed. */
    public static final class Positive implements CommandLine.ITypeConverter<Duration> {

        @Override
        public Duration convert(String value) {
            try {
                return SettingText.positiveDuration(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
