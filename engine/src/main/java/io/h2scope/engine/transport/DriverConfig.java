package io.h2scope.engine.transport;

import java.time.Duration;
import java.util.Objects;

/**
 * The timeouts and limits the sans-IO core leaves to the transport, for one {@link ConnectionDriver}.
 * Every value has a name and a default; {@link Duration#ZERO} switches a timer off.
 *
 * @param prefaceTimeout       a new connection must complete the client preface and first SETTINGS
 *                             within this, or it is closed (GOAWAY NO_ERROR): a slow preface holds a
 *                             connection for no more. Default 10 s
 * @param idleTimeout          a connection without any live stream and without any byte read for this
 *                             long gets GOAWAY NO_ERROR and is closed. Default 3 min (nginx's
 *                             keepalive_timeout is 75 s, h2o's 10 s; ours)
 * @param firstStreamTimeout   a connection that has opened no stream this long after HTTP/2 began gets GOAWAY
 *                             NO_ERROR and is closed, whatever else it sends (PINGs do not keep it): an idle crowd
 *                             holds its descriptors for this long, not for {@code idleTimeout}. Default off;
 *                             {@link #SERVER_DEFAULTS} 10 s (h2o closes such connections at 10 s)
 * @param pingInterval         a PING is sent after this long without reading anything; a peer that has
 *                             not answered when the next one is due is dead and the connection is closed.
 *                             Default off
 * @param maxPendingWriteBytes output handed to the transport and not yet taken by the network above
 *                             which the driver stops draining the core (DATA then waits in the core,
 *                             bounded by {@code Limits.maxOutputBufferBytes}); drained again on
 *                             {@code onWritable}. Default 256 KiB
 * @param writeChunkBytes      largest buffer one transport write carries. Default 64 KiB
 */
public record DriverConfig(Duration prefaceTimeout, Duration idleTimeout, Duration pingInterval,
        long maxPendingWriteBytes, int writeChunkBytes, Duration firstStreamTimeout) {

    public static final DriverConfig DEFAULTS = new DriverConfig(Duration.ofSeconds(10), Duration.ofMinutes(3),
            Duration.ZERO, 256 * 1024, 64 * 1024, Duration.ZERO);

    /** A server's: {@link #DEFAULTS} with {@code firstStreamTimeout} 10 s. */
    public static final DriverConfig SERVER_DEFAULTS = DEFAULTS.withFirstStreamTimeout(Duration.ofSeconds(10));

    public DriverConfig {
        Objects.requireNonNull(prefaceTimeout, "prefaceTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(pingInterval, "pingInterval");
        Objects.requireNonNull(firstStreamTimeout, "firstStreamTimeout");
        if (prefaceTimeout.isNegative() || idleTimeout.isNegative() || pingInterval.isNegative()
                || firstStreamTimeout.isNegative()) {
            throw new IllegalArgumentException("timeouts must be >= 0 (0 = off)");
        }
        if (maxPendingWriteBytes < 1 || writeChunkBytes < 1) {
            throw new IllegalArgumentException("maxPendingWriteBytes and writeChunkBytes must be >= 1");
        }
    }

    public DriverConfig withPrefaceTimeout(Duration v) {
        return new DriverConfig(v, idleTimeout, pingInterval, maxPendingWriteBytes, writeChunkBytes, firstStreamTimeout);
    }

    public DriverConfig withIdleTimeout(Duration v) {
        return new DriverConfig(prefaceTimeout, v, pingInterval, maxPendingWriteBytes, writeChunkBytes, firstStreamTimeout);
    }

    public DriverConfig withPingInterval(Duration v) {
        return new DriverConfig(prefaceTimeout, idleTimeout, v, maxPendingWriteBytes, writeChunkBytes, firstStreamTimeout);
    }

    public DriverConfig withMaxPendingWriteBytes(long v) {
        return new DriverConfig(prefaceTimeout, idleTimeout, pingInterval, v, writeChunkBytes, firstStreamTimeout);
    }

    public DriverConfig withFirstStreamTimeout(Duration v) {
        return new DriverConfig(prefaceTimeout, idleTimeout, pingInterval, maxPendingWriteBytes, writeChunkBytes, v);
    }

    /** The shortest timer that is on, or zero when all are off: the driver ticks at half of it. */
    Duration shortestTimer() {
        Duration min = Duration.ZERO;
        for (Duration d : new Duration[] {prefaceTimeout, idleTimeout, pingInterval, firstStreamTimeout}) {
            if (!d.isZero() && (min.isZero() || d.compareTo(min) < 0)) {
                min = d;
            }
        }
        return min;
    }
}
