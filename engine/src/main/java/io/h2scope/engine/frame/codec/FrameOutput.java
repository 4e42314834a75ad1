package io.h2scope.engine.frame.codec;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A growable byte buffer that frames are written into and flushed from, reused across frames so
 * that writing allocates nothing once it has grown to the working size.
 *
 * <p>Flushing: {@link #readableView()} gives a {@link ByteBuffer} over the unread bytes; write it
 * to a channel (or copy it) and the bytes consumed through the view count as read at the next
 * call on this object. {@link #drainTo} copies into a caller's buffer instead.
 * {@link #compact()} reclaims the read space; {@link #clear()} drops everything.
 *
 * <p>Not thread-safe.
 */
public final class FrameOutput {

    private static final int DEFAULT_CAPACITY = 4096;
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 16;

    private byte[] buffer;
    private int readIndex;
    private int writeIndex;
    private ByteBuffer view;
    private boolean viewHandedOut;

    public FrameOutput() {
        this(DEFAULT_CAPACITY);
    }

    public FrameOutput(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, got " + initialCapacity);
        }
        buffer = new byte[initialCapacity];
    }

    public void writeByte(int value) {
        ensureWritable(1);
        buffer[writeIndex++] = (byte) value;
    }

    public void writeShort(int value) {
        ensureWritable(2);
        buffer[writeIndex++] = (byte) (value >>> 8);
        buffer[writeIndex++] = (byte) value;
    }

    /** The low 24 bits, big-endian (the frame Length field). */
    public void writeMedium(int value) {
        ensureWritable(3);
        buffer[writeIndex++] = (byte) (value >>> 16);
        buffer[writeIndex++] = (byte) (value >>> 8);
        buffer[writeIndex++] = (byte) value;
    }

    public void writeInt(int value) {
        ensureWritable(4);
        buffer[writeIndex++] = (byte) (value >>> 24);
        buffer[writeIndex++] = (byte) (value >>> 16);
        buffer[writeIndex++] = (byte) (value >>> 8);
        buffer[writeIndex++] = (byte) value;
    }

    public void writeLong(long value) {
        writeInt((int) (value >>> 32));
        writeInt((int) value);
    }

    public void write(byte[] bytes) {
        write(bytes, 0, bytes.length);
    }

    public void write(byte[] bytes, int offset, int length) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + " outside " + bytes.length);
        }
        ensureWritable(length);
        System.arraycopy(bytes, offset, buffer, writeIndex, length);
        writeIndex += length;
    }

    /** Appends the remaining bytes of {@code source}, advancing its position. */
    public void write(ByteBuffer source) {
        int length = source.remaining();
        ensureWritable(length);
        source.get(buffer, writeIndex, length);
        writeIndex += length;
    }

    public void writeZeros(int count) {
        ensureWritable(count);
        Arrays.fill(buffer, writeIndex, writeIndex + count, (byte) 0);
        writeIndex += count;
    }

    /** Bytes written and not yet read. */
    public int readableBytes() {
        syncReadIndex();
        return writeIndex - readIndex;
    }

    /** A view of the unread bytes, valid until the next call on this object. */
    public ByteBuffer readableView() {
        syncReadIndex();
        if (view == null) {
            view = ByteBuffer.wrap(buffer);
        }
        view.limit(writeIndex).position(readIndex);
        viewHandedOut = true;
        return view;
    }

    /** Copies as many unread bytes as fit into {@code destination}; returns how many. */
    public int drainTo(ByteBuffer destination) {
        syncReadIndex();
        int count = Math.min(destination.remaining(), writeIndex - readIndex);
        destination.put(buffer, readIndex, count);
        readIndex += count;
        return count;
    }

    /**
     * The unread bytes for a caller done with this output: its own array when that holds exactly them (no copy of
     * a payload written to measure), else a copy. The output is not to be used after.
     */
    public byte[] finish() {
        syncReadIndex();
        return readIndex == 0 && writeIndex == buffer.length ? buffer : Arrays.copyOfRange(buffer, readIndex, writeIndex);
    }

    /** A copy of the unread bytes, which stay unread. */
    public byte[] toByteArray() {
        syncReadIndex();
        return Arrays.copyOfRange(buffer, readIndex, writeIndex);
    }

    /** Moves the unread bytes to the front, reclaiming the space already read. */
    public void compact() {
        syncReadIndex();
        if (readIndex > 0) {
            System.arraycopy(buffer, readIndex, buffer, 0, writeIndex - readIndex);
            writeIndex -= readIndex;
            readIndex = 0;
        }
    }

    /** Drops all bytes, read or not. */
    public void clear() {
        viewHandedOut = false;
        readIndex = 0;
        writeIndex = 0;
    }

    public int capacity() {
        return buffer.length;
    }

    private void syncReadIndex() {
        if (viewHandedOut) {
            readIndex = view.position();
            viewHandedOut = false;
        }
    }

    private void ensureWritable(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("negative count " + count);
        }
        if (buffer.length - writeIndex >= count) {
            return;
        }
        syncReadIndex();
        int unread = writeIndex - readIndex;
        long needed = (long) unread + count;
        if (needed > MAX_CAPACITY) {
            throw new IllegalStateException("FrameOutput cannot hold " + needed + " bytes");
        }
        byte[] target = buffer;
        if (needed > buffer.length) {
            target = new byte[(int) Math.min(MAX_CAPACITY, Math.max(needed, 2L * buffer.length))];
            view = null;
        }
        System.arraycopy(buffer, readIndex, target, 0, unread);
        buffer = target;
        readIndex = 0;
        writeIndex = unread;
    }
}
