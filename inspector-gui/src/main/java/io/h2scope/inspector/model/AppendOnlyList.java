package io.h2scope.inspector.model;

import java.util.Arrays;

/**
 * A list one thread appends to while others read it: items never move once stored (fixed-size chunks), and
 * {@link #size()} is published after the item, so a reader that reads the size first sees every item below it.
 * The inspector's views read on the FX thread while a source appends on its own.
 */
final class AppendOnlyList<T> {

    private static final int CHUNK_BITS = 14;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private volatile Object[][] chunks = new Object[4][];
    private volatile int size;

    /** Writer only (callers serialise their appends). */
    void add(T item) {
        int n = size;
        int chunk = n >>> CHUNK_BITS;
        Object[][] table = chunks;
        if (chunk == table.length) {
            table = Arrays.copyOf(table, table.length * 2);
        }
        if (table[chunk] == null) {
            table[chunk] = new Object[CHUNK];
        }
        table[chunk][n & MASK] = item;
        chunks = table;
        size = n + 1;
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    T get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index + " of " + size);
        }
        return (T) chunks[index >>> CHUNK_BITS][index & MASK];
    }
}
