package io.h2scope.engine.transport.tls;

import io.h2scope.engine.transport.Cancellable;
import io.h2scope.engine.transport.ConnectionContext;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

/**
 * What the handler above TLS sees: plaintext in, plaintext out. Writes queue plaintext; {@link #flush()}
 * encrypts all of it (several small writes share records) and flushes the transport. Confined to the
 * connection's thread.
 */
final class TlsContext implements ConnectionContext {

    private static final int GATHER = 16;

    private final TlsLayer layer;
    private final ArrayDeque<ByteBuffer> plaintext = new ArrayDeque<>();
    private long plaintextBytes;
    private boolean outputDone;

    TlsContext(TlsLayer layer) {
        this.layer = layer;
    }

    @Override
    public void write(ByteBuffer bytes) {
        if (outputDone || layer.outerClosed || !bytes.hasRemaining()) {
            return;
        }
        plaintext.add(bytes);
        plaintextBytes += bytes.remaining();
    }

    @Override
    public void flush() {
        if (layer.outerClosed || !layer.handshakeDone()) {
            return;
        }
        try {
            encryptPending();
        } catch (SSLException e) {
            layer.fail(e);
            return;
        }
        layer.outer.flush();
    }

    private void encryptPending() throws SSLException {
        ByteBuffer[] batch = new ByteBuffer[GATHER];
        while (plaintextBytes > 0 && !layer.engine().isOutboundDone()) {
            int count = 0;
            long before = 0;
            for (ByteBuffer b : plaintext) {
                batch[count++] = b;
                before += b.remaining();
                if (count == GATHER) {
                    break;
                }
            }
            ByteBuffer[] sources = count == GATHER ? batch : java.util.Arrays.copyOf(batch, count);
            boolean progress = layer.wrap(sources);
            long after = 0;
            for (int i = 0; i < count; i++) {
                after += sources[i].remaining();
            }
            plaintextBytes -= before - after;
            while (!plaintext.isEmpty() && !plaintext.peek().hasRemaining()) {
                plaintext.poll();
            }
            if (!progress) {
                return;
            }
        }
    }

    /** Orderly close: pending plaintext, then close_notify, then the transport's orderly close. */
    @Override
    public void close() {
        if (layer.outerClosed) {
            return;
        }
        if (layer.closing) { // after shutdownOutput (close_notify sent) or a close under way: the TCP close follows
            layer.outer.close();
            return;
        }
        flush();
        layer.closing = true;
        sendCloseNotify();
        if (!layer.outerClosed) {
            layer.outer.close();
        }
    }

    @Override
    public void abort() {
        if (!layer.outerClosed) {
            layer.outer.abort();
        }
    }

    /** A TCP reset beneath, without close_notify: the peer must see the reset, not an orderly end. */
    @Override
    public void reset() {
        if (!layer.outerClosed) {
            layer.outer.reset();
        }
    }

    /** Stops or resumes reading the ciphertext beneath; what TLS already decrypted is delivered. */
    @Override
    public void setReading(boolean on) {
        if (!layer.outerClosed && layer.outer != null) {
            layer.outer.setReading(on);
        }
    }

    /** Half-close: pending plaintext, then close_notify, then TCP FIN; reading goes on (TLS 1.3 allows it). */
    @Override
    public void shutdownOutput() {
        if (outputDone || layer.outerClosed) {
            return;
        }
        flush();
        layer.closing = true;
        sendCloseNotify();
        if (!layer.outerClosed) {
            layer.outer.shutdownOutput();
        }
    }

    private void sendCloseNotify() {
        outputDone = true;
        plaintext.clear();
        plaintextBytes = 0;
        if (!layer.handshakeDone()) {
            return;
        }
        layer.engine().closeOutbound();
        try {
            for (int i = 0; i < 4 && !layer.engine().isOutboundDone(); i++) {
                if (!layer.wrap(new ByteBuffer[0])) {
                    break;
                }
            }
        } catch (SSLException e) {
            layer.fail(e);
            return;
        }
        layer.outer.flush();
    }

    @Override
    public Optional<String> alpnProtocol() {
        String protocol = layer.engine().getApplicationProtocol();
        return protocol == null || protocol.isEmpty() ? Optional.empty() : Optional.of(protocol);
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return Optional.of(layer.engine().getSession());
    }

    @Override
    public Optional<String> serverName() {
        SSLEngine engine = layer.engine();
        List<SNIServerName> names;
        if (engine.getUseClientMode()) {
            names = engine.getSSLParameters().getServerNames();
        } else if (engine.getSession() instanceof ExtendedSSLSession session) {
            names = requestedServerNames(session);
        } else {
            names = List.of();
        }
        for (SNIServerName name : names == null ? List.<SNIServerName>of() : names) {
            if (name instanceof SNIHostName host) {
                return Optional.of(host.getAsciiName());
            }
        }
        return Optional.empty();
    }

    /**
     * The names a server's session was asked for; none where the provider cannot tell after the handshake
     * (BouncyCastle's JSSE, the key-logging contexts, throws): the trace then lacks the SNI, the connection goes on.
     */
    private static List<SNIServerName> requestedServerNames(ExtendedSSLSession session) {
        try {
            return session.getRequestedServerNames();
        } catch (UnsupportedOperationException e) {
            return List.of();
        }
    }

    @Override
    public String remote() {
        return layer.outer.remote();
    }

    @Override
    public Optional<SocketAddress> localAddress() {
        return layer.outer.localAddress();
    }

    @Override
    public Optional<SocketAddress> remoteAddress() {
        return layer.outer.remoteAddress();
    }

    @Override
    public boolean isTls() {
        return true;
    }

    /** TLS state is touched only by whoever works on the TCP connection beneath, so its capabilities are this layer's too. */
    @Override
    public <T> Optional<T> capability(Class<T> type) {
        return layer.outer.capability(type);
    }

    @Override
    public void execute(Runnable task) {
        layer.outer.execute(task);
    }

    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        return layer.outer.schedule(task, delay, unit);
    }

    @Override
    public long pendingWriteBytes() {
        return plaintextBytes + (layer.outer == null ? 0 : layer.outer.pendingWriteBytes());
    }
}
