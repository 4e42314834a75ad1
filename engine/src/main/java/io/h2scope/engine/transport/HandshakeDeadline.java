package io.h2scope.engine.transport;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The outermost layer of a server connection: from accept to the client's first complete HTTP/2 SETTINGS
 * (TLS handshake, HTTP/1.1 head, h2c upgrade and preface included) the connection has {@code timeout}; then
 * it is aborted, whatever layer it is stuck in. The layer that sees the SETTINGS (the HTTP/2 driver) calls
 * {@link #complete()}. A silent TCP connection, a partial preface or request head, or a TLS handshake that
 * stops after the ClientHello thus holds a descriptor for a bounded time only.
 */
public final class HandshakeDeadline implements ConnectionHandler {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");

    private final Duration timeout;
    private final Runnable onExpired;
    private ConnectionHandler inner;
    private ConnectionContext ctx;
    private Cancellable timer;
    private boolean completed;

    /**
     * @param timeout   zero switches the deadline off
     * @param onExpired told (on the loop thread) each time the deadline closes a connection, e.g. a counter
     */
    public HandshakeDeadline(Duration timeout, Runnable onExpired) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.onExpired = Objects.requireNonNull(onExpired, "onExpired");
    }

    /** The layers below (TLS, protocol detection, HTTP/2); set once, before the connection opens. */
    public HandshakeDeadline wrap(ConnectionHandler handler) {
        if (inner != null) {
            throw new IllegalStateException("already wraps a handler");
        }
        inner = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /** The client's first SETTINGS arrived: the deadline no longer applies. On the loop thread. */
    public void complete() {
        completed = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    @Override
    public void onOpen(ConnectionContext context) {
        ctx = context;
        // serving nobody yet: at a connection cap this one may be shed for a newcomer (the driver says when it serves)
        context.capability(ConnectionActivity.class).ifPresent(a -> a.idle(System.nanoTime()));
        if (!timeout.isZero()) {
            timer = ctx.schedule(this::expire, timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
        inner.onOpen(context);
    }

    private void expire() {
        timer = null;
        if (completed) {
            return;
        }
        LOG.log(System.Logger.Level.DEBUG, () -> "no HTTP/2 SETTINGS from " + ctx.remote() + " within "
                + timeout.toMillis() + " ms of accept (handshakeTimeout): closed");
        onExpired.run();
        ctx.abort();
    }

    @Override
    public void onRead(ByteBuffer plaintext) {
        inner.onRead(plaintext);
    }

    @Override
    public void onWritable() {
        inner.onWritable();
    }

    @Override
    public boolean onInputClosed() {
        return inner.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        inner.onClose(causeOrNull);
    }
}
