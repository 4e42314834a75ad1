package io.h2scope.engine.trace.log;

import java.io.OutputStream;
import java.io.PrintStream;
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
     * One line in three parts (a pattern line's head, its message's first {@code messageLength} octets, the line
     * separator), kept as one write and flushed as {@link #flush} does: the message is copied once.
     */
    void writeLine(byte[] head, int headLength, byte[] message, int messageLength, byte[] separator) {
        int count = headLength + messageLength + separator.length;
        synchronized (this) {
            if (count <= MAX_HELD && length + count <= held.length) {
                System.arraycopy(head, 0, held, length, headLength);
                System.arraycopy(message, 0, held, length + headLength, messageLength);
                System.arraycopy(separator, 0, held, length + headLength + messageLength, separator.length);
                length += count;
            } else { // the rare line that does not fit what is kept: in its parts, in order
                write(head, 0, headLength);
                write(message, 0, messageLength);
                write(separator, 0, separator.length);
            }
        }
        flush();
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
