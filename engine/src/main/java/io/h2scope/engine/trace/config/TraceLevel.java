package io.h2scope.engine.trace.config;

import java.util.Locale;
import java.util.Optional;

/** The levels {@code H2SCOPE_LOG} accepts, from quietest to loudest (the SLF4J levels plus off). */
public enum TraceLevel {
    OFF, ERROR, WARN, INFO, DEBUG, TRACE;

    /** The level named {@code text} (any case), if it is one. */
    public static Optional<TraceLevel> parse(String text) {
        String name = text.trim().toUpperCase(Locale.ROOT);
        for (TraceLevel level : values()) {
            if (level.name().equals(name)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    /** Whether a message at {@code message} level is shown when this level is set. */
    public boolean shows(TraceLevel message) {
        return this != OFF && message != OFF && message.ordinal() <= ordinal();
    }

    /** The lower-case name used in variables and documentation. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "off, error, warn, info, debug, trace". */
    public static String accepted() {
        StringBuilder text = new StringBuilder();
        for (TraceLevel level : values()) {
            text.append(text.length() == 0 ? "" : ", ").append(level.key());
        }
        return text.toString();
    }
}
