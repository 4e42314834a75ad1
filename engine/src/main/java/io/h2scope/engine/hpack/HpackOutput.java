package io.h2scope.engine.hpack;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A growable byte buffer that header blocks are encoded into. Reuse one per connection direction:
 * {@link #reset()} keeps the array, so steady-state encoding allocates nothing.
 */
public final class HpackOutput {

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private byte[] buf;
    private int size;

    public HpackOutput() {
        this(256);
    }

    public HpackOutput(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    /** Bytes written so far. */
    public int size() {
        return size;
    }

    /** Forgets the content, keeps the array. */
    public void reset() {
        size = 0;
    }

    /** The backing array; valid bytes are {@code [0, size())}. Changes when the buffer grows. */
    public byte[] array() {
        return buf;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /**
     * Copies the content into {@code dst} at its position.
     *
     * @throws BufferOverflowException if {@code dst} has fewer than {@link #size()} bytes remaining;
     *                                 nothing is copied then
     */
    public void writeTo(ByteBuffer dst) {
        if (dst.remaining() < size) {
            throw new BufferOverflowException();
        }
        dst.put(buf, 0, size);
    }

    public void writeByte(int b) {
        if (size == buf.length) {
            grow(1);
        }
        buf[size++] = (byte) b;
    }

    public void write(byte[] bytes, int off, int len) {
        ensureSpace(len);
        System.arraycopy(bytes, off, buf, size, len);
        size += len;
    }

    /** Makes room for {@code n} more bytes. */
    void ensureSpace(int n) {
        if (buf.length - size < n) {
            grow(n);
        }
    }

    void setSize(int newSize) {
        size = newSize;
    }

    private void grow(int needed) {
        long want = Math.max((long) buf.length * 2, (long) size + needed);
        if (want > MAX_ARRAY) {
            if ((long) size + needed > MAX_ARRAY) {
                throw new IllegalStateException("header block larger than " + MAX_ARRAY + " bytes");
            }
            want = MAX_ARRAY;
        }
        buf = Arrays.copyOf(buf, (int) want);
    }
}
