package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;

/** Where the text sink writes: one logger per category. Implemented over SLF4J, and by tests. */
public interface CategoryLog {

    /** Whether a message of {@code level} in {@code category} would be written. */
    boolean isEnabled(TraceCategory category, TraceLevel level);

    void log(TraceCategory category, TraceLevel level, String message);
}
