package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.TraceEvent;

/** Where the text sink writes: one logger per category. Implemented over SLF4J, and by tests. */
public interface CategoryLog {

    /** Writes nothing, at any level. */
    CategoryLog NONE = new CategoryLog() {
        @Override
        public boolean isEnabled(TraceCategory category, TraceLevel level) {
            return false;
        }

        @Override
        public void log(TraceCategory category, TraceLevel level, String message) {
        }
    };

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

    /**
     * Sets {@code category}'s level while the process runs ({@code trace level}); false when this log cannot (the
     * backend is not logback).
     */
    default boolean setLevel(TraceCategory category, TraceLevel level) {
        return false;
    }

    /** The most verbose level {@code category} writes at now ({@link TraceLevel#OFF} when none). */
    default TraceLevel levelOf(TraceCategory category) {
        TraceLevel[] levels = TraceLevel.values();
        for (int i = levels.length - 1; i > 0; i--) {
            if (isEnabled(category, levels[i])) {
                return levels[i];
            }
        }
        return TraceLevel.OFF;
    }

    /** {@link #log(TraceCategory, TraceLevel, String, TraceEvent)} of a text the caller reuses: not to be kept. */
    default void log(TraceCategory category, TraceLevel level, CharSequence message, TraceEvent event) {
        log(category, level, message.toString(), event);
    }

    /** Runs {@code lines}, a run of {@link #log} calls on this thread; the backend may write them together at its end. */
    default void batch(Runnable lines) {
        lines.run();
    }

    /** A line about a connection outside its events (connected, TLS agreed): its id as a field. */
    default void log(TraceCategory category, TraceLevel level, String message, long connectionId) {
        log(category, level, message);
    }
}
