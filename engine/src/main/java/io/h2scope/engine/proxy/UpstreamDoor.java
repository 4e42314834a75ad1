package io.h2scope.engine.proxy;

import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * The upstream's TCP connection until it is known what runs over it: for CONNECT the proxy dials before it
 * answers 200 (so an unreachable target gets a 502), and only the tunnel's first byte tells whether the
 * upstream leg is TLS. What the upstream sends meanwhile is kept, up to the relay buffer (then it is not read),
 * and given to the handler once {@link #install installed}.
 */
final class UpstreamDoor implements ConnectionHandler {

    private final ProxiedPair pair;
    private ConnectionContext ctx;
    private ConnectionHandler next;
    private boolean installed;
    private boolean closed;
    private final ArrayDeque<ByteBuffer> early = new ArrayDeque<>();
    private long earlyBytes;

    UpstreamDoor(ProxiedPair pair) {
        this.pair = pair;
    }

    /** From any thread: {@code handler} takes the connection, now or once it is open. */
    void install(ConnectionHandler handler) {
        ConnectionContext open;
        synchronized (this) {
            next = handler;
            open = ctx;
        }
        if (open != null) {
            open.execute(this::openNext);
        }
    }

    @Override
    public void onOpen(ConnectionContext context) {
        synchronized (this) {
            ctx = context;
            if (next == null) {
                return;
            }
        }
        openNext();
    }

    /** On the connection's thread. */
    private void openNext() {
        if (installed || closed) {
            return;
        }
        installed = true;
        next.onOpen(ctx);
        ctx.flush(); // as the transport does after onOpen: a TLS layer's ClientHello is written, not flushed
        for (ByteBuffer b = early.poll(); b != null; b = early.poll()) {
            next.onRead(b);
        }
        ctx.setReading(true);
    }

    @Override
    public void onRead(ByteBuffer bytes) {
        if (installed) {
            next.onRead(bytes);
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(bytes.remaining());
        copy.put(bytes).flip();
        early.add(copy);
        earlyBytes += copy.remaining();
        if (earlyBytes > pair.relayBufferBytes()) {
            ctx.setReading(false);
        }
    }

    @Override
    public void onWritable() {
        if (installed) {
            next.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        return installed && next.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        closed = true;
        if (installed) {
            next.onClose(causeOrNull);
        } else {
            pair.lostBeforeStart(causeOrNull);
        }
    }
}
