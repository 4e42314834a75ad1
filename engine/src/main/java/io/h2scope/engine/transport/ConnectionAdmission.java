package io.h2scope.engine.transport;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts open connections in total and per client address against {@link AcceptLimits}. Admitted on the
 * accept thread, released from any loop thread when the connection closes.
 */
final class ConnectionAdmission {

    /** Which cap a connection would go over, and the words for it. */
    record Refusal(boolean perAddress, String reason) {
    }

    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    /** @param maxTotal the total cap in force (maxConnections, or less when descriptors allow less) */
    ConnectionAdmission(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /** Takes a place for a connection from {@code address}; null when admitted, else the cap it would go over. */
    Refusal admit(InetAddress address) {
        if (total.incrementAndGet() > maxTotal) {
            total.decrementAndGet();
            return new Refusal(false, "connection limit reached (" + maxTotal + " connections: maxConnections, or the"
                    + " descriptor limit less descriptorReserve)");
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
            return new Refusal(true, "per-address connection limit reached for " + address.getHostAddress()
                    + " (maxConnectionsPerAddress " + maxPerAddress + ")");
        }
        return null;
    }

    /**
     * Takes a place over the caps, for a connection admitted while an idle one it replaces is being shed: the count
     * is over by one until that one's close gives its place back.
     */
    void admitOver(InetAddress address) {
        total.incrementAndGet();
        perAddress.merge(address, 1, Integer::sum);
    }

    /** Gives back the place {@link #admit} or {@link #admitOver} took. */
    void release(InetAddress address) {
        perAddress.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
        total.decrementAndGet();
    }

    int open() {
        return total.get();
    }

    int maxTotal() {
        return maxTotal;
    }
}
