package io.h2scope.engine.transport.tls;

import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;

/**
 * TLS over {@link SSLEngine}, as a layer between a ciphertext transport and a plaintext handler: this
 * is a {@link ConnectionHandler} to the transport and gives the inner handler a
 * {@link ConnectionContext} ({@link TlsContext}) of its own, so HTTP/2 sees the same pipe either way.
 *
 * <p>The inner handler's {@code onOpen} runs when the handshake is complete, so ALPN is known there.
 * A failed handshake completes {@link #handshake()} exceptionally and never reaches the inner handler.
 * Plaintext written by the inner handler is encrypted on {@code flush()} (several writes share records).
 *
 * <p><b>Delegated tasks</b> (certificate checks, key exchange: about a millisecond) run inline on the
 * connection's thread by default; pass an executor to run them there instead: the handshake then
 * resumes on the connection's thread via {@link ConnectionContext#execute}.
 */
public final class TlsLayer implements ConnectionHandler {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    /** Ciphertext buffered while waiting for delegated tasks; past it the peer is flooding the handshake. */
    static final int MAX_BUFFERED_CIPHERTEXT = 1 << 20;
    private static final ByteBuffer[] NOTHING = {};

    private final SSLEngine engine;
    private final ConnectionHandler inner;
    private final Executor delegatedTasks;
    private final CompletableFuture<SSLSession> handshake = new CompletableFuture<>();
    final TlsContext context = new TlsContext(this);
    ConnectionContext outer;
    private ByteBuffer netIn;
    private ByteBuffer appIn;
    private ByteBuffer netOut;
    private boolean handshakeDone;
    /** The peer's first bytes have been seen ({@link FirstRecordCheck}). */
    private boolean sawInput;
    private boolean innerOpened;
    private boolean innerClosed;
    private boolean tasksRunning;
    private boolean peerClosed;
    private boolean peerCloseReported;
    private boolean innerKeepsOutput;
    boolean outerClosed;
    boolean closing;
    private Throwable failure;

    /** @param delegatedTasks where to run the engine's delegated tasks; null: inline */
    public TlsLayer(SSLEngine engine, ConnectionHandler inner, Executor delegatedTasks) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.inner = Objects.requireNonNull(inner, "inner");
        this.delegatedTasks = delegatedTasks;
    }

    /** A server layer with {@link TlsPolicy#configureServer} applied. */
    public static TlsLayer server(SSLContext sslContext, ConnectionHandler inner) {
        SSLEngine engine = sslContext.createSSLEngine();
        TlsPolicy.configureServer(engine);
        return new TlsLayer(engine, inner, null);
    }

    /** A client layer offering {@code alpn} (normally just "h2") with SNI and, unless told otherwise, hostname checks. */
    public static TlsLayer client(SSLContext sslContext, String host, int port, List<String> alpn,
                                  boolean verifyHostname, ConnectionHandler inner) {
        SSLEngine engine = sslContext.createSSLEngine(host, port);
        TlsPolicy.configureClient(engine, alpn, verifyHostname);
        return new TlsLayer(engine, inner, null);
    }

    /** Completes with the session when the handshake is done, or exceptionally if it fails. */
    public CompletableFuture<SSLSession> handshake() {
        return handshake;
    }

    SSLEngine engine() {
        return engine;
    }

    @Override
    public void onOpen(ConnectionContext ctx) {
        this.outer = ctx;
        SSLSession session = engine.getSession();
        netIn = ByteBuffer.allocate(session.getPacketBufferSize());
        appIn = ByteBuffer.allocate(session.getApplicationBufferSize());
        netOut = ByteBuffer.allocate(session.getPacketBufferSize());
        try {
            engine.beginHandshake();
        } catch (SSLException e) {
            fail(e);
            return;
        }
        process();
    }

    @Override
    public void onRead(ByteBuffer ciphertext) {
        if (outerClosed || peerClosed) {
            return;
        }
        if (!sawInput && ciphertext.hasRemaining()) {
            sawInput = true;
            SSLException notTls = FirstRecordCheck.check(ciphertext, !engine.getUseClientMode());
            if (notTls != null) {
                refuseNotTls(notTls);
                return;
            }
        }
        if (netIn.remaining() < ciphertext.remaining()) {
            int needed = netIn.position() + ciphertext.remaining();
            if (needed > MAX_BUFFERED_CIPHERTEXT) {
                fail(new SSLException("more than " + MAX_BUFFERED_CIPHERTEXT + " bytes of unprocessed TLS input"));
                return;
            }
            netIn = grow(netIn, needed);
        }
        netIn.put(ciphertext);
        process();
    }

    @Override
    public void onWritable() {
        if (innerOpened && !innerClosed) {
            guardInner(inner::onWritable);
        }
    }

    @Override
    public boolean onInputClosed() {
        if (peerCloseReported) {
            return innerKeepsOutput;
        }
        if (!handshakeDone) {
            fail(new SSLHandshakeException("peer closed the connection during the TLS handshake"));
            return true;
        }
        try {
            engine.closeInbound(); // throws when the peer sent no close_notify: a truncation, harmless for HTTP/2 framing
        } catch (SSLException e) {
            LOG.log(System.Logger.Level.DEBUG, outer.remote() + ": " + e.getMessage());
        }
        peerClosed = true;
        reportPeerClose();
        return true; // we either keep writing or have started our own close (close_notify first)
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        outerClosed = true;
        Throwable cause = failure != null ? failure : causeOrNull;
        if (!handshakeDone) {
            handshake.completeExceptionally(cause != null ? cause
                    : new SSLHandshakeException("connection closed during the TLS handshake"));
        }
        if (innerOpened && !innerClosed) {
            innerClosed = true;
            inner.onClose(cause);
        }
    }

    /** Runs the engine until it needs more input: handshake steps, decryption, and delivery. */
    void process() {
        try {
            boolean progress = true;
            while (progress && !outerClosed && !tasksRunning) {
                HandshakeStatus status = engine.getHandshakeStatus();
                refuseRenegotiation(status);
                progress = switch (status) {
                    case NEED_TASK -> runDelegatedTasks();
                    case NEED_WRAP -> wrap(NOTHING);
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> unwrap();
                    case FINISHED, NOT_HANDSHAKING -> {
                        handshakeComplete();
                        yield unwrap();
                    }
                };
            }
            deliverPlaintext();
            if (peerClosed && !outerClosed) {
                reportPeerClose();
            }
            if (!outerClosed) {
                outer.flush();
            }
        } catch (SSLException e) {
            deliverPlaintext(); // what the records before the bad one said, then the failure
            fail(e);
        }
    }

    private void refuseRenegotiation(HandshakeStatus status) throws SSLException {
        boolean handshaking = status != HandshakeStatus.NOT_HANDSHAKING && status != HandshakeStatus.FINISHED;
        if (handshakeDone && handshaking && !closing && !peerClosed
                && "TLSv1.2".equals(engine.getSession().getProtocol())) {
            // RFC9113 §9.2.1: "An endpoint MUST treat a TLS renegotiation as a connection error ... of type PROTOCOL_ERROR"
            throw new SSLException("RFC 9113 §9.2.1: TLS 1.2 renegotiation refused (PROTOCOL_ERROR)");
        }
    }

    private void handshakeComplete() {
        if (handshakeDone) {
            return;
        }
        handshakeDone = true;
        SSLSession session = engine.getSession();
        handshake.complete(session);
        innerOpened = true;
        guardInner(() -> inner.onOpen(context));
    }

    private boolean unwrap() throws SSLException {
        boolean again = engine.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP_AGAIN;
        if ((netIn.position() == 0 && !again) || engine.isInboundDone()) {
            return false;
        }
        netIn.flip();
        SSLEngineResult result;
        try {
            result = engine.unwrap(netIn, appIn);
        } finally {
            netIn.compact();
        }
        boolean progress = result.bytesConsumed() > 0 || result.bytesProduced() > 0;
        switch (result.getStatus()) {
            // the records of one read are decrypted into appIn together and handed on as one (process() ends
            // with the delivery): one call of the inner handler, and of what it does per call, for them all
            case OK -> { }
            case BUFFER_OVERFLOW -> {
                deliverPlaintext();
                if (appIn.position() > 0 || appIn.capacity() < engine.getSession().getApplicationBufferSize()) {
                    appIn = grow(appIn, Math.max(appIn.capacity() * 2, engine.getSession().getApplicationBufferSize()));
                }
                progress = true;
            }
            case BUFFER_UNDERFLOW -> {
                int packet = engine.getSession().getPacketBufferSize();
                if (netIn.capacity() < packet) {
                    netIn = grow(netIn, packet); // a record larger than the buffer: more input completes it
                }
                progress = false;
            }
            case CLOSED -> {
                // RFC 8446 §6.1 close_notify: the peer sends no more; our reply (if any) is the next NEED_WRAP
                deliverPlaintext();
                peerClosed = true;
            }
        }
        return progress;
    }

    private void deliverPlaintext() {
        if (appIn.position() == 0 || !innerOpened || innerClosed) {
            return;
        }
        appIn.flip();
        guardInner(() -> inner.onRead(appIn));
        appIn.clear();
    }

    /** Encrypts {@code sources} (or produces handshake/alert records) and hands the records to the transport. */
    boolean wrap(ByteBuffer[] sources) throws SSLException {
        netOut.clear();
        SSLEngineResult result = engine.wrap(sources, netOut);
        if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            netOut = ByteBuffer.allocate(Math.max(netOut.capacity() * 2, engine.getSession().getPacketBufferSize()));
            return true;
        }
        if (result.bytesProduced() > 0) {
            netOut.flip();
            ByteBuffer record = ByteBuffer.allocate(netOut.remaining());
            record.put(netOut).flip();
            outer.write(record); // a copy: the transport keeps it while netOut is reused
        }
        return result.bytesProduced() > 0 || result.bytesConsumed() > 0;
    }

    boolean handshakeDone() {
        return handshakeDone;
    }

    private boolean runDelegatedTasks() {
        if (delegatedTasks == null) {
            Runnable task;
            while ((task = engine.getDelegatedTask()) != null) {
                task.run();
            }
            return true;
        }
        tasksRunning = true;
        delegatedTasks.execute(() -> {
            Runnable task;
            while ((task = engine.getDelegatedTask()) != null) {
                task.run();
            }
            outer.execute(() -> {
                tasksRunning = false;
                process();
            });
        });
        return false;
    }

    private void reportPeerClose() {
        if (peerCloseReported) {
            return;
        }
        peerCloseReported = true;
        if (!innerOpened) {
            fail(new SSLHandshakeException("peer sent close_notify during the TLS handshake"));
            return;
        }
        boolean[] keep = new boolean[1];
        guardInner(() -> keep[0] = inner.onInputClosed());
        innerKeepsOutput = keep[0];
        if (!keep[0]) {
            context.close();
        }
    }

    /** A TLS failure: flush the alert the engine has for the peer, then close; the cause goes to the inner handler. */
    void fail(Throwable cause) {
        if (failure == null) {
            failure = cause;
        }
        handshake.completeExceptionally(cause);
        if (outerClosed || outer == null) {
            return;
        }
        try {
            for (int i = 0; i < 4 && engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP; i++) {
                wrap(NOTHING);
            }
        } catch (SSLException | RuntimeException ignored) {
            // the alert is a courtesy; the close below is what matters
        }
        outer.close();
    }

    /** The peer does not speak TLS: a server says so with unexpected_message, a client just closes. */
    private void refuseNotTls(SSLException cause) {
        failure = cause;
        handshake.completeExceptionally(cause);
        if (!engine.getUseClientMode()) {
            outer.write(FirstRecordCheck.unexpectedMessageAlert());
        }
        outer.close();
    }

    /** Runs an inner-handler callback; if it throws, the connection fails with its exception. */
    void guardInner(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private static ByteBuffer grow(ByteBuffer buffer, int capacity) {
        ByteBuffer bigger = ByteBuffer.allocate(capacity);
        buffer.flip();
        bigger.put(buffer);
        return bigger;
    }
}
