package io.h2scope.engine.proxy;

import io.h2scope.engine.transport.TransportConfig;

import java.time.Duration;
import java.util.Objects;

/**
 * The proxy's limits; each has a name, a default and a {@code proxy} flag (docs/PROXY.md). Made with
 * {@link #builder()} ({@code ProxyLimits.builder().relayBufferBytes(65536).build()}) or {@link #toBuilder()}.
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
 * @param loopThreads         the relay's loop threads, each serving both legs of the pairs on it (and as many
 *                            observer threads beside them when recording). Default one per available core
 *                            ({@code --loops})
 */
public record ProxyLimits(Duration connectTimeout, Duration handshakeTimeout, int maxConnections,
        int relayBufferBytes, int maxConnectHeadBytes, int observerBacklogBytes, int loopThreads) {

    /** At most this many loops: more threads than that only share the same cores. */
    public static final int MAX_LOOP_THREADS = 256;

    public static final ProxyLimits DEFAULTS = builder().build();

    public ProxyLimits {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        atLeast(connectTimeout.toMillis(), 1, "connectTimeout (--connect-timeout, ms)");
        atLeast(handshakeTimeout.toMillis(), 1, "handshakeTimeout (--handshake-timeout, ms)");
        atLeast(maxConnections, 1, "maxConnections (--max-connections)");
        // one TLS record (16 KiB plus overhead) must fit, or a TLS leg could stall
        atLeast(relayBufferBytes, 32 * 1024, "relayBufferBytes (--relay-buffer)");
        atLeast(maxConnectHeadBytes, 64, "maxConnectHeadBytes (--max-connect-head)");
        atLeast(observerBacklogBytes, 32 * 1024, "observerBacklogBytes (--observer-backlog)");
        atLeast(loopThreads, 1, "loopThreads (--loops)");
        if (loopThreads > MAX_LOOP_THREADS) {
            throw new IllegalArgumentException("loopThreads (--loops) must be at most " + MAX_LOOP_THREADS + ", got "
                    + loopThreads);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these limits, to change some of them. */
    public Builder toBuilder() {
        return new Builder().connectTimeout(connectTimeout).handshakeTimeout(handshakeTimeout)
                .maxConnections(maxConnections).relayBufferBytes(relayBufferBytes)
                .maxConnectHeadBytes(maxConnectHeadBytes).observerBacklogBytes(observerBacklogBytes)
                .loopThreads(loopThreads);
    }

    /** Builds {@link ProxyLimits}; each setter's default is the one the record's documentation gives. */
    public static final class Builder {
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration handshakeTimeout = Duration.ofSeconds(10);
        private int maxConnections = 1_000;
        private int relayBufferBytes = 1 << 20;
        private int maxConnectHeadBytes = 8 * 1024;
        private int observerBacklogBytes = 2 << 20;
        private int loopThreads = TransportConfig.defaults().loopThreads();

        private Builder() {
        }

        public Builder connectTimeout(Duration v) {
            connectTimeout = v;
            return this;
        }

        public Builder handshakeTimeout(Duration v) {
            handshakeTimeout = v;
            return this;
        }

        public Builder maxConnections(int v) {
            maxConnections = v;
            return this;
        }

        public Builder relayBufferBytes(int v) {
            relayBufferBytes = v;
            return this;
        }

        public Builder maxConnectHeadBytes(int v) {
            maxConnectHeadBytes = v;
            return this;
        }

        public Builder observerBacklogBytes(int v) {
            observerBacklogBytes = v;
            return this;
        }

        public Builder loopThreads(int v) {
            loopThreads = v;
            return this;
        }

        /** The limits; an {@link IllegalArgumentException} names the first one out of range and its flag. */
        public ProxyLimits build() {
            return new ProxyLimits(connectTimeout, handshakeTimeout, maxConnections, relayBufferBytes,
                    maxConnectHeadBytes, observerBacklogBytes, loopThreads);
        }
    }

    private static void atLeast(long value, long min, String what) {
        if (value < min) {
            throw new IllegalArgumentException(what + " must be at least " + min + ", got " + value);
        }
    }
}
