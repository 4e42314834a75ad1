package io.h2scope.inspector.model;

import java.util.Arrays;

/**
 * {@link AppendOnlyList} for ints without boxing: event numbers of a connection, frame numbers of a stream, the frames
 * a filter lets through. One thread appends while others read.
 */
public final class IntColumn {

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;
    private static final int FIRST = 8;

    private volatile int[][] chunks = new int[4][];
    private volatile int size;

    public void add(int value) {
        int n = size;
        int chunk = n >>> CHUNK_BITS;
        int[][] table = chunks;
        if (chunk == table.length) {
            table = Arrays.copyOf(table, table.length * 2);
        }
        if (table[chunk] == null) {
            table[chunk] = new int[chunk == 0 ? FIRST : CHUNK];
        } else if (chunk == 0 && n == table[0].length) {
            // most columns (a stream's events) stay short: the first chunk grows by copies; a reader holding the
            // old copy still finds every value below the size it read
            table[0] = Arrays.copyOf(table[0], Math.min(CHUNK, n * 2));
        }
        table[chunk][n & MASK] = value;
        chunks = table;
        size = n + 1;
    }

    public int size() {
        return size;
    }

    public int get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return chunks[index >>> CHUNK_BITS][index & MASK];
    }

    /** The position of the last value at or below {@code value} (values ascend), or -1. */
    public int floor(int value) {
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (get(mid) <= value) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
