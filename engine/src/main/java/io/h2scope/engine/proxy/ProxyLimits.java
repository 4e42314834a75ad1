package io.h2scope.engine.proxy;

import java.time.Duration;
import java.util.Objects;

/**
 * The proxy's limits; each has a name, a default and a {@code proxy} flag (docs/PROXY.md).
 *
 * @param connectTimeout      the upstream's TCP connect. Default 10 s ({@code --connect-timeout})
 * @param handshakeTimeout    from accept to the client's connection preface (a CONNECT head and TLS handshakes
 *                            included), and from the upstream's connect to its TLS handshake done. Default 10 s
 *                            ({@code --handshake-timeout})
 * @param maxConnections      client connections open at once (each has its upstream). Default 1,000
 *                            ({@code --max-connections})
 * @param relayBufferBytes    bytes of one direction read but not yet taken by the other side's socket; past it
 *                            the proxy stops reading that direction until half of it drained (back-pressure).
 *                            Default 1 MiB ({@code --relay-buffer})
 * @param maxConnectHeadBytes the HTTP/1.1 CONNECT request head. Default 8 KiB ({@code --max-connect-head})
 * @param observerBacklogBytes bytes of one leg relayed but not yet decoded for the recording; past it the leg's
 *                            recording stops with a counted gap, and the bytes still pass. Default 2 MiB
 *                            ({@code --observer-backlog})
 */
public record ProxyLimits(Duration connectTimeout, Duration handshakeTimeout, int maxConnections,
        int relayBufferBytes, int maxConnectHeadBytes, int observerBacklogBytes) {

    public static final ProxyLimits DEFAULTS = new ProxyLimits(Duration.ofSeconds(10), Duration.ofSeconds(10), 1_000,
            1 << 20, 8 * 1024, 2 << 20);

    public ProxyLimits {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        atLeast(connectTimeout.toMillis(), 1, "connectTimeout (ms)");
        atLeast(handshakeTimeout.toMillis(), 1, "handshakeTimeout (ms)");
        atLeast(maxConnections, 1, "maxConnections");
        // one TLS record (16 KiB plus overhead) must fit, or a TLS leg could stall
        atLeast(relayBufferBytes, 32 * 1024, "relayBufferBytes");
        atLeast(maxConnectHeadBytes, 64, "maxConnectHeadBytes");
        atLeast(observerBacklogBytes, 32 * 1024, "observerBacklogBytes");
    }

    public ProxyLimits withConnectTimeout(Duration v) {
        return new ProxyLimits(v, handshakeTimeout, maxConnections, relayBufferBytes, maxConnectHeadBytes,
                observerBacklogBytes);
    }

    public ProxyLimits withHandshakeTimeout(Duration v) {
        return new ProxyLimits(connectTimeout, v, maxConnections, relayBufferBytes, maxConnectHeadBytes,
                observerBacklogBytes);
    }

    public ProxyLimits withMaxConnections(int v) {
        return new ProxyLimits(connectTimeout, handshakeTimeout, v, relayBufferBytes, maxConnectHeadBytes,
                observerBacklogBytes);
    }

    public ProxyLimits withRelayBufferBytes(int v) {
        return new ProxyLimits(connectTimeout, handshakeTimeout, maxConnections, v, maxConnectHeadBytes,
                observerBacklogBytes);
    }

    public ProxyLimits withMaxConnectHeadBytes(int v) {
        return new ProxyLimits(connectTimeout, handshakeTimeout, maxConnections, relayBufferBytes, v,
                observerBacklogBytes);
    }

    public ProxyLimits withObserverBacklogBytes(int v) {
        return new ProxyLimits(connectTimeout, handshakeTimeout, maxConnections, relayBufferBytes, maxConnectHeadBytes,
                v);
    }

    private static void atLeast(long value, long min, String what) {
        if (value < min) {
            throw new IllegalArgumentException(what + " must be at least " + min + ", got " + value);
        }
    }
}
