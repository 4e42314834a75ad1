package io.h2scope.engine.transport;

import io.h2scope.engine.trace.model.ConnectionOrigin;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.time.Instant;
import java.util.Optional;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/** What a transport knows of a connection, as its opening trace event carries it: the one place that reads it off. */
public final class ConnectionOrigins {

    private ConnectionOrigins() {
    }

    /**
     * @param cleartext  how a cleartext connection reached HTTP/2 ({@link ConnectionOrigin#H2C} or
     *                   {@link ConnectionOrigin#H2C_UPGRADE}); unused over TLS
     * @param serverName the server name indicated over TLS, or null
     * @param clock      the wall-clock time read with the time the connection's core was first handed
     */
    public static ConnectionOrigin of(ConnectionContext ctx, String cleartext, String serverName, Instant clock) {
        Optional<SSLSession> tls = ctx.sslSession();
        String local = ctx.localAddress().map(ConnectionOrigins::address).orElse(null);
        String remote = ctx.remoteAddress().map(ConnectionOrigins::address).orElse(ctx.remote());
        if (tls.isEmpty()) {
            return new ConnectionOrigin(local, remote, cleartext, null, null, null, null, clock);
        }
        SSLSession session = tls.get();
        return new ConnectionOrigin(local, remote, ConnectionOrigin.TLS, session.getProtocol(), session.getCipherSuite(),
                ctx.alpnProtocol().orElse(null), serverName, clock);
    }

    /**
     * The same for a blocking socket (a scripted peer's, the console's): an {@link SSLSocket} is TLS, with the protocol
     * its handshake agreed by ALPN.
     */
    public static ConnectionOrigin of(Socket socket, String cleartext, Instant clock) {
        String local = address(socket.getLocalSocketAddress());
        String remote = address(socket.getRemoteSocketAddress());
        if (!(socket instanceof SSLSocket tls)) {
            return new ConnectionOrigin(local, remote, cleartext, null, null, null, null, clock);
        }
        SSLSession session = tls.getSession();
        String alpn = tls.getApplicationProtocol();
        return new ConnectionOrigin(local, remote, ConnectionOrigin.TLS, session.getProtocol(), session.getCipherSuite(),
                alpn == null || alpn.isEmpty() ? null : alpn, null, clock);
    }

    /** {@code 127.0.0.1:8443}, {@code [::1]:8443}; other addresses (a Unix socket) as they print. */
    public static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            String host = inet.getAddress().getHostAddress();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        return address.toString();
    }
}
