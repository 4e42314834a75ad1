package io.h2scope.cli.trace;

import io.h2scope.engine.trace.text.ClockBound;
import picocli.CommandLine;

/** {@code --since} and {@code --until}: a {@link ClockBound} (a time of day, a date, both, or ISO 8601 with a zone). */
public final class ClockTimeValue implements CommandLine.ITypeConverter<ClockBound> {

    @Override
    public ClockBound convert(String value) {
        try {
            return ClockBound.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
