package io.h2scope.engine.transport;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts open connections in total and per client address against {@link AcceptLimits}. Admitted on the
 * accept thread, released from any loop thread when the connection closes.
 */
final class ConnectionAdmission {

    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    ConnectionAdmission(AcceptLimits limits) {
        this.maxTotal = limits.maxConnections();
        this.maxPerAddress = limits.maxConnectionsPerAddress();
    }

    /** Takes a place for a connection from {@code address}; null when admitted, else why not. */
    String admit(InetAddress address) {
        if (total.incrementAndGet() > maxTotal) {
            total.decrementAndGet();
            return "connection limit reached (maxConnections " + maxTotal + ")";
        }
        boolean[] over = new boolean[1];
        perAddress.compute(address, (a, n) -> {
            int now = n == null ? 0 : n;
            if (now >= maxPerAddress) {
                over[0] = true;
                return n;
            }
            return now + 1;
        });
        if (over[0]) {
            total.decrementAndGet();
            return "per-address connection limit reached for " + address.getHostAddress()
                    + " (maxConnectionsPerAddress " + maxPerAddress + ")";
        }
        return null;
    }

    /** Gives back the place {@link #admit} took. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
        total.decrementAndGet();
    }

    int open() {
        return total.get();
    }
}
