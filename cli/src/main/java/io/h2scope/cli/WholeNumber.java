package io.h2scope.cli;

import java.util.function.Function;
import picocli.CommandLine;

/** Integer options: "'abc' is not a whole number" rather than picocli's "is not a long". */
final class WholeNumber<T> implements CommandLine.ITypeConverter<T> {

    private final Function<String, T> parse;
    private final String range;

    private WholeNumber(Function<String, T> parse, String range) {
        this.parse = parse;
        this.range = range;
    }

    /** Converters for int, Integer, long and Long on {@code cli} and every sub-command. */
    static void registerOn(CommandLine cli) {
        WholeNumber<Integer> ints = new WholeNumber<>(Integer::valueOf, "-2^31..2^31-1");
        WholeNumber<Long> longs = new WholeNumber<>(Long::valueOf, "-2^63..2^63-1");
        cli.registerConverter(Integer.class, ints);
        cli.registerConverter(Integer.TYPE, ints);
        cli.registerConverter(Long.class, longs);
        cli.registerConverter(Long.TYPE, longs);
    }

    @Override
    public T convert(String value) {
        try {
            return parse.apply(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number"
                    + (value.trim().matches("[+-]?\\d+") ? " within " + range : ""));
        }
    }
}
