package io.h2scope.engine.trace.model;

import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;

/** A stream moved in the RFC 9113 §5.1 state machine; {@code input} is what moved it. */
public record StreamStateChanged(long connectionId, long nanosSinceStart, int streamId, StreamState from,
        StreamState to, StreamInput input) implements TraceEvent {
}
