package io.h2scope.engine.server;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.AcceptLimits;
import io.h2scope.engine.transport.DriverConfig;
import io.h2scope.engine.transport.FatalErrorPolicy;
import io.h2scope.engine.transport.http1.Http1Limits;
import io.h2scope.engine.transport.tls.KeyMaterial;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Everything an {@link H2Server} is started with; built by {@link H2Server.Builder}, which documents
 * each option and its default.
 *
 * @param address                where to listen (port 0: an ephemeral port)
 * @param tls                    the certificate and key, or null for cleartext h2c
 * @param connection             the HTTP/2 connection settings and {@code Limits}
 * @param driver                 transport-side timers and back-pressure
 * @param readTimeout            per request: longest silence while its headers or body are still
 *                               arriving before the stream is reset with CANCEL; zero is off
 * @param streamWriteBufferBytes a response write completes once the stream's queue is at most this
 * @param loopThreads            selector threads
 * @param executor               runs handlers and body callbacks; null: the server's own small pool
 * @param handlersOnLoop         run handlers on the selector thread itself (only for non-blocking handlers)
 * @param traceSink              receives every frame of every connection
 * @param http1                  bounds of the HTTP/1.1 front door (h2c upgrade, refusals)
 * @param handshakeTimeout       from accept to the client's first complete HTTP/2 SETTINGS (TLS handshake,
 *                               HTTP/1.1 head and h2c upgrade included); then the connection is closed; zero is off
 * @param accept                 connection caps (total, per client address) and accept back-off
 * @param bodyBudgets            bytes of request bodies buffered by {@code readBody}: per stream, connection, server
 * @param maxBufferedBytes       response data queued behind closed windows and request bodies buffered, all
 *                               connections together; over it new streams are refused and the longest-stalled reset
 * @param fatalErrors            what an Error (OutOfMemoryError, ...) in a loop or pool thread does: exit by default
 */
public record ServerConfig(InetSocketAddress address, KeyMaterial tls, ConnectionConfig connection, DriverConfig driver,
        Duration readTimeout, long streamWriteBufferBytes, int loopThreads, Executor executor, boolean handlersOnLoop,
        TraceSink traceSink, Http1Limits http1, Duration handshakeTimeout, AcceptLimits accept,
        BodyBudgets bodyBudgets, long maxBufferedBytes, FatalErrorPolicy fatalErrors) {

    public ServerConfig {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(traceSink, "traceSink");
        Objects.requireNonNull(http1, "http1");
        Objects.requireNonNull(handshakeTimeout, "handshakeTimeout");
        Objects.requireNonNull(accept, "accept");
        Objects.requireNonNull(bodyBudgets, "bodyBudgets");
        Objects.requireNonNull(fatalErrors, "fatalErrors");
        if (handshakeTimeout.isNegative()) {
            throw new IllegalArgumentException("handshakeTimeout must be >= 0 (0 = off), got " + handshakeTimeout);
        }
        if (maxBufferedBytes < 1) {
            throw new IllegalArgumentException("maxBufferedBytes must be >= 1, got " + maxBufferedBytes);
        }
        if (readTimeout.isNegative() || streamWriteBufferBytes < 1 || loopThreads < 1) {
            throw new IllegalArgumentException("readTimeout >= 0, streamWriteBufferBytes >= 1 and loopThreads >= 1 required");
        }
    }

    public boolean isTls() {
        return tls != null;
    }
}
