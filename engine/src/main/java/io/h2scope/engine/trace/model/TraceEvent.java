package io.h2scope.engine.trace.model;

/**
 * One fact about one connection, published once, in the order the connection applied it, to the
 * trace sinks (docs/TRACE_FORMAT.md). The same events come from the engine's own connections and
 * from watching somebody else's traffic. A received frame's event follows the changes it made
 * itself (windows, stream states, HPACK tables, settings) and precedes what it caused (the frames we
 * answer with, errors raised); a sent frame's event follows the changes made to send it. So state
 * rebuilt from the events up to any one of them ({@link ConnectionModel}) is the connection's state
 * at that event.
 *
 * <p>This package holds data only: no I/O, no threads, no clocks.
 */
public sealed interface TraceEvent permits ConnectionOpened, ConnectionClosed, FrameEvent, StreamStateChanged,
        WindowChanged, SettingsAnnounced, SettingsAcknowledged, SettingsInForce, HpackEntryAdded,
        HpackEntriesEvicted, HpackTableResized, ViolationReceived, ErrorRaised, SnapshotTaken, Http1Head {

    /** The connection's id from its configuration. */
    long connectionId();

    /** Time since the connection was created, from the time passed in (never read from a clock). */
    long nanosSinceStart();

    /** The stream the event is about, or -1 when it is about none (events with a stream id override this). */
    default int streamId() {
        return -1;
    }
}
