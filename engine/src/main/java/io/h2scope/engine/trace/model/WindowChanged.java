package io.h2scope.engine.trace.model;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;

/**
 * A flow-control window changed (RFC 9113 §6.9): every window, of every stream and of the connection
 * (stream 0), on both sides, with what moved it. A SETTINGS_INITIAL_WINDOW_SIZE change gives one of these
 * per open stream.
 */
public record WindowChanged(long connectionId, long nanosSinceStart, int streamId, WindowSide side, int oldSize,
        int newSize, WindowCause cause) implements TraceEvent {
}
