package io.h2scope.engine.trace.text;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A line made as octets, one a char, so a log can copy it to its output in one step (no String a line). It is ASCII
 * until a char at or above 0x80 is appended ({@link #isAscii}): such a char is kept as a wrong octet, so a line that
 * is not ASCII must be made again another way. Not thread-safe.
 */
public final class AsciiLine implements LineText, CharSequence {

    private static final byte[] LONG_MIN = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);

    private byte[] octets;
    private int length;
    private boolean ascii = true;

    public AsciiLine(int capacity) {
        octets = new byte[Math.max(capacity, 16)];
    }

    /** Empties the line (and makes it ASCII again). */
    public void clear() {
        length = 0;
        ascii = true;
    }

    /** False once a char at or above 0x80 was appended: {@link #octets} do not hold it. */
    public boolean isAscii() {
        return ascii;
    }

    /** The octets, valid up to {@link #length}, until the next append. */
    public byte[] octets() {
        return octets;
    }

    public int capacity() {
        return octets.length;
    }

    /** A charAt loop: faster here than getChars into a scratch array, for the short texts a line is made of. */
    @Override
    public AsciiLine append(String text) {
        int n = text.length();
        room(n);
        byte[] o = octets;
        int at = length;
        int any = 0;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            any |= c;
            o[at + i] = (byte) c;
        }
        if (any >= 0x80) {
            ascii = false;
        }
        length = at + n;
        return this;
    }

    @Override
    public AsciiLine append(char c) {
        room(1);
        if (c >= 0x80) {
            ascii = false;
        }
        octets[length++] = (byte) c;
        return this;
    }

    @Override
    public AsciiLine append(int value) {
        if (value == Integer.MIN_VALUE) { // the one value whose negation is itself
            return append((long) value);
        }
        int v = value < 0 ? -value : value;
        int digits = (value < 0 ? 1 : 0) + digits(v);
        room(digits);
        int at = length + digits;
        length = at;
        while (v >= 10) { // int arithmetic: a window, id or length is an int, and long division costs more
            int q = v / 10;
            octets[--at] = (byte) ('0' + (v - q * 10));
            v = q;
        }
        octets[--at] = (byte) ('0' + v);
        if (value < 0) {
            octets[at - 1] = '-';
        }
        return this;
    }

    private static int digits(int v) {
        int digits = 1;
        for (int limit = 10; digits < 10 && v >= limit; limit *= 10) {
            digits++;
        }
        return digits;
    }

    @Override
    public AsciiLine append(long value) {
        if (value == Long.MIN_VALUE) { // the one value whose negation is itself
            room(LONG_MIN.length);
            System.arraycopy(LONG_MIN, 0, octets, length, LONG_MIN.length);
            length += LONG_MIN.length;
            return this;
        }
        long v = value;
        int digits = 1;
        if (v < 0) {
            v = -v;
            digits++;
        }
        for (long rest = v / 10; rest != 0; rest /= 10) {
            digits++;
        }
        room(digits);
        int at = length + digits;
        length = at;
        do {
            octets[--at] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        if (value < 0) {
            octets[at - 1] = '-';
        }
        return this;
    }

    @Override
    public AsciiLine append(AsciiLine text) {
        room(text.length);
        System.arraycopy(text.octets, 0, octets, length, text.length);
        length += text.length;
        ascii &= text.ascii;
        return this;
    }

    @Override
    public void copyTail(int from, AsciiLine into) {
        into.clear();
        into.room(length - from);
        System.arraycopy(octets, from, into.octets, 0, length - from);
        into.length = length - from;
        into.ascii = ascii; // conservative: the whole line's flag, not only the tail's
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return (char) (octets[index] & 0xff);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return toString().substring(start, end);
    }

    /** The line as a String: its chars only while {@link #isAscii}. */
    @Override
    public String toString() {
        return new String(octets, 0, length, StandardCharsets.ISO_8859_1);
    }

    private void room(int more) {
        if (length + more > octets.length) {
            octets = Arrays.copyOf(octets, Math.max(octets.length * 2, length + more));
        }
    }
}
