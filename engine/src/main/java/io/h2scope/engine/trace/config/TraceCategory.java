package io.h2scope.engine.trace.config;

import java.util.Locale;
import java.util.Optional;

/** The trace categories; each one is the SLF4J logger {@code h2scope.<key>}. */
public enum TraceCategory {
    /** One line per frame in and out. */
    FRAMES,
    /** Each field block field by field, with its representation and the dynamic table after it. */
    HPACK,
    /** Window changes per stream and connection, and stalls. */
    FLOW,
    /** Stream state transitions. */
    STATE,
    /** Connects, TLS and ALPN, settings exchanged, GOAWAY, close reasons. */
    CONN;

    /** The parent of every category logger. */
    public static final String ROOT_LOGGER = "h2scope";

    /** Made once: a frame line names its logger. */
    private final String key = name().toLowerCase(Locale.ROOT);
    private final String loggerName = ROOT_LOGGER + "." + key;

    public String key() {
        return key;
    }

    public String loggerName() {
        return loggerName;
    }

    public static Optional<TraceCategory> parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        for (TraceCategory category : values()) {
            if (category.key().equals(key)) {
                return Optional.of(category);
            }
        }
        return Optional.empty();
    }

    /** "frames, hpack, flow, state, conn". */
    public static String accepted() {
        StringBuilder text = new StringBuilder();
        for (TraceCategory category : values()) {
            text.append(text.length() == 0 ? "" : ", ").append(category.key());
        }
        return text.toString();
    }
}
