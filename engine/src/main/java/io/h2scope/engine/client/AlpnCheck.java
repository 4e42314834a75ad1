package io.h2scope.engine.client;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Between the TLS layer and the HTTP/2 driver: lets the connection through only when ALPN selected
 * "h2" and the session meets RFC 9113 §9.2; otherwise closes it before a single HTTP/2 byte is sent
 * and reports why, naming what the server selected.
 */
final class AlpnCheck implements ConnectionHandler {

    private final ConnectionHandler inner;
    private final Route route;
    private final ClientConnection conn;
    private boolean passed;

    AlpnCheck(ConnectionHandler inner, Route route, ClientConnection conn) {
        this.inner = inner;
        this.route = route;
        this.conn = conn;
    }

    @Override
    public void onOpen(ConnectionContext ctx) {
        String selected = ctx.alpnProtocol().orElse("");
        if (!TlsPolicy.H2.equals(selected)) {
            // RFC9113 §3.2: "HTTP/2 over TLS uses the "h2" protocol identifier"
            route.gone(conn, new ProtocolNegotiationException(route.host + ":" + route.port, selected, null));
            ctx.close();
            return;
        }
        Optional<ConnectionError> weak = ctx.sslSession().flatMap(TlsPolicy::check);
        if (weak.isPresent()) {
            route.gone(conn, new IOException("TLS session unfit for HTTP/2: " + weak.get().getMessage()));
            ctx.close();
            return;
        }
        passed = true;
        inner.onOpen(ctx);
    }

    @Override
    public void onRead(ByteBuffer plaintext) {
        if (passed) {
            inner.onRead(plaintext);
        }
    }

    @Override
    public void onWritable() {
        if (passed) {
            inner.onWritable();
        }
    }

    @Override
    public boolean onInputClosed() {
        return passed && inner.onInputClosed();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        if (passed) {
            inner.onClose(causeOrNull);
        }
    }
}
