package io.h2scope.inspector.model;

import java.util.Arrays;

/** {@link IntColumn} for longs: where each event of a recording can be read again. */
final class LongColumn {

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private volatile long[][] chunks = new long[4][];
    private volatile int size;

    void add(long value) {
        int n = size;
        int chunk = n >>> CHUNK_BITS;
        long[][] table = chunks;
        if (chunk == table.length) {
            table = Arrays.copyOf(table, table.length * 2);
        }
        if (table[chunk] == null) {
            table[chunk] = new long[CHUNK];
        }
        table[chunk][n & MASK] = value;
        chunks = table;
        size = n + 1;
    }

    int size() {
        return size;
    }

    long get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return chunks[index >>> CHUNK_BITS][index & MASK];
    }
}
