package io.h2scope.engine.trace.model;

import io.h2scope.engine.stream.Role;

import java.net.SocketAddress;

/**
 * What happens to a connection outside its frames: connect, TLS and ALPN, close. The client and
 * server facades call it; the {@code conn} trace category shows it. Settings exchanged and GOAWAY
 * come from the frames themselves.
 *
 * <p>Wiring in a facade is one line, from the sink it already passes to the connection:
 * <pre>{@code
 * ConnectionTraceListener connTrace = ConnectionTraceListener.of(config.traceSink());
 * connTrace.connected(id, Role.SERVER, channel.getLocalAddress(), channel.getRemoteAddress());
 * connTrace.tlsEstablished(id, session.getProtocol(), session.getCipherSuite(), engine.getApplicationProtocol());
 * connTrace.closed(id, "peer closed the socket", null);
 * }</pre>
 * Every method is a no-op by default and must return quickly; it is called on the connection's thread.
 */
public interface ConnectionTraceListener {

    /** Listens to nothing. */
    ConnectionTraceListener NONE = new ConnectionTraceListener() {
    };

    /** The sink's listener when it has one (the sinks of {@link TraceSinks} do), else {@link #NONE}. */
    static ConnectionTraceListener of(TraceSink sink) {
        return sink instanceof ConnectionTraceListener listener ? listener : NONE;
    }

    /** A TCP connection was accepted (server) or made (client); addresses may be null when unknown. */
    default void connected(long connectionId, Role role, SocketAddress local, SocketAddress remote) {
    }

    /** The TLS handshake finished; {@code alpn} is the negotiated protocol, or null/empty when none. */
    default void tlsEstablished(long connectionId, String protocol, String cipherSuite, String alpn) {
    }

    /** How HTTP/2 was chosen when not by ALPN: {@code "h2c"} (prior knowledge), {@code "h2c upgrade"}. */
    default void protocolSelected(long connectionId, String how) {
    }

    /**
     * The head of an HTTP/1.1 message exchanged before HTTP/2 began: the client's {@code Upgrade: h2c}
     * request ({@code sent}) or the server's answer, 101 or not (RFC 7540 §3.2). {@code head} is the start
     * line and the fields, one a line ({@code \n}), without the final empty line.
     */
    default void http1Head(long connectionId, boolean sent, String head) {
    }

    /** The connection is gone; {@code cause} is the error that ended it, or null. */
    default void closed(long connectionId, String reason, Throwable cause) {
    }
}
