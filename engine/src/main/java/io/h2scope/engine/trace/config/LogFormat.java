package io.h2scope.engine.trace.config;

import java.util.Locale;
import java.util.Optional;

/**
 * How the built-in logging setup writes the categories' lines ({@code H2SCOPE_LOG_FORMAT}): {@link #TEXT}, one
 * line of text each, or {@link #JSON}, one JSON object a line through logback's own {@code JsonEncoder}, for a log
 * pipeline that reads JSON lines. A user's own logback configuration decides instead when there is one.
 */
public enum LogFormat {
    TEXT, JSON;

    /** The format named {@code text} (any case), if it is one. */
    public static Optional<LogFormat> parse(String text) {
        String name = text.trim().toUpperCase(Locale.ROOT);
        for (LogFormat format : values()) {
            if (format.name().equals(name)) {
                return Optional.of(format);
            }
        }
        return Optional.empty();
    }

    /** The lower-case name used in the variable. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
