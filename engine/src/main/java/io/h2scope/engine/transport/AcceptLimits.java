package io.h2scope.engine.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * What a listening socket admits, and how it behaves when accept itself fails. A connection over a cap
 * is closed at once, before any byte is read; refusals and accept failures are counted and logged at
 * most once per {@code logInterval}.
 *
 * @param maxConnections           connections open at once, all clients together. Default 10,000 (ours)
 * @param maxConnectionsPerAddress connections open at once from one client IP address. Default 1,000 (ours;
 *                                 load generators on one host open hundreds)
 * @param acceptRetryDelay         after accept fails (EMFILE "Too many open files", ENFILE, ENOBUFS) the
 *                                 listener stops accepting for this long, then tries again. Default 100 ms
 * @param logInterval              at most one log line per this interval for refusals, sheds and accept
 *                                 failures, with a count. Default 10 s
 * @param descriptorReserve        file descriptors kept free beyond those open when the listener binds: the
 *                                 connection cap in force is at most the process's descriptor limit less these,
 *                                 so that the server can always accept, shed an idle connection and answer.
 *                                 Default 64 (ours: the JVM opens a few more as it runs)
 */
public record AcceptLimits(int maxConnections, int maxConnectionsPerAddress, Duration acceptRetryDelay,
        Duration logInterval, int descriptorReserve) {

    public static final AcceptLimits DEFAULTS = new AcceptLimits(10_000, 1_000, Duration.ofMillis(100),
            Duration.ofSeconds(10), 64);

    public AcceptLimits {
        Objects.requireNonNull(acceptRetryDelay, "acceptRetryDelay");
        Objects.requireNonNull(logInterval, "logInterval");
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
        if (maxConnectionsPerAddress < 1) {
            throw new IllegalArgumentException("maxConnectionsPerAddress must be >= 1, got " + maxConnectionsPerAddress);
        }
        if (acceptRetryDelay.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("acceptRetryDelay must be at least 1 ms (a shorter one spins when"
                    + " descriptors run out), got " + acceptRetryDelay.toMillis() + " ms");
        }
        if (descriptorReserve < 0) {
            throw new IllegalArgumentException("descriptorReserve must be >= 0, got " + descriptorReserve);
        }
        if (logInterval.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("logInterval must be at least 1 ms, got " + logInterval.toMillis() + " ms");
        }
    }

    public AcceptLimits withMaxConnections(int v) {
        return new AcceptLimits(v, maxConnectionsPerAddress, acceptRetryDelay, logInterval, descriptorReserve);
    }

    public AcceptLimits withMaxConnectionsPerAddress(int v) {
        return new AcceptLimits(maxConnections, v, acceptRetryDelay, logInterval, descriptorReserve);
    }

    public AcceptLimits withAcceptRetryDelay(Duration v) {
        return new AcceptLimits(maxConnections, maxConnectionsPerAddress, v, logInterval, descriptorReserve);
    }

    public AcceptLimits withLogInterval(Duration v) {
        return new AcceptLimits(maxConnections, maxConnectionsPerAddress, acceptRetryDelay, v, descriptorReserve);
    }

    public AcceptLimits withDescriptorReserve(int v) {
        return new AcceptLimits(maxConnections, maxConnectionsPerAddress, acceptRetryDelay, logInterval, v);
    }
}
