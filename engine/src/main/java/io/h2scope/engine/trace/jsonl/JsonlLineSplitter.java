package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.util.Arrays;

/**
 * Cuts the octets of a JSONL trace, fed in chunks of any size, into lines, numbered from 1, without copying a line
 * that lies inside one chunk (a line split across chunks is carried over). The one line splitter of the readers of a
 * recording, a followed file and a live attach. Not thread-safe: one feeder.
 */
public final class JsonlLineSplitter {

    /** Told of each line, without its terminator ({@code \n} or {@code \r\n}). */
    public interface LineHandler {
        /** Octets {@code from} to {@code to} of {@code octets} are line {@code number}; valid only during the call. */
        void line(byte[] octets, int from, int to, long number) throws IOException;
    }

    private byte[] carry = new byte[256];
    private int carried;
    private long number;
    private long octets;
    /** Octets of the lines handed over, terminators included: where the next line begins. */
    private long consumed;
    private long lineStart;

    /** Feeds {@code length} octets from {@code offset}; every line they complete is handed over, in order. */
    public void feed(byte[] chunk, int offset, int length, LineHandler handler) throws IOException {
        int end = offset + length;
        int start = offset;
        for (int i = offset; i < end; i++) {
            if (chunk[i] != '\n') {
                continue;
            }
            if (carried > 0) {
                append(chunk, start, i);
                deliver(carry, 0, carried, handler);
                carried = 0;
            } else {
                deliver(chunk, start, i, handler);
            }
            start = i + 1;
        }
        append(chunk, start, end);
        octets += length;
    }

    /** Hands over a last line that had no terminator (a writer cut short), if any; the splitter is then empty. */
    public void finish(LineHandler handler) throws IOException {
        if (carried > 0) {
            int n = carried;
            carried = 0;
            deliver(carry, 0, n, handler);
        }
    }

    /**
     * True when the line not yet whole cannot become a JSON object, however it goes on: its first octet is not
     * {@code '{'} (every line an engine writes starts so). A follower waiting for its end would wait for ever.
     */
    public boolean pendingIsNoObject() {
        return carried > 0 && carry[0] != '{';
    }

    /** Octets fed that are not yet part of a whole line. */
    public int pendingOctets() {
        return carried;
    }

    /** Octets fed so far. */
    public long octetsFed() {
        return octets;
    }

    /** The octet the line being handed over (or the last one) began at, counted from 0. */
    public long lineStart() {
        return lineStart;
    }

    /** Octets of the whole lines handed over so far, terminators included. */
    public long octetsConsumed() {
        return consumed;
    }

    /** Lines handed over so far. */
    public long lines() {
        return number;
    }

    private void deliver(byte[] bytes, int from, int to, LineHandler handler) throws IOException {
        int end = to > from && bytes[to - 1] == '\r' ? to - 1 : to;
        number++;
        lineStart = consumed;
        consumed += to - from + 1;
        handler.line(bytes, from, end, number);
    }

    private void append(byte[] chunk, int from, int to) {
        int n = to - from;
        if (n <= 0) {
            return;
        }
        if (carried + n > carry.length) {
            carry = Arrays.copyOf(carry, Math.max(carry.length * 2, carried + n));
        }
        System.arraycopy(chunk, from, carry, carried, n);
        carried += n;
    }
}
