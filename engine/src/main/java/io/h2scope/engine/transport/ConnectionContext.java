package io.h2scope.engine.transport;

import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;

/**
 * The transport side of one connection, handed to {@link ConnectionHandler#onOpen}.
 *
 * <p><b>Threads.</b> Call these methods on the connection's thread: from a handler callback, a
 * {@link #schedule scheduled} task, or a task passed to {@link #execute}, which is how an application
 * running on its own executor comes back. Only {@link #execute}, {@link #pendingWriteBytes()},
 * {@link #remote()} and {@link #isTls()} are safe from any thread. (The plaintext NIO connection also
 * queues calls made from other threads; layers above it, like TLS, do not.)
 */
public interface ConnectionContext {

    /**
     * Queues bytes for sending; nothing is sent before {@link #flush()}. The transport takes ownership
     * of the buffer (no copy): do not change or reuse it afterwards. Ignored after close or
     * {@link #shutdownOutput()}. If queued output exceeds the transport's hard limit the connection
     * is closed with a {@link PendingWriteLimitException}: a handler should watch
     * {@link #pendingWriteBytes()} and stop producing well before that.
     */
    void write(ByteBuffer bytes);

    /** Sends what was written, as far as the socket takes it; the rest goes when the peer reads. */
    void flush();

    /**
     * {@link #write} then {@link #flush}, except that the caller keeps {@code bytes}: the transport sends
     * what it can at once and keeps a copy of the rest only, so a caller may drain into one reused
     * (direct) buffer. {@code bytes} is consumed; the same limits and rules as {@link #write} apply.
     */
    default void writeCopy(ByteBuffer bytes) {
        ByteBuffer copy = ByteBuffer.allocate(bytes.remaining());
        copy.put(bytes).flip();
        write(copy);
        flush();
    }

    /**
     * Orderly close: flushes pending output (for TLS: then close_notify), then closes. A peer that never
     * reads cannot stall it: after the transport's close-flush timeout the connection is aborted.
     */
    void close();

    /** Closes at once, discarding pending output. */
    void abort();

    /**
     * Closes at once with a TCP reset (RST instead of FIN), discarding pending output: how a relay tells its
     * peer that the other side's connection was reset. Transports without TCP abort instead.
     */
    default void reset() {
        abort();
    }

    /**
     * Stops ({@code false}) or resumes ({@code true}) reading from the peer: a relay's back-pressure, so bytes
     * wait in the peer's socket rather than in memory. Reading is on from the start; transports that cannot
     * stop it ignore this.
     */
    default void setReading(boolean on) {
    }

    /**
     * Half-close: flushes pending output, then sends FIN (for TLS: close_notify). Reading continues
     * until the peer closes too.
     */
    void shutdownOutput();

    /** The application protocol negotiated by ALPN ("h2", "http/1.1"); empty for cleartext or none. */
    Optional<String> alpnProtocol();

    /** The TLS session, for {@code TlsPolicy.check}; empty for cleartext. */
    Optional<SSLSession> sslSession();

    /** The host name of TLS's SNI extension (RFC 6066 §3), as the client sent it; empty for cleartext or none. */
    default Optional<String> serverName() {
        return Optional.empty();
    }

    /** The peer, for logs and traces, e.g. "127.0.0.1:53124". */
    String remote();

    /** Our end of the socket, when there is one (not for in-memory pipes). */
    default Optional<SocketAddress> localAddress() {
        return Optional.empty();
    }

    /** The peer's end of the socket, when there is one. */
    default Optional<SocketAddress> remoteAddress() {
        return Optional.empty();
    }

    boolean isTls();

    /**
     * An optional capability of this transport ({@link CallerAccess}), or empty. Layers that wrap a transport
     * (TLS) pass the question down when the capability covers their own state too.
     */
    default <T> Optional<T> capability(Class<T> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    /** Queues {@code task} to run on the connection's thread, in submission order; safe from any thread. */
    void execute(Runnable task);

    /** Runs {@code task} on the connection's thread after {@code delay}; timers of equal deadline run in schedule order. */
    Cancellable schedule(Runnable task, long delay, TimeUnit unit);

    /** Bytes written but not yet taken by the network (or by the in-memory peer). */
    long pendingWriteBytes();
}
