package io.h2scope.engine.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of an {@link NioEventLoopGroup} and the connections it runs. Every limit has a name and a
 * documented default; change one with the {@code with...} methods.
 *
 * @param name                 thread-name prefix, e.g. "h2scope-server" gives "h2scope-server-loop-0"
 * @param loopThreads          selector threads; default one per available core
 * @param readBufferBytes      size of the read buffer each loop reuses for all its connections; default 64 KiB
 * @param maxPendingWriteBytes hard limit of queued output per connection; past it the connection is
 *                             closed with {@link PendingWriteLimitException}; default 8 MiB
 * @param closeFlushTimeout    how long an orderly close may wait for pending output before it aborts; default 5 s
 * @param connectTimeout       client connect timeout; default 10 s
 * @param tcpNoDelay           disable Nagle (HTTP/2 frames are small and latency-bound); default true
 * @param fatalErrors          what happens when an Error escapes a loop's work; default {@link FatalErrorPolicy#STOP_LOOP}
 *                             (a server's group exits the process instead)
 */
public record TransportConfig(
        String name,
        int loopThreads,
        int readBufferBytes,
        long maxPendingWriteBytes,
        Duration closeFlushTimeout,
        Duration connectTimeout,
        boolean tcpNoDelay,
        FatalErrorPolicy fatalErrors) {

    public TransportConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(closeFlushTimeout, "closeFlushTimeout");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(fatalErrors, "fatalErrors");
        requirePositive(loopThreads, "loopThreads");
        requirePositive(readBufferBytes, "readBufferBytes");
        requirePositive(maxPendingWriteBytes, "maxPendingWriteBytes");
    }

    public static TransportConfig defaults() {
        return new TransportConfig("h2scope", Runtime.getRuntime().availableProcessors(), 64 * 1024,
                8L * 1024 * 1024, Duration.ofSeconds(5), Duration.ofSeconds(10), true, FatalErrorPolicy.STOP_LOOP);
    }

    public TransportConfig withName(String newName) {
        return new TransportConfig(newName, loopThreads, readBufferBytes, maxPendingWriteBytes,
                closeFlushTimeout, connectTimeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withLoopThreads(int threads) {
        return new TransportConfig(name, threads, readBufferBytes, maxPendingWriteBytes,
                closeFlushTimeout, connectTimeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withMaxPendingWriteBytes(long limit) {
        return new TransportConfig(name, loopThreads, readBufferBytes, limit,
                closeFlushTimeout, connectTimeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withReadBufferBytes(int bytes) {
        return new TransportConfig(name, loopThreads, bytes, maxPendingWriteBytes,
                closeFlushTimeout, connectTimeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withCloseFlushTimeout(Duration timeout) {
        return new TransportConfig(name, loopThreads, readBufferBytes, maxPendingWriteBytes,
                timeout, connectTimeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withConnectTimeout(Duration timeout) {
        return new TransportConfig(name, loopThreads, readBufferBytes, maxPendingWriteBytes, closeFlushTimeout,
                timeout, tcpNoDelay, fatalErrors);
    }

    public TransportConfig withFatalErrors(FatalErrorPolicy policy) {
        return new TransportConfig(name, loopThreads, readBufferBytes, maxPendingWriteBytes, closeFlushTimeout,
                connectTimeout, tcpNoDelay, policy);
    }

    private static void requirePositive(long value, String what) {
        if (value <= 0) {
            throw new IllegalArgumentException(what + " must be positive, was " + value);
        }
    }
}
