package io.h2scope.engine.server;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of buffered request bodies, counted against a limit at one level (stream, connection, server) and
 * every level above it: a reservation succeeds only when every level has room. Thread-safe: bodies are
 * buffered on application threads, released from the loop when the stream ends.
 */
final class MemoryBudget {

    private final String name;
    private final long limit;
    private final MemoryBudget parent;
    private final AtomicLong used = new AtomicLong();
    private volatile boolean closed;

    /**
     * @param name   the limit's name as the application and the docs know it, e.g. "maxBufferedBodyBytesPerServer"
     * @param parent the level above, or null for the server's
     */
    MemoryBudget(String name, long limit, MemoryBudget parent) {
        this.name = Objects.requireNonNull(name, "name");
        this.limit = limit;
        this.parent = parent;
    }

    /** Reserves {@code bytes} at this level and above; null when it fits, else the level that has no room. */
    MemoryBudget tryReserve(long bytes) {
        if (closed) {
            return this;
        }
        long now;
        do {
            now = used.get();
            if (now + bytes > limit) {
                return this;
            }
        } while (!used.compareAndSet(now, now + bytes));
        MemoryBudget refused = parent == null ? null : parent.tryReserve(bytes);
        if (refused != null) {
            used.addAndGet(-bytes);
        }
        return refused;
    }

    /**
     * Counts {@code delta} octets (negative: released) at this level and every level above, without refusing: for
     * memory already in use, such as response data queued behind a closed window, which a server over its budget
     * then sheds.
     */
    void add(long delta) {
        for (MemoryBudget b = this; b != null; b = b.parent) {
            b.used.addAndGet(delta);
        }
    }

    /** Octets in use beyond the limit, or 0. */
    long excess() {
        return Math.max(0, used.get() - limit);
    }

    long limit() {
        return limit;
    }

    /** Gives back everything reserved through this level and refuses further reservations (the stream is over). */
    void close() {
        closed = true;
        long held = used.getAndSet(0);
        for (MemoryBudget p = parent; p != null && held > 0; p = p.parent) {
            p.used.addAndGet(-held);
        }
    }

    MemoryBudget child(String childName, long childLimit) {
        return new MemoryBudget(childName, childLimit, this);
    }

    long used() {
        return used.get();
    }

    String describe() {
        return name + " " + limit + " bytes";
    }
}
