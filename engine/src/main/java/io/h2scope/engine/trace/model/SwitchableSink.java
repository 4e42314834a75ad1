package io.h2scope.engine.trace.model;

/**
 * A connection's own sink that may turn on and off while the connection is open, and that readers may join midway
 * (a recording started live, a reader attached): the sinks {@link io.h2scope.engine.trace.live.LiveTrace} gives each
 * connection. A connection given one keeps, while it is off, what it needs to be traced again: the facts of its
 * opening and its window and table listeners (each asks {@link #enabled()} at a change, and builds nothing when it
 * is off). When {@link #wantsOpening()} says so, the connection publishes its opening again and a
 * {@link io.h2scope.engine.trace.model.SnapshotTaken} of its state, between two frames, so that a reader that joined
 * can follow the events after them.
 */
public interface SwitchableSink extends TraceSink {

    /**
     * Whether the connection should publish its opening and a snapshot now, before its next frame: someone joined that
     * has not had them. Asked on the connection's thread, while {@link #enabled()}.
     */
    boolean wantsOpening();

    /**
     * How the sink gets a connection that is idle to publish its opening: {@code wake}, which any thread may run,
     * has the connection do it on its own thread ({@code Http2Connection#traceCatchUp}). Called once by the
     * connection's driver when the connection opens; a connection without a driver publishes it before its next
     * frame.
     */
    void wakeWith(Runnable wake);

    /**
     * The connection ended while the sink was off, so no {@link io.h2scope.engine.trace.model.ConnectionClosed} told
     * it: the sink forgets the connection. Called once, on the connection's thread.
     */
    void ended();
}
