package io.h2scope.engine.transport;

/**
 * Whether one accepted connection is doing work for its peer, as its protocol layer sees it, for a listener that must
 * make room at a connection cap: it sheds the connection idle the longest rather than refusing the newest. It starts
 * busy (never shed: a proxied or other connection whose layers say nothing); a server's layers mark it idle from
 * accept (a TLS handshake or a preface in progress serves nobody yet) and busy while streams are in flight. Written
 * on the connection's loop, read by the acceptor; the shed runs on the connection's loop.
 * Reached by a protocol layer as a transport capability ({@link ConnectionContext#capability}).
 */
public final class ConnectionActivity {

    private static final long BUSY = Long.MIN_VALUE;

    private volatile long idleSinceNanos;
    /** What ends this connection gracefully when it is shed (set by the protocol layer); null: a plain close. */
    private volatile Runnable graceful;

    ConnectionActivity() {
        this.idleSinceNanos = BUSY;
    }

    /** Streams are in flight: not to be shed. */
    public void busy() {
        if (idleSinceNanos != BUSY) {
            idleSinceNanos = BUSY;
        }
    }

    /** Nothing in flight since {@code sinceNanos} (a no-op when already idle: the earlier start stands). */
    public void idle(long sinceNanos) {
        if (idleSinceNanos == BUSY) {
            idleSinceNanos = sinceNanos;
        }
    }

    /** How the protocol ends the connection when it is shed, e.g. GOAWAY NO_ERROR and close; run on its loop. */
    public void onShed(Runnable gracefulClose) {
        graceful = gracefulClose;
    }

    public boolean isIdle() {
        return idleSinceNanos != BUSY;
    }

    /** When it became idle; meaningful only while {@link #isIdle}. */
    long idleSinceNanos() {
        return idleSinceNanos;
    }

    Runnable graceful() {
        return graceful;
    }
}
