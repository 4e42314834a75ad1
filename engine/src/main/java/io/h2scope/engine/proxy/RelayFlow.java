package io.h2scope.engine.proxy;

import io.h2scope.engine.transport.ConnectionContext;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One direction's bytes in flight: read from {@code source} and not yet taken by {@code target}'s socket.
 * Past the cap the source stops reading; at half of it the source reads again.
 */
final class RelayFlow {
    private final int cap;
    private final Leg source;
    private final Leg target;
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicBoolean paused = new AtomicBoolean();

    RelayFlow(int cap, Leg source, Leg target) {
        this.cap = cap;
        this.source = source;
        this.target = target;
    }

    void read(int n) {
        inFlight.addAndGet(n);
    }

    /** On the source's thread, after a read was handed on. */
    void afterRead() {
        if (total() > cap && paused.compareAndSet(false, true)) {
            source.ctx.setReading(false);
            maybeResume(); // the target may have drained meanwhile
        }
    }

    void drained(int n) {
        inFlight.addAndGet(-n);
        maybeResume();
    }

    void maybeResume() {
        if (paused.get() && total() <= cap / 2 && paused.compareAndSet(true, false)) {
            ConnectionContext s = source.ctx;
            s.execute(() -> s.setReading(true));
        }
    }

    long total() {
        ConnectionContext t = target.ctx;
        return inFlight.get() + (t == null ? 0 : t.pendingWriteBytes());
    }

    boolean paused() {
        return paused.get();
    }
}
