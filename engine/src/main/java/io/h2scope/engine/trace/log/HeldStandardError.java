package io.h2scope.engine.trace.log;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.function.Supplier;

/**
 * Standard error for the built-in log appender, written with one call per run of lines instead of one per line: while
 * a thread runs {@link #hold} (a connection's read and the answers it caused, {@code TraceSink#batch}), the appender's
 * flush after each line keeps the line here; the run's end writes everything kept. Lines outside a run are written at
 * once, with whatever another thread's run kept before them, so the order of lines is the order they were logged. At
 * most {@value #MAX_HELD} octets are kept. The stream is looked up at each write ({@code System.setErr} is honoured).
 */
final class HeldStandardError extends OutputStream {

    /** Octets kept at most before they are written, run or not. */
    static final int MAX_HELD = 64 * 1024;

    /** Eight octets at a time, at any offset: the check that a message's octets are ASCII. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;

    private final Supplier<PrintStream> target;
    /** How deep in {@link #hold} calls each thread is. */
    private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
    private byte[] held = new byte[8192]; // guarded by this
    private int length; // guarded by this

    HeldStandardError() {
        this(() -> System.err);
    }

    HeldStandardError(Supplier<PrintStream> target) {
        this.target = target;
    }

    /** Runs {@code lines} with this thread's lines kept until it returns, then writes what is kept. */
    void hold(Runnable lines) {
        int[] d = depth.get();
        d[0]++;
        try {
            lines.run();
        } finally {
            if (--d[0] == 0) {
                writeHeld();
            }
        }
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int count) {
        if (length + count > held.length) {
            if (length + count > MAX_HELD) {
                writeHeld();
                if (count >= MAX_HELD) { // a line that long is not kept at all
                    PrintStream out = target.get();
                    out.write(bytes, offset, count);
                    out.flush();
                    return;
                }
            }
            if (count > held.length - length) {
                byte[] bigger = new byte[Math.max(held.length * 2, length + count)];
                System.arraycopy(held, 0, bigger, 0, length);
                held = bigger;
            }
        }
        System.arraycopy(bytes, offset, held, length, count);
        length += count;
    }

    /**
     * One line in three parts (a pattern line's head, its message's octets, the line separator), kept as one write
     * and flushed as {@link #flush} does: the message is copied once, straight from its own octets.
     */
    void writeLine(byte[] head, int headLength, byte[] message, byte[] separator) {
        int count = headLength + message.length + separator.length;
        synchronized (this) {
            if (count <= MAX_HELD && length + count <= held.length) {
                System.arraycopy(head, 0, held, length, headLength);
                System.arraycopy(message, 0, held, length + headLength, message.length);
                System.arraycopy(separator, 0, held, length + headLength + message.length, separator.length);
                length += count;
            } else { // the rare line that does not fit what is kept: in its parts, in order
                write(head, 0, headLength);
                write(message, 0, message.length);
                write(separator, 0, separator.length);
            }
        }
        flush();
    }

    /**
     * {@link #writeLine} of a message whose chars are all ASCII, copied as octets straight from the String (its
     * compact Latin-1 array: one copy, no array of its own); false, and nothing written, when a char is not ASCII or
     * the line does not fit what is kept: the caller then writes the message's encoded octets.
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): the low octet of each char, checked below
    boolean writeAsciiLine(byte[] head, int headLength, String message, byte[] separator) {
        int count = headLength + message.length() + separator.length;
        synchronized (this) {
            if (count > MAX_HELD || length + count > held.length) {
                return false;
            }
            int at = length + headLength;
            message.getBytes(0, message.length(), held, at);
            if (!ascii(held, at, at + message.length())) {
                return false; // length unchanged: the copied octets are overwritten later
            }
            System.arraycopy(head, 0, held, length, headLength);
            System.arraycopy(separator, 0, held, at + message.length(), separator.length);
            length += count;
        }
        flush();
        return true;
    }

    /** Whether {@code octets[from, to)} are all below 0x80. */
    private static boolean ascii(byte[] octets, int from, int to) {
        int i = from;
        for (; i + 32 <= to; i += 32) { // four a step: fewer samples than one a step for a frame line
            long any = (long) LONGS.get(octets, i) | (long) LONGS.get(octets, i + 8) | (long) LONGS.get(octets, i + 16)
                    | (long) LONGS.get(octets, i + 24);
            if ((any & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i + 8 <= to; i += 8) {
            if (((long) LONGS.get(octets, i) & HIGH_BITS) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (octets[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /** After each line: written now unless this thread is in a run. */
    @Override
    public void flush() {
        if (depth.get()[0] == 0) {
            writeHeld();
        }
    }

    private synchronized void writeHeld() {
        if (length > 0) {
            PrintStream out = target.get();
            out.write(held, 0, length);
            out.flush();
            length = 0;
        }
    }
}
