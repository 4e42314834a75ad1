package io.h2scope.cli;

import picocli.CommandLine;

/** Decimal options ({@code --budget-scale}): "'abc' is not a number" rather than picocli's "is not a double". */
final class DecimalNumber implements CommandLine.ITypeConverter<Double> {

    /** The converter for double and Double on {@code cli} and every sub-command. */
    static void registerOn(CommandLine cli) {
        DecimalNumber decimals = new DecimalNumber();
        cli.registerConverter(Double.class, decimals);
        cli.registerConverter(Double.TYPE, decimals);
    }

    @Override
    public Double convert(String value) {
        try {
            double d = Double.parseDouble(value.trim());
            if (Double.isFinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not a number: give one such as 2 or 0.5");
    }
}
