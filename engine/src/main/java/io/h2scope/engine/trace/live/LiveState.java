package io.h2scope.engine.trace.live;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.config.TraceOnly;

/**
 * What a {@link LiveTrace} does at one moment, replaced whole at each change: each connection compares one reference
 * before an event and reconciles itself when it changed.
 *
 * @param only        the connections traced, or null for all
 * @param consumers   where a traced connection's events go: the text log (while a category is on), the recording,
 *                    each attached reader; none when tracing is off
 * @param needOpening per consumer, whether it needs a connection's opening (and state) before its events
 * @param hpack       whether new connections describe each field block (the {@code hpack} category at debug)
 */
record LiveState(TraceOnly only, TraceSink[] consumers, boolean[] needOpening, boolean hpack) {

    /** Whether anything is traced at all. */
    boolean on() {
        return consumers.length > 0;
    }
}
