package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.TraceEvent;

/** Where the text sink writes: one logger per category. Implemented over SLF4J, and by tests. */
public interface CategoryLog {

    /** Whether a message of {@code level} in {@code category} would be written. */
    boolean isEnabled(TraceCategory category, TraceLevel level);

    void log(TraceCategory category, TraceLevel level, String message);

    /**
     * A line about one event: a backend that keeps fields beside the message (logback's JSON encoder) gets the
     * event's connection, stream and, for a frame, its direction and type as fields ({@link LogFields}).
     */
    default void log(TraceCategory category, TraceLevel level, String message, TraceEvent event) {
        log(category, level, message);
    }

    /** A line about a connection outside its events (connected, TLS agreed): its id as a field. */
    default void log(TraceCategory category, TraceLevel level, String message, long connectionId) {
        log(category, level, message);
    }
}
