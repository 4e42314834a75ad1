package io.h2scope.engine.stream;

/**
 * A bounded memory of the most recently closed streams, each with what its owner keeps of it (the registry: why it
 * closed, {@link CloseCause}; the observer: its state and windows then). The oldest entry is evicted when full.
 * Without a bound, a long connection would keep every stream id it ever used.
 *
 * <p>The values are kept by id in a {@link StreamIdMap} (no boxing per closed stream); the order
 * of closing, for eviction, in a ring of ids that grows up to the capacity as streams close.
 *
 * @param <V> what is kept per closed stream
 */
public final class RecentlyClosed<V> {

    private static final int FIRST_RING = 8;

    private final int capacity;
    private final StreamIdMap<V> values = new StreamIdMap<>();
    /** Ids in the order they closed; the oldest at {@code oldest}, {@code values.size()} of them. */
    private int[] ring = new int[0];
    private int oldest;

    public RecentlyClosed(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("closed-stream memory must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
    }

    public void remember(int streamId, V value) {
        if (capacity == 0) {
            return;
        }
        if (values.put(streamId, value) != null) {
            return; // known already: a new value, same place in the order (as LinkedHashMap.put did)
        }
        int count = values.size() - 1; // entries in the ring before this one
        if (count == capacity) {
            values.remove(ring[oldest]); // full: forget the oldest
            ring[oldest] = streamId;
            oldest = (oldest + 1) % ring.length;
            return;
        }
        if (count == ring.length) {
            grow();
        }
        ring[(oldest + count) % ring.length] = streamId;
    }

    /** The remembered value, or null when never closed or already forgotten. */
    public V get(int streamId) {
        return values.get(streamId);
    }

    int size() {
        return values.size();
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
