package io.h2scope.engine.trace.model;

/**
 * The whole state of a connection at one moment, for a reader that joins late (a live attach): a
 * {@link ConnectionModel} given it takes this state, and the events after it move it on.
 */
public record SnapshotTaken(long connectionId, long nanosSinceStart, ConnectionSnapshot snapshot)
        implements TraceEvent {
}
