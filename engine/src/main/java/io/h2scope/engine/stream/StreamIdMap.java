package io.h2scope.engine.stream;

import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A map from stream id to a value, for the per-stream state a connection keeps (states, windows,
 * records, queues). A {@code HashMap<Integer, V>} boxes every id above 127 on each get and put, and
 * a busy connection looks its streams up several times per frame; this map keeps the ids in an
 * {@code int[]} and allocates nothing on get, put or remove once its arrays are big enough.
 *
 * <p>Open addressing with linear probing: stream ids are never 0 (stream 0 is the connection), so
 * a 0 key marks a free slot. Removal shifts the following entries of the probe run back (no
 * tombstones), so lookups stay short however many streams come and go. The arrays are allocated
 * on the first put (an idle connection keeps none) and never shrink, like {@code HashMap}'s table.
 * Not thread-safe; {@code null} values are not allowed.
 *
 * @param <V> the value kept per stream
 */
public final class StreamIdMap<V> {

    private static final int[] NO_KEYS = new int[0];
    private static final Object[] NO_VALUES = new Object[0];
    private static final int FIRST_CAPACITY = 4;
    /** The table grows when it would be more than half full: probe runs stay short. */
    private static final int MAX_LOAD_PERCENT = 50;

    private int[] keys = NO_KEYS;
    private Object[] values = NO_VALUES;
    private int size;
    /** Bumped by every structural change, so {@link #forEachValue} can detect a change made meanwhile. */
    private int modifications;

    /** The value for {@code streamId}, or null. */
    public V get(int streamId) {
        int slot = find(streamId);
        return slot < 0 ? null : value(slot);
    }

    public boolean containsKey(int streamId) {
        return find(streamId) >= 0;
    }

    /** Maps {@code streamId} to {@code value}; returns the value it replaced, or null. */
    public V put(int streamId, V value) {
        checkId(streamId);
        Objects.requireNonNull(value, "value");
        int slot = find(streamId);
        if (slot >= 0) {
            V old = value(slot);
            values[slot] = value;
            return old;
        }
        insert(streamId, value);
        return null;
    }

    /** Maps {@code streamId} to {@code value} unless it has a value already; returns that value, or null. */
    public V putIfAbsent(int streamId, V value) {
        checkId(streamId);
        Objects.requireNonNull(value, "value");
        int slot = find(streamId);
        if (slot >= 0) {
            return value(slot);
        }
        insert(streamId, value);
        return null;
    }

    /** Removes {@code streamId}; returns its value, or null when it had none. */
    public V remove(int streamId) {
        int slot = find(streamId);
        if (slot < 0) {
            return null;
        }
        V old = value(slot);
        deleteAt(slot);
        return old;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        if (size > 0) {
            Arrays.fill(keys, 0);
            Arrays.fill(values, null);
            size = 0;
            modifications++;
        }
    }

    /** The ids in the map, ascending: a snapshot, free to use while the map changes. */
    public int[] keys() {
        int[] ids = new int[size];
        int n = 0;
        for (int key : keys) {
            if (key != 0) {
                ids[n++] = key;
            }
        }
        Arrays.sort(ids);
        return ids;
    }

    /**
     * Calls {@code action} for every value, in no particular order. The action must not add or
     * remove entries ({@link ConcurrentModificationException}); to change the map while going
     * through it, iterate over {@link #keys()} instead.
     */
    public void forEachValue(Consumer<? super V> action) {
        int expected = modifications;
        Object[] table = values;
        for (Object v : table) {
            if (v != null) {
                @SuppressWarnings("unchecked")
                V value = (V) v;
                action.accept(value);
                if (modifications != expected) {
                    throw new ConcurrentModificationException("the map changed during forEachValue");
                }
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int id : keys()) {
            sb.append(sb.length() > 1 ? ", " : "").append(id).append('=').append(get(id));
        }
        return sb.append('}').toString();
    }

    // ---------------------------------------------------------------- table

    /** The slot holding {@code streamId}, or -1. */
    private int find(int streamId) {
        if (size == 0 || streamId == 0) {
            return -1;
        }
        int mask = keys.length - 1;
        for (int slot = home(streamId, mask); ; slot = (slot + 1) & mask) {
            int key = keys[slot];
            if (key == streamId) {
                return slot;
            }
            if (key == 0) {
                return -1;
            }
        }
    }

    private void insert(int streamId, V value) {
        if ((size + 1) * 100 > keys.length * MAX_LOAD_PERCENT) {
            resize(keys.length == 0 ? FIRST_CAPACITY : keys.length * 2);
        }
        int mask = keys.length - 1;
        int slot = home(streamId, mask);
        while (keys[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = streamId;
        values[slot] = value;
        size++;
        modifications++;
    }

    /**
     * Empties {@code slot}, then moves back every later entry of the same probe run that would
     * otherwise be cut off from its home slot (backward-shift deletion for linear probing).
     */
    private void deleteAt(int slot) {
        int mask = keys.length - 1;
        int hole = slot;
        for (int next = (hole + 1) & mask; keys[next] != 0; next = (next + 1) & mask) {
            int home = home(keys[next], mask);
            // the entry at next may fill the hole when its home is not in the cyclic range (hole, next]
            boolean homeAfterHole = hole <= next ? hole < home && home <= next : hole < home || home <= next;
            if (!homeAfterHole) {
                keys[hole] = keys[next];
                values[hole] = values[next];
                hole = next;
            }
        }
        keys[hole] = 0;
        values[hole] = null;
        size--;
        modifications++;
    }

    private void resize(int capacity) {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new int[capacity];
        values = new Object[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            int key = oldKeys[i];
            if (key != 0) {
                int slot = home(key, mask);
                while (keys[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                values[slot] = oldValues[i];
            }
        }
    }

    /**
     * Where an id's probe starts. A peer's ids are all odd or all even and usually consecutive, so
     * the low bits alone would fill only every other slot; multiplying by the golden-ratio constant
     * (Fibonacci hashing) spreads them over the whole table.
     */
    private static int home(int streamId, int mask) {
        int h = streamId * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    @SuppressWarnings("unchecked")
    private V value(int slot) {
        return (V) values[slot];
    }

    private static void checkId(int streamId) {
        if (streamId <= 0) {
            throw new IllegalArgumentException("stream id must be 1.." + StreamRegistry.MAX_STREAM_ID + ", got " + streamId);
        }
    }
}
