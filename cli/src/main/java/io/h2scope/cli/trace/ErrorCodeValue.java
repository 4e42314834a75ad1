package io.h2scope.cli.trace;

import io.h2scope.engine.error.ErrorCode;

import picocli.CommandLine;

/** {@code --error}: an error code by name ({@code PROTOCOL_ERROR}, any case) or number ({@code 1}, {@code 0x1}). */
public final class ErrorCodeValue implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        try {
            return ErrorCode.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
