package io.h2scope.engine.proxy;

import io.h2scope.engine.http1.Http1ParseException;
import io.h2scope.engine.http1.Http1Request;
import io.h2scope.engine.http1.Http1RequestParser;
import io.h2scope.engine.transport.Cancellable;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.tls.TlsLayer;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLEngine;

/**
 * An accepted client connection until it is known what to relay: with {@code --listen-tls} the TLS handshake
 * first; then the HTTP/2 preface (reverse proxy to the configured upstream), or an HTTP/1.1
 * {@code CONNECT host:port} (forward proxy), answered 200, after which the tunnel's first byte tells TLS
 * (intercepted with a certificate for the host) from h2c. From then on every callback goes to the chosen
 * handler. Whatever cannot be relayed is refused with one line saying why, to the client and the console.
 */
final class FrontDoor implements ConnectionHandler {

    private static final byte TLS_HANDSHAKE_RECORD = 0x16;
    private static final byte[] CONNECTED = "HTTP/1.1 200 Connection established\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private final RecordingProxy proxy;
    private final boolean insideTls;
    /** The pair once there is one; shared with the TLS front door inside, for the deadline. */
    private final AtomicReference<ProxiedPair> pair;
    private ConnectionContext ctx;
    private ConnectionHandler next;
    private Http1RequestParser connectHead;
    private Upstream tunnelTarget;
    private Cancellable deadline;
    /** Bytes after the CONNECT head while the target is dialled; null when not dialling. */
    private java.io.ByteArrayOutputStream dialling;

    FrontDoor(RecordingProxy proxy) {
        this(proxy, false, new AtomicReference<>());
    }

    private FrontDoor(RecordingProxy proxy, boolean insideTls, AtomicReference<ProxiedPair> pair) {
        this.proxy = proxy;
        this.insideTls = insideTls;
        this.pair = pair;
    }

    @Override
    public void onOpen(ConnectionContext context) {
        ctx = context;
        if (insideTls) {
            return;
        }
        long millis = proxy.config().limits().handshakeTimeout().toMillis();
        deadline = context.schedule(() -> {
            ProxiedPair p = pair.get();
            if (p == null || !p.clientBegan()) {
                notice("the client sent no complete HTTP/2 connection preface (nor an Upgrade: h2c request head) within " + millis
                        + " ms (--handshake-timeout); closed");
                context.abort();
            }
        }, millis, TimeUnit.MILLISECONDS);
        if (proxy.config().listenTls() != null) {
            TlsLayer tls = TlsLayer.server(proxy.config().listenTls(), new FrontDoor(proxy, true, pair));
            tls.handshake().whenComplete((session, failure) -> {
                if (failure != null) {
                    notice("the TLS handshake with the client failed (" + ProxiedPair.describe(failure) + ")");
                }
            });
            choose(tls, ByteBuffer.allocate(0));
        }
    }

    @Override
    public void onRead(ByteBuffer in) {
        if (next != null) {
            next.onRead(in);
        } else if (dialling != null) { // a client that does not wait for the 200: kept, within the head's limit
            if (dialling.size() + in.remaining() > proxy.config().limits().maxConnectHeadBytes()) {
                refuseHttp1(400, "Bad Request", "the client sent more than " + proxy.config().limits()
                        .maxConnectHeadBytes() + " bytes before the CONNECT was answered (--max-connect-head)");
                return;
            }
            dialling.writeBytes(remaining(in));
        } else if (tunnelTarget != null) {
            tunnel(in);
        } else if (connectHead != null) {
            connect(in);
        } else if (!insideTls && in.get(in.position()) == 'C') {
            connectHead = new Http1RequestParser(proxy.config().limits().maxConnectHeadBytes());
            connect(in);
        } else if (!insideTls && in.get(in.position()) == TLS_HANDSHAKE_RECORD) {
            notice("the client began TLS on a cleartext listener: start the proxy with --listen-tls, or send"
                    + " CONNECT host:port first; closed");
            ctx.close();
        } else if (proxy.config().upstream() == null) {
            refuseHttp1(400, "Bad Request", "this proxy has no --upstream: send CONNECT host:port, then HTTP/2");
        } else {
            choose(relay(proxy.config().upstream()).client, in); // the client leg checks the preface
        }
    }

    /** The CONNECT request head, as it comes; once whole, the tunnel is answered and its first byte awaited. */
    private void connect(ByteBuffer in) {
        Optional<Http1Request> request;
        try {
            request = connectHead.feed(in);
        } catch (Http1ParseException e) {
            refuseHttp1(e.status(), e.status() == 431 ? "Request Header Fields Too Large" : "Bad Request",
                    "the CONNECT request is not valid HTTP/1.1 (" + e.getMessage() + ")"
                            + (e.status() == 431 ? "; --max-connect-head raises the limit" : ""));
            return;
        }
        if (request.isEmpty()) {
            return;
        }
        Http1Request r = request.get();
        if (!"CONNECT".equals(r.method())) {
            refuseHttp1(501, "Not Implemented", "the forward proxy relays CONNECT host:port only (then HTTP/2 inside),"
                    + " not " + r.method() + " " + r.target());
            return;
        }
        Upstream target;
        try {
            target = authority(r.target());
        } catch (IllegalArgumentException e) {
            refuseHttp1(400, "Bad Request", "CONNECT " + r.target() + ": " + e.getMessage()
                    + " (RFC 9110 §9.3.6: the target is host:port)");
            return;
        }
        connectHead = null;
        dialling = new java.io.ByteArrayOutputStream();
        dialling.writeBytes(remaining(in));
        ProxiedPair relayed = relay(target);
        relayed.dial().whenComplete((tcp, failure) -> ctx.execute(() -> {
            if (failure != null) {
                refuseHttp1(502, "Bad Gateway", "the CONNECT target " + target.authority() + " cannot be reached ("
                        + ProxiedPair.describe(failure) + ")");
                return;
            }
            ByteBuffer early = ByteBuffer.wrap(dialling.toByteArray());
            dialling = null;
            tunnelTarget = target;
            ctx.write(ByteBuffer.wrap(CONNECTED));
            ctx.flush();
            if (early.hasRemaining()) {
                tunnel(early);
            }
        }));
    }

    private static byte[] remaining(ByteBuffer in) {
        byte[] rest = new byte[in.remaining()];
        in.get(rest);
        return rest;
    }

    /** The tunnel's first byte: a TLS record is intercepted, anything else is relayed as h2c. */
    private void tunnel(ByteBuffer in) {
        ProxiedPair relayed = pair.get();
        if (in.get(in.position()) != TLS_HANDSHAKE_RECORD) {
            relayed.start(false);
            choose(relayed.client, in);
            return;
        }
        if (proxy.interception() == null) {
            relayed.client.closedBeforeOpen();
            notice("TLS inside CONNECT " + tunnelTarget.authority() + " needs a CA to intercept it: start the proxy"
                    + " with --ca DIR; closed");
            ctx.close();
            return;
        }
        relayed.start(true);
        SSLEngine engine = proxy.interception().createSSLEngine(tunnelTarget.host(), tunnelTarget.port());
        TlsPolicy.configureServer(engine);
        TlsLayer tls = new TlsLayer(engine, relayed.client, null);
        String caFile = String.valueOf(proxy.config().authority().certificateFile());
        tls.handshake().whenComplete((session, failure) -> {
            if (failure != null) {
                notice("the TLS handshake with the client for " + tunnelTarget.authority() + " failed ("
                        + ProxiedPair.describe(failure) + "); does the client trust the proxy's CA " + caFile + "?");
            }
        });
        choose(tls, in);
    }

    private ProxiedPair relay(Upstream target) {
        ProxiedPair created = proxy.newPair(target, ctx);
        pair.set(created);
        return created;
    }

    /** Hands the connection to {@code handler}: opened on this context, then given the rest of this read. */
    private void choose(ConnectionHandler handler, ByteBuffer rest) {
        next = handler;
        handler.onOpen(ctx);
        if (rest.hasRemaining()) {
            handler.onRead(rest);
        }
    }

    private void refuseHttp1(int status, String reason, String cause) {
        ProxiedPair relayed = pair.get();
        if (relayed != null) {
            relayed.client.closedBeforeOpen();
        }
        dialling = null;
        notice(cause + "; answered " + status + " and closed");
        ctx.write(Refusals.http1(status, reason, "h2scope proxy: " + cause));
        ctx.close();
        next = new Discard();
    }

    private void notice(String text) {
        proxy.config().notices().accept("h2scope proxy: client " + (ctx == null ? "?" : ctx.remote()) + ": " + text);
    }

    /** host:port of a CONNECT request (authority-form), IPv6 literals in brackets. */
    static Upstream authority(String target) {
        int colon = target.lastIndexOf(':');
        if (colon <= 0 || colon == target.length() - 1) {
            throw new IllegalArgumentException("no port");
        }
        String host = target.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.indexOf(':') >= 0 || host.indexOf('/') >= 0 || host.indexOf('@') >= 0) {
            throw new IllegalArgumentException("'" + host + "' is not a host name");
        }
        int port;
        try {
            port = Integer.parseInt(target.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + target.substring(colon + 1) + "' is not a port");
        }
        return new Upstream(host, port, false);
    }

    @Override
    public void onWritable() {
        if (next != null) {
            next.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        return next != null && next.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (deadline != null) {
            deadline.cancel();
        }
        if (next != null) {
            next.onClose(causeOrNull);
        }
        ProxiedPair relayed = pair.get();
        if (relayed != null && !insideTls) {
            relayed.client.closedBeforeOpen(); // an upstream dialled for a client leg that never opened (no-op otherwise)
        }
    }

    /** After a refusal: what the client still sends is dropped. */
    private static final class Discard implements ConnectionHandler {
        @Override
        public void onOpen(ConnectionContext ctx) {
        }

        @Override
        public void onRead(ByteBuffer plaintext) {
        }

        @Override
        public void onWritable() {
        }

        @Override
        public void onClose(Throwable causeOrNull) {
        }
    }
}
