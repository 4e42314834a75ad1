package io.h2scope.engine.proxy;

import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.observer.FirstOctets;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The upstream's side: the proxy is its pair.client. Its first frame must be SETTINGS, or it is not HTTP/2; after a
 * relayed {@code Upgrade: h2c} request its answer comes first in HTTP/1.1 and is relayed as it is.
 */
final class UpstreamLeg extends Leg {

    private static final int FRAME_HEADER_BYTES = FrameSizes.HEADER_LENGTH;

    private final byte[] head = new byte[FRAME_HEADER_BYTES];
    private int headBytes;
    private List<ByteBuffer> held = new ArrayList<>();
    private boolean failed;

    UpstreamLeg(ProxiedPair pair) {
        super(pair, "upstream");
    }

    /** The client's Upgrade: h2c request went ahead: the upstream answers in HTTP/1.1 first (101 or not). */
    void expectHttp1Answer() {
        held = null;
    }

    @Override
    Leg other() {
        return pair.client;
    }

    @Override
    RelayFlow outgoing() {
        return pair.toClient;
    }

    @Override
    RelayFlow incoming() {
        return pair.toUpstream;
    }

    @Override
    boolean readsClientBytes() {
        return false;
    }

    @Override
    public void onOpen(ConnectionContext context) {
        open(context, Role.CLIENT, pair.upstreamId, pair.clientId);
        if (pair.target().tls() && !TlsPolicy.H2.equals(context.alpnProtocol().orElse(null))) {
            fail("the upstream " + pair.target().authority() + " did not choose h2 by ALPN (it chose "
                    + context.alpnProtocol().map(p -> "\"" + p + "\"").orElse("none")
                    + "; RFC 9113 §3.2): it does not speak HTTP/2 over TLS");
            return;
        }
        int written = 0;
        boolean end;
        synchronized (pair) {
            if (pair.abandoned) {
                endReason = "pair.abandoned by the proxy: the client is gone or the upstream was too slow";
                context.abort();
                return;
            }
            for (ByteBuffer b = pair.early.poll(); b != null; b = pair.early.poll()) {
                written += b.remaining();
                recordWritten(b.duplicate());
                context.write(b);
            }
            pair.upstreamOpen = true;
            end = pair.earlyEnd;
        }
        context.flush();
        pair.toUpstream.drained(written);
        if (end) {
            endOutput();
        }
    }

    @Override
    void deliver(ByteBuffer bytes, int n) {
        synchronized (pair) {
            if (!pair.upstreamOpen) {
                pair.early.add(bytes);
                return;
            }
        }
        super.deliver(bytes, n);
    }

    @Override
    void deliverEnd() {
        synchronized (pair) {
            if (!pair.upstreamOpen) {
                pair.earlyEnd = true;
                return;
            }
        }
        super.deliverEnd();
    }

    @Override
    void mirrorClose(Throwable cause, String otherPeer) {
        if (pair.abandon()) {
            return; // never opened: nothing to mirror
        }
        if (ctx != null) {
            super.mirrorClose(cause, otherPeer);
        }
    }

    @Override
    public void onRead(ByteBuffer in) {
        if (failed) {
            return;
        }
        if (held == null) {
            relayRead(in);
            return;
        }
        ByteBuffer copy = copyOf(in);
        recordRead(copy.duplicate());
        for (int i = copy.position(); i < copy.limit() && headBytes < FRAME_HEADER_BYTES; i++) {
            head[headBytes++] = copy.get(i);
        }
        held.add(copy);
        if (headBytes < FRAME_HEADER_BYTES) {
            return;
        }
        if (!FirstOctets.serverPrefaceSettings(head)) {
            fail("the upstream " + pair.target().authority() + " does not speak HTTP/2: its first bytes \""
                    + firstBytes() + "\" are not a SETTINGS frame (RFC 9113 §3.4)"
                    + (pair.target().tls() ? "" : "; for an upstream over TLS give https://"));
            return;
        }
        List<ByteBuffer> verified = held;
        held = null;
        verified.forEach(this::forward);
    }

    /** Up to 32 of the bytes held so far, printable. */
    private String firstBytes() {
        ByteArrayOutputStream start = new ByteArrayOutputStream();
        for (ByteBuffer b : held) {
            byte[] some = new byte[Math.min(b.remaining(), 32 - start.size())];
            b.duplicate().get(some);
            start.writeBytes(some);
        }
        return Refusals.printable(start.toByteArray(), start.size());
    }

    /** On this leg's thread: the upstream cannot be relayed to; the client is told, this leg closed. */
    private void fail(String cause) {
        pair.client.refuse(cause);
        endReason = "closed by the proxy: " + cause;
        failed = true;
        ctx.close();
    }
}
