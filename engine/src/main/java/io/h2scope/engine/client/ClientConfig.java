package io.h2scope.engine.client;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.trace.model.TraceSink;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;

/**
 * Everything an {@link H2Client} is configured with; built by {@link H2Client.Builder}. Every timeout
 * has a finite default: a client that can hang forever is what this project was started against.
 *
 * @param connectTimeout          TCP connect, TLS handshake and the server's first SETTINGS. Default 10 s
 * @param responseHeadersTimeout  from sending a request to its final response headers (per-request override
 *                                {@link H2Request.Builder#headersTimeout}). Default 30 s
 * @param requestTimeout          the whole exchange, from {@code send} to the last body byte received
 *                                (override {@link H2Request.Builder#timeout}). Default 5 min
 * @param idleTimeout             a connection without streams this long is closed (GOAWAY NO_ERROR). Default 2 min
 * @param pingInterval            PING after this long without reading anything; no answer by the next one
 *                                closes the connection (a dead peer is found without a request). Default 30 s
 * @param maxConnectionsPerAuthority connections opened to one host:port when the open ones are full
 *                                (the peer's SETTINGS_MAX_CONCURRENT_STREAMS). Default 4
 * @param maxRetries              times an idempotent request refused by GOAWAY/REFUSED_STREAM is retried. Default 2
 * @param streamWriteBufferBytes  request body bytes queued per stream before the body publisher is asked
 *                                for more (request-side back-pressure). Default 64 KiB
 * @param connection              the core's settings: windows (default 1 MiB per stream, 8 MiB per connection),
 *                                limits, ENABLE_PUSH (default off)
 * @param sslContext              for https; default the JDK's trusted CAs
 * @param verifyHostname          check the certificate names the host. Default true
 * @param h2cUpgrade              for http: start each connection with HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2)
 *                                instead of prior knowledge; ignored for https. Default false
 * @param pushHandler             decides about server pushes; null refuses them (and ENABLE_PUSH is 0)
 * @param traceSink               every frame of every connection. Default {@code TraceSinks.fromEnvironment()}
 * @param executor                runs callbacks, body subscribers and future completions (never the loop thread);
 *                                null: the client's own daemon threads
 * @param loopThreads             selector threads. Default 1
 * @param callerSpin              how long a blocking caller reading its own response polls the socket before it
 *                                sleeps in the kernel: a response that comes sooner (a server on this machine or
 *                                the LAN) finds it awake, without the wake-up of a sleeping thread (tens of
 *                                microseconds on a virtual machine). A response slower than that costs the spin's
 *                                CPU time, once per request. At most one caller per core but one spins at a time.
 *                                At most {@link #MAX_CALLER_SPIN}; 0 turns it off. Default 50 µs
 */
public record ClientConfig(Duration connectTimeout, Duration responseHeadersTimeout, Duration requestTimeout,
        Duration idleTimeout, Duration pingInterval, int maxConnectionsPerAuthority, int maxRetries,
        long streamWriteBufferBytes, ConnectionConfig connection, SSLContext sslContext, boolean verifyHostname,
        boolean h2cUpgrade, PushHandler pushHandler, TraceSink traceSink, Executor executor, int loopThreads,
        Duration callerSpin) {

    /** The longest {@link #callerSpin}: beyond it the CPU a spin burns outweighs the wake-up it saves. */
    public static final Duration MAX_CALLER_SPIN = Duration.ofMillis(1);

    public ClientConfig {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(traceSink, "traceSink");
        requirePositive(connectTimeout, "connectTimeout");
        requirePositive(responseHeadersTimeout, "responseHeadersTimeout");
        requirePositive(requestTimeout, "requestTimeout");
        requireNotNegative(idleTimeout, "idleTimeout");
        requireNotNegative(pingInterval, "pingInterval");
        requireNotNegative(callerSpin, "callerSpin");
        if (callerSpin.compareTo(MAX_CALLER_SPIN) > 0) {
            throw new IllegalArgumentException("callerSpin must be at most " + MAX_CALLER_SPIN.toNanos() / 1000
                    + " µs (0 = off), was " + callerSpin.toNanos() / 1000 + " µs");
        }
        if (maxConnectionsPerAuthority < 1 || maxRetries < 0 || streamWriteBufferBytes < 1 || loopThreads < 1) {
            throw new IllegalArgumentException("maxConnectionsPerAuthority >= 1, maxRetries >= 0, "
                    + "streamWriteBufferBytes >= 1 and loopThreads >= 1 required");
        }
    }

    /** Timeouts must be finite and positive: zero would mean "wait forever", which we never do. */
    static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive (there is no infinite timeout), was " + d);
        }
    }

    private static void requireNotNegative(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must be >= 0 (0 = off), was " + d);
        }
    }
}
