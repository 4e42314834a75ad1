package io.h2scope.engine.core;

/**
 * The time of the call the connection is serving. The core never reads a clock: each entry point of
 * {@link Http2Connection} sets the time it was passed here, and the parts that stamp or measure read it.
 */
final class ConnectionClock {

    private long now;

    ConnectionClock(long startNanos) {
        this.now = startNanos;
    }

    void set(long nowNanos) {
        now = nowNanos;
    }

    long now() {
        return now;
    }
}
