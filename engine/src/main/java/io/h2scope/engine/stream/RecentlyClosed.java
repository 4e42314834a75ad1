package io.h2scope.engine.stream;

/**
 * A bounded memory of the most recently closed streams and why they closed. The oldest entry is
 * evicted when full; an evicted stream reads as closed with {@link CloseCause#UNKNOWN}. Without a
 * bound, a long connection would keep every stream id it ever used.
 *
 * <p>The causes are kept by id in a {@link StreamIdMap} (no boxing per closed stream); the order
 * of closing, for eviction, in a ring of ids that grows up to the capacity as streams close.
 */
final class RecentlyClosed {

    private static final int FIRST_RING = 8;

    private final int capacity;
    private final StreamIdMap<CloseCause> causes = new StreamIdMap<>();
    /** Ids in the order they closed; the oldest at {@code oldest}, {@code causes.size()} of them. */
    private int[] ring = new int[0];
    private int oldest;

    RecentlyClosed(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("closed-stream memory must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
    }

    void remember(int streamId, CloseCause cause) {
        if (capacity == 0) {
            return;
        }
        if (causes.put(streamId, cause) != null) {
            return; // known already: a new cause, same place in the order (as LinkedHashMap.put did)
        }
        int count = causes.size() - 1; // entries in the ring before this one
        if (count == capacity) {
            causes.remove(ring[oldest]); // full: forget the oldest
            ring[oldest] = streamId;
            oldest = (oldest + 1) % ring.length;
            return;
        }
        if (count == ring.length) {
            grow();
        }
        ring[(oldest + count) % ring.length] = streamId;
    }

    /** The remembered cause, or null when never closed or already forgotten. */
    CloseCause cause(int streamId) {
        return causes.get(streamId);
    }

    int size() {
        return causes.size();
    }

    /** A larger ring with the ids in closing order from index 0. */
    private void grow() {
        int count = ring.length;
        int[] bigger = new int[Math.min(capacity, Math.max(FIRST_RING, count * 2))];
        for (int i = 0; i < count; i++) {
            bigger[i] = ring[(oldest + i) % count];
        }
        ring = bigger;
        oldest = 0;
    }
}
