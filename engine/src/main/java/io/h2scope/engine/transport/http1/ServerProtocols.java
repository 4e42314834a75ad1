package io.h2scope.engine.transport.http1;

import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.tls.TlsLayer;
import io.h2scope.engine.transport.tls.TlsPolicy;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * Handler factories for an HTTP/2 server port, to pass to {@code NioServer}: they stack the layers so
 * the HTTP/2 side only ever sees an HTTP/2 byte stream.
 * <pre>
 * cleartext:  socket -> ProtocolDetector -> (preface) h2 | (HTTP/1.1) Http1Exchange -> h2c upgrade | 426
 * TLS:        socket -> TlsLayer -> ALPN "h2" -> h2 | "http/1.1" -> 505 | none -> ProtocolDetector (TLS mode)
 * </pre>
 */
public final class ServerProtocols {

    private ServerProtocols() {
    }

    public static Supplier<ConnectionHandler> cleartext(H2Handlers h2, Http1Limits limits) {
        return () -> new ProtocolDetector(h2, limits, Http1Exchange.Mode.CLEARTEXT);
    }

    public static Supplier<ConnectionHandler> tls(SSLContext sslContext, H2Handlers h2, Http1Limits limits) {
        return () -> TlsLayer.server(sslContext, new AlpnSwitch(h2, limits));
    }

    /** Picks the handler by the ALPN result, once the handshake is done. */
    static final class AlpnSwitch implements ConnectionHandler {
        private final H2Handlers h2;
        private final Http1Limits limits;
        private ConnectionHandler chosen;

        AlpnSwitch(H2Handlers h2, Http1Limits limits) {
            this.h2 = h2;
            this.limits = limits;
        }

        @Override
        public void onOpen(ConnectionContext ctx) {
            String protocol = ctx.alpnProtocol().orElse("");
            chosen = switch (protocol) {
                // RFC9113 §3.2: "The "h2" string identifies HTTP/2 when used over TLS"
                case TlsPolicy.H2 -> h2.priorKnowledge();
                case TlsPolicy.HTTP_1_1 -> new Http1Exchange(h2, limits, Http1Exchange.Mode.TLS);
                // no ALPN at all: a client that sends the preface anyway gets HTTP/2, anyone else a clear 505
                default -> new ProtocolDetector(h2, limits, Http1Exchange.Mode.TLS);
            };
            chosen.onOpen(ctx);
        }

        @Override
        public void onRead(ByteBuffer plaintext) {
            chosen.onRead(plaintext);
        }

        @Override
        public void onWritable() {
            chosen.onWritable();
        }

        @Override
        public boolean onInputClosed() {
            return chosen.onInputClosed();
        }

        @Override
        public void onClose(Throwable causeOrNull) {
            chosen.onClose(causeOrNull);
        }
    }
}
