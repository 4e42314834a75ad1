package io.h2scope.engine.trace.model;


import java.util.function.Consumer;

/**
 * Receives every {@link TraceEvent} of the connections it is given, each once, in the order each
 * connection applied it. For one connection, one call at a time, by the thread working on the connection
 * (its loop, or for a client connection a caller thread holding it), with a happens-before edge from each
 * call to the next: a sink needs no lock for per-connection state. Calls for different connections may
 * come at the same time. A sink must not call back into the connection.
 *
 * <p>The connection asks {@link #enabled()} before building anything, so a disabled sink (such
 * as {@link #NONE}) costs one call and no allocation per frame.
 */
public interface TraceSink {

    /** Traces nothing; {@link #enabled()} is false. */
    TraceSink NONE = new TraceSink() {
        @Override
        public void onEvent(TraceEvent event) {
        }

        @Override
        public boolean enabled() {
            return false;
        }
    };

    void onEvent(TraceEvent event);

    /** A sink given only the frame events (the other kinds are dropped). */
    static TraceSink frames(Consumer<FrameEvent> frames) {
        return event -> {
            if (event instanceof FrameEvent frame) {
                frames.accept(frame);
            }
        };
    }

    /**
     * Runs {@code events}, a run of {@link #onEvent} calls made on this thread, and lets the sink hand their output
     * on together when it returns: a file writer then takes its queue's lock once for the run rather than once a
     * line. The events keep their order; a sink may hold them back until {@code events} returns, no longer. The
     * default runs them as they come.
     */
    default void batch(Runnable events) {
        events.run();
    }

    /**
     * The sink for connection {@code connectionId}, asked once by the facade that makes the connection: a sink that
     * decides per connection (which connections are traced, {@code H2SCOPE_TRACE_ONLY}, and switching them live) gives
     * it one of its own ({@link SwitchableSink}); any other sink is itself.
     */
    default TraceSink forConnection(long connectionId) {
        return this;
    }

    /** Whether events are wanted at all; checked before each event is built. */
    default boolean enabled() {
        return true;
    }

    /**
     * Whether events of {@code kind} would be used, beside {@link #enabled()}: the connection asks before it builds a
     * window, stream state, settings or HPACK table event (the events a request causes beside its frames), so a sink
     * that shows only frames has none of them built. Asked each time, so the answer may change while the process
     * runs (a log level switched live). The default: every kind.
     */
    default boolean wants(Class<? extends TraceEvent> kind) {
        return true;
    }

    /**
     * Whether frame events should carry an {@link HpackBlock} (each field's representation and the dynamic
     * table after the block). Asked once, when a connection is created; it costs a copy of the
     * table per field block, so only sinks that show it say yes. The table deltas are published either way.
     */
    default boolean wantsHpackDetail() {
        return false;
    }

    /**
     * Where the connection's raw bytes should go as well as its events (the test that holds the observer to the
     * engine decodes them again), or null: asked once, when a connection is created, of an enabled sink; null
     * (the default) costs nothing per read or write.
     */
    default WireTap wireTap() {
        return null;
    }
}
