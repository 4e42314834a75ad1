package io.h2scope.engine.proxy;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.http1.Http1Limits;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The client's side: the proxy is its server. Nothing is dialled before the client's preface is complete. */
final class ClientLeg extends Leg {

    private static final byte[] PREFACE = Preface.bytes();

    volatile boolean began;
    private int matched;
    /** The client's HTTP/1.1 request head while it comes: an {@code Upgrade: h2c} is relayed whole (RFC 7540 §3.2). */
    private Http1RequestParser upgradeHead;
    private final byte[] firstBytes = new byte[32];
    private volatile String pendingRefusal;
    // guarded by the pair: what the upstream leg handed over before this leg opened
    private boolean opened;
    private final ArrayDeque<Runnable> beforeOpen = new ArrayDeque<>();
    private boolean refused;

    ClientLeg(ProxiedPair pair) {
        super(pair, "client");
    }

    @Override
    Leg other() {
        return pair.upstream;
    }

    @Override
    RelayFlow outgoing() {
        return pair.toUpstream;
    }

    @Override
    RelayFlow incoming() {
        return pair.toClient;
    }

    @Override
    boolean readsClientBytes() {
        return true;
    }

    @Override
    public void onOpen(ConnectionContext context) {
        open(context, Role.SERVER, pair.clientId, pair.upstreamId);
        List<Runnable> waiting;
        synchronized (pair) {
            opened = true;
            waiting = new ArrayList<>(beforeOpen);
            beforeOpen.clear();
        }
        waiting.forEach(Runnable::run);
        if (pendingRefusal != null) {
            refuse(pendingRefusal);
            return;
        }
        if (context.isTls() && !TlsPolicy.H2.equals(context.alpnProtocol().orElse(null))) {
            refused = true;
            String cause = "the client did not choose h2 by ALPN (it chose "
                    + context.alpnProtocol().map(p -> "\"" + p + "\"").orElse("none")
                    + "; RFC 9113 §3.2): the proxy relays HTTP/2 only";
            pair.notice(cause + "; closed");
            endReason = "refused: " + cause;
            context.close();
        }
    }

    @Override
    public void onRead(ByteBuffer in) {
        if (refused) {
            return;
        }
        if (began) {
            relayRead(in);
            return;
        }
        if (upgradeHead != null) {
            upgradeRequest(in);
            return;
        }
        int at = in.position();
        while (matched < PREFACE.length && at < in.limit()) {
            byte b = in.get(at);
            firstBytes[matched] = b;
            if (b != PREFACE[matched]) {
                if (!pair.target().tls() && Http1RequestParser.mayBeginRequestLine(Arrays.copyOf(firstBytes, matched + 1))) {
                    upgradeHead = new Http1RequestParser(Http1Limits.defaults().maxHeaderBytes());
                    upgradeHead.feed(ByteBuffer.wrap(Arrays.copyOf(PREFACE, matched))); // relayed already
                    upgradeRequest(in);
                    return;
                }
                notHttp2(in, at - in.position());
                return;
            }
            matched++;
            at++;
        }
        relayRead(in);
        if (matched == PREFACE.length) {
            began = true;
            pair.start(pair.target().tls()); // for CONNECT the tunnel's first byte has started it already
        }
    }

    /**
     * An HTTP/1.1 request head, relayed as it comes (to the upstream once dialled): with {@code Upgrade: h2c} the
     * upstream is dialled and everything after is relayed both ways unchanged, the 101 (or a refusal) included;
     * without it, or over the head limit, the client is refused as one that does not speak HTTP/2.
     */
    private void upgradeRequest(ByteBuffer in) {
        java.util.Optional<Http1Request> head;
        try {
            head = upgradeHead.feed(in.duplicate());
        } catch (Http1ParseException e) {
            refuseHttp1("its HTTP/1.1 request cannot be relayed (" + e.getMessage() + ")", in);
            return;
        }
        if (head.isPresent() && !head.get().hasToken("Upgrade", "h2c")) {
            refuseHttp1("its HTTP/1.1 request (" + head.get().method() + " " + head.get().target() + ") does not ask"
                    + " for Upgrade: h2c", in);
            return;
        }
        relayRead(in);
        if (head.isPresent()) {
            began = true;
            pair.upstream.expectHttp1Answer();
            pair.start(false);
        }
    }

    private void refuseHttp1(String why, ByteBuffer in) {
        recordRead(copyOf(in));
        refused = true;
        pair.abandon();
        String cause = "the client sent neither the HTTP/2 connection preface (RFC 9113 §3.4) nor an HTTP/1.1"
                + " Upgrade: h2c request (RFC 7540 §3.2): " + why;
        pair.notice(cause + "; closed");
        endReason = "refused: " + cause;
        ctx.write(Refusals.http1(505, "HTTP Version Not Supported", "h2scope proxy: " + cause));
        ctx.close();
    }

    /** The client's first bytes are not the HTTP/2 preface: recorded (the observer names the rule), not relayed. */
    private void notHttp2(ByteBuffer in, int checked) {
        int known = matched + 1;
        for (int i = checked + 1; i < in.remaining() && known < firstBytes.length; i++) {
            firstBytes[known++] = in.get(in.position() + i);
        }
        recordRead(copyOf(in));
        refused = true;
        pair.abandon();
        String seen = Refusals.printable(firstBytes, known);
        String cause = "the client did not send the HTTP/2 connection preface (RFC 9113 §3.4; it began with \""
                + seen + "\"): connect with HTTP/2 prior knowledge (curl --http2-prior-knowledge)"
                + (pair.config.listenTls() == null ? ", or send CONNECT host:port first" : "");
        pair.notice(cause + "; closed");
        endReason = "refused: " + cause;
        if (seen.matches("[A-Z]+ \\S+ HTTP/1.*")) {
            ctx.write(Refusals.http1(505, "HTTP Version Not Supported", "h2scope proxy: " + cause));
        }
        ctx.close();
    }

    /** The client went away, or was refused, before this leg opened: the dialled upstream is given up. */
    void closedBeforeOpen() {
        synchronized (pair) {
            if (opened) {
                return; // this leg's own close mirrors
            }
        }
        if (!pair.abandon() && pair.upstream.ctx != null) {
            pair.upstream.mirrorClose(null, "client");
        }
    }

    /** Whether {@code task} waits for this leg to open (the upstream may answer during the client's TLS handshake). */
    private boolean whenOpen(Runnable task) {
        synchronized (pair) {
            if (opened) {
                return false;
            }
            beforeOpen.add(task);
            return true;
        }
    }

    @Override
    void deliver(ByteBuffer bytes, int n) {
        if (!whenOpen(() -> writeOut(bytes, n))) {
            super.deliver(bytes, n);
        }
    }

    @Override
    void deliverEnd() {
        if (!whenOpen(this::endOutput)) {
            super.deliverEnd();
        }
    }

    @Override
    void mirrorClose(Throwable cause, String otherPeer) {
        if (!whenOpen(() -> ClientLeg.super.mirrorClose(cause, otherPeer))) {
            super.mirrorClose(cause, otherPeer);
        }
    }

    /** From any thread: the upstream cannot be relayed to; tell the HTTP/2 client why, once, and close. */
    void refuse(String cause) {
        ConnectionContext c = ctx;
        if (c == null) { // CONNECT: the tunnel has not reached the client leg yet
            pendingRefusal = cause;
            return;
        }
        c.execute(() -> {
            if (refused || closed) {
                return;
            }
            refused = true;
            pair.notice(cause + "; sent GOAWAY INTERNAL_ERROR to the client and closed");
            endReason = "refused: " + cause;
            ByteBuffer goAway = Refusals.goAway(cause);
            recordWritten(goAway.duplicate());
            c.write(goAway);
            c.close();
        });
    }
}
