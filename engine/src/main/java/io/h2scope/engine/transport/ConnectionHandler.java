package io.h2scope.engine.transport;

import java.nio.ByteBuffer;

/**
 * The protocol side of one connection: a neutral byte pipe, so the sans-IO HTTP/2 core (or a test
 * double, the TLS layer, the h2c detector) plugs into any transport the same way.
 *
 * <p><b>Thread model.</b> Every callback of one connection runs on one thread, the event-loop thread
 * that owns it (for {@link InMemoryTransport}: the thread that drives it), never concurrently. Callbacks
 * must not block: an application that does real work hops to its own executor and comes back through
 * {@link ConnectionContext}, whose methods may be called from any thread.
 *
 * <p><b>Order.</b> {@code onOpen} first, then any number of {@code onRead}, {@code onWritable},
 * at most one {@code onInputClosed}, and exactly one {@code onClose} last. A handler whose
 * {@code onOpen} was never called (a failed connect or TLS handshake) gets no {@code onClose} either.
 * An exception thrown by a callback closes the connection with that exception as the cause.
 */
public interface ConnectionHandler {

    /** The connection is established (for TLS: the handshake is complete and ALPN is known). */
    void onOpen(ConnectionContext ctx);

    /**
     * Bytes arrived. The buffer is lent for the duration of the call only (the transport reuses it):
     * copy what must be kept. Bytes left unread in it are dropped.
     */
    void onRead(ByteBuffer plaintext);

    /**
     * Output that could not be written at once has drained: {@link ConnectionContext#pendingWriteBytes()}
     * is now 0. A handler that stopped producing because of back-pressure resumes here.
     */
    void onWritable();

    /**
     * The peer will send no more bytes (TCP FIN, TLS close_notify). Return {@code true} to keep the
     * connection open for writing (a half-close) and close it later yourself; the default
     * {@code false} lets the transport close it gracefully (pending output is flushed first).
     */
    default boolean onInputClosed() {
        return false;
    }

    /**
     * The connection is closed; called exactly once, last.
     *
     * @param causeOrNull null for an orderly close (either side), else the I/O, TLS or limit failure
     */
    void onClose(Throwable causeOrNull);
}
