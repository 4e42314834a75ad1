package io.h2scope.cli.trace;

import io.h2scope.engine.error.ErrorCode;

import java.util.Locale;
import picocli.CommandLine;

/** {@code --error}: an error code by name ({@code PROTOCOL_ERROR}, any case) or number ({@code 1}, {@code 0x1}). */
public final class ErrorCodeValue implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        String text = value.trim();
        try {
            return ErrorCode.valueOf(text.toUpperCase(Locale.ROOT)).code() & 0xffffffffL;
        } catch (IllegalArgumentException notAName) {
            try {
                long code = text.startsWith("0x") || text.startsWith("0X") ? Long.parseLong(text.substring(2), 16)
                        : Long.parseLong(text);
                if (code >= 0 && code <= 0xffffffffL) {
                    return code;
                }
            } catch (NumberFormatException notANumber) {
                // said below
            }
        }
        StringBuilder names = new StringBuilder();
        for (ErrorCode code : ErrorCode.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(code.name());
        }
        throw new CommandLine.TypeConversionException("'" + value + "' is not an error code (RFC 9113 §7); accepted: "
                + names + ", or a number from 0 to 0xffffffff");
    }
}
