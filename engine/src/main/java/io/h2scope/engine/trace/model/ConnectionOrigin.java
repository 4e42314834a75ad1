package io.h2scope.engine.trace.model;

import java.time.Instant;
import java.util.List;

/**
 * What the transport knows of a connection when it opens, for {@link ConnectionOpened}: the sans-IO core is handed
 * it as text and publishes it. Each field is null when unknown or not applicable (no TLS on h2c).
 *
 * @param local       our address, {@code 127.0.0.1:8443}
 * @param remote      the peer's address
 * @param transport   {@link #TLS}, {@link #H2C} (prior knowledge) or {@link #H2C_UPGRADE}
 * @param tlsVersion  the TLS protocol, {@code TLSv1.3}
 * @param cipherSuite the TLS cipher suite
 * @param alpn        the protocol ALPN agreed, {@code h2}
 * @param sni         the server name the client indicated (RFC 6066 §3)
 * @param clock       the wall-clock time the connection's time 0 stands for, read by the transport where it read the
 *                    time it hands the core first (the core reads no clock)
 * @param http1Heads  the HTTP/1.1 heads exchanged before HTTP/2 began (an h2c upgrade's request and answer), in order;
 *                    the core publishes them after its opening
 */
public record ConnectionOrigin(String local, String remote, String transport, String tlsVersion, String cipherSuite,
        String alpn, String sni, Instant clock, List<Http1Head> http1Heads) {

    public ConnectionOrigin {
        http1Heads = List.copyOf(http1Heads);
    }

    /** An origin without HTTP/1.1 heads. */
    public ConnectionOrigin(String local, String remote, String transport, String tlsVersion, String cipherSuite,
            String alpn, String sni, Instant clock) {
        this(local, remote, transport, tlsVersion, cipherSuite, alpn, sni, clock, List.of());
    }

    /** The same origin with the HTTP/1.1 heads exchanged before HTTP/2 began. */
    public ConnectionOrigin withHttp1Heads(List<Http1Head> heads) {
        return new ConnectionOrigin(local, remote, transport, tlsVersion, cipherSuite, alpn, sni, clock, heads);
    }

    public static final String TLS = "tls";
    public static final String H2C = "h2c";
    public static final String H2C_UPGRADE = "h2c upgrade";

    /** Nothing known (a connection in memory, or a recording of bytes only). */
    public static final ConnectionOrigin UNKNOWN = new ConnectionOrigin(null, null, null, null, null, null, null, null);

    /** Nothing known but the wall-clock time of time 0 (a connection in memory, a peer of the conformance suite). */
    public static ConnectionOrigin at(Instant clock) {
        return new ConnectionOrigin(null, null, null, null, null, null, null, clock);
    }
}
