package io.h2scope.engine.trace.jsonl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * One JSONL line built straight as octets in a reused array: constants, decimal numbers, JSON string literals
 * (the format's one escaper: chars outside printable ASCII are escaped, so lines stay ASCII) and base64, each
 * written in place with no String, map or builder of its own. {@link TraceEventJson#write(
 * io.h2scope.engine.trace.model.TraceEvent, LineOctets)} fills it; writers take the octets as they are (a file, a
 * socket) or as {@link #text()}. Not thread-safe: one per thread. The writing methods stay this package's.
 */
public final class LineOctets {

    private static final Base64.Encoder BASE64 = Base64.getEncoder();
    /** Payloads up to this many octets are put in base64 here ({@link #putBase64}). */
    static final int MAX_SHORT_BASE64 = 48;
    private static final byte[] BASE64_DIGITS =
            ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE = ascii("true");
    private static final byte[] FALSE = ascii("false");
    private static final byte[] LONG_MIN = ascii(Long.toString(Long.MIN_VALUE));
    /** The last and the first digit of 0 to 99. */
    private static final byte[] ONES = new byte[100];
    private static final byte[] TENS = new byte[100];

    static {
        for (int i = 0; i < 100; i++) {
            ONES[i] = (byte) ('0' + i % 10);
            TENS[i] = (byte) ('0' + i / 10);
        }
    }

    /** 10 to the power of the index, 0 to 18. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++, power *= 10) {
            POWERS_OF_TEN[i] = power;
        }
    }

    /** Numbers of {@link #put(long)} kept with their digits (a {@link #reused} line's) (20 octets a slot), by a hash of the value. */
    private static final int NUMBER_SLOTS = 64;
    private long[] numbers; // these made at the first such number: a LineOctets for one string needs none
    private byte[] numberLengths;
    private byte[] numberDigits;
    /**
     * Strings of {@link #putString} seen before (the same instance: a field name or value from an HPACK table, a
     * constant of the application) and, once seen twice, their literal's octets, by the string's hash.
     */
    private static final int STRING_SLOTS = 64;
    /** Strings shorter than this are escaped each time (as quick as a look-up); longer than the other, never kept. */
    private static final int MIN_KEPT_STRING = 6;
    private static final int MAX_KEPT_STRING = 256;
    private String[] strings; // made at the first such string
    private byte[][] literals;
    private KeptFieldLists fieldLists; // made at the first field list
    private KeptWindowTails windowTails; // made at the first window change in a frame line
    /** Whether numbers, strings and field lists are kept for later lines ({@link #reused}). */
    private final boolean keeps;
    private byte[] octets;
    private byte[] scratch = new byte[0];
    private int length;
    // the last putPair call and its octets
    private byte[] pair = new byte[0];
    private int pairLength;
    private byte[] lastFirstKey;
    private byte[] lastSecondKey;
    private long lastFirst;
    private long lastSecond;

    /** A line for one use (a string quoted, an event written once): nothing kept from it for later lines. */
    public LineOctets(int capacity) {
        this(capacity, false);
    }

    private LineOctets(int capacity, boolean keeps) {
        octets = new byte[capacity];
        this.keeps = keeps;
    }

    /**
     * A line reused for line after line (a recording's, a socket's): long numbers, strings and field lists written
     * again are copied from what they were written as before, when they are the same value, String or fields.
     */
    public static LineOctets reused(int capacity) {
        return new LineOctets(capacity, true);
    }

    /** Field lists written before and their octets, for a {@link #reused} line; null for a line used once. */
    KeptFieldLists keptFieldLists() {
        if (keeps && fieldLists == null) {
            fieldLists = new KeptFieldLists();
        }
        return fieldLists;
    }

    /** Window changes' tails written before, for a {@link #reused} line; null for a line used once. */
    KeptWindowTails keptWindowTails() {
        if (keeps && windowTails == null) {
            windowTails = new KeptWindowTails();
        }
        return windowTails;
    }

    /** The octets of an ASCII constant, made once (a key with its quotes and colon, say). */
    static byte[] ascii(String constant) {
        return constant.getBytes(StandardCharsets.US_ASCII);
    }

    /** The line so far: the first {@link #length()} octets. */
    public byte[] octets() {
        return octets;
    }

    public int length() {
        return length;
    }

    /** The line so far as text (its octets are ASCII, one char each). */
    public String text() {
        return new String(octets, 0, length, StandardCharsets.ISO_8859_1);
    }

    public LineOctets clear() {
        length = 0;
        return this;
    }

    /** Back to the first {@code length} octets (a line that failed half-way is taken out again). */
    LineOctets truncate(int length) {
        if (length < 0 || length > this.length) {
            throw new IllegalArgumentException("truncate(" + length + ") of " + this.length + " octets");
        }
        this.length = length;
        return this;
    }

    /** The first {@code length} octets of {@code octets}. */
    LineOctets put(byte[] octets, int length) {
        return put(octets, 0, length);
    }

    /** {@code length} octets of {@code octets} from {@code offset} on. */
    LineOctets put(byte[] octets, int offset, int length) {
        room(length);
        System.arraycopy(octets, offset, this.octets, this.length, length);
        this.length += length;
        return this;
    }

    LineOctets put(byte[] constant) {
        room(constant.length);
        System.arraycopy(constant, 0, octets, length, constant.length);
        length += constant.length;
        return this;
    }

    LineOctets put(char c) {
        room(1);
        octets[length++] = (byte) c;
        return this;
    }

    /** Text known to be ASCII (enum and registry names), one octet per char. */
    LineOctets putAscii(CharSequence text) {
        int n = text.length();
        room(n);
        byte[] o = octets;
        int at = length;
        for (int i = 0; i < n; i++) {
            o[at + i] = (byte) text.charAt(i);
        }
        length = at + n;
        return this;
    }

    LineOctets put(boolean value) {
        return put(value ? TRUE : FALSE);
    }

    /** {@code value} in decimal, as {@link StringBuilder#append(long)} writes it. */
    LineOctets put(long value) {
        room(20);
        if (!keeps || value >= 0 && value < 100_000) {
            length = decimal(octets, length, value);
            return this;
        }
        // a long number is mostly one written a moment ago (a window in a frame line and in its change's line, the
        // initial windows on every stream): its digits are copied from the slot they were written to then
        if (numbers == null) {
            numbers = new long[NUMBER_SLOTS];
            numberLengths = new byte[NUMBER_SLOTS];
            numberDigits = new byte[NUMBER_SLOTS * 20];
        }
        int slot = (int) ((value ^ value >>> 32) * 0x9E3779B9L >>> 26) & NUMBER_SLOTS - 1;
        int at = slot * 20;
        if (numbers[slot] == value && numberLengths[slot] > 0) {
            int n = numberLengths[slot];
            System.arraycopy(numberDigits, at, octets, length, n);
            length += n;
        } else {
            int start = length;
            length = decimal(octets, length, value);
            numbers[slot] = value;
            numberLengths[slot] = (byte) (length - start);
            System.arraycopy(octets, start, numberDigits, at, length - start);
        }
        return this;
    }

    /**
     * {@code firstKey}, {@code first}, {@code secondKey}, {@code second}, as four puts write them; the octets of the
     * last call are kept and copied again when a call repeats it (the lines of one connection's batch mostly begin
     * with the same connection and the same time).
     */
    LineOctets putPair(byte[] firstKey, long first, byte[] secondKey, long second) {
        if (firstKey != lastFirstKey || secondKey != lastSecondKey || first != lastFirst || second != lastSecond) {
            int most = firstKey.length + secondKey.length + 40;
            if (pair.length < most) {
                pair = new byte[most];
            }
            int at = copy(firstKey, pair, 0);
            at = decimal(pair, at, first);
            at = copy(secondKey, pair, at);
            pairLength = decimal(pair, at, second);
            lastFirstKey = firstKey;
            lastSecondKey = secondKey;
            lastFirst = first;
            lastSecond = second;
        }
        room(pairLength);
        System.arraycopy(pair, 0, octets, length, pairLength);
        length += pairLength;
        return this;
    }

    private static int copy(byte[] from, byte[] to, int at) {
        System.arraycopy(from, 0, to, at, from.length);
        return at + from.length;
    }

    /** Writes {@code value} in decimal at {@code at} (room for 20 octets there); returns where it ends. */
    private static int decimal(byte[] o, int at, long value) {
        if (value >= 0 && value < 10) { // a stream, a connection, a count: the commonest numbers are one digit
            o[at] = (byte) ('0' + value);
            return at + 1;
        }
        if (value == Long.MIN_VALUE) {
            return copy(LONG_MIN, o, at);
        }
        if (value < 0) {
            o[at++] = '-';
            value = -value;
        }
        int end = at + digits(value);
        int i = end;
        while (value > Integer.MAX_VALUE) { // long arithmetic only for the digits above an int's
            long rest = value / 100;
            int pair = (int) (value - rest * 100);
            o[--i] = ONES[pair];
            o[--i] = TENS[pair];
            value = rest;
        }
        int v = (int) value; // times, windows and lengths mostly fit an int from the start
        while (v >= 100) { // two digits a division
            int rest = v / 100;
            int pair = v - rest * 100;
            o[--i] = ONES[pair];
            o[--i] = TENS[pair];
            v = rest;
        }
        o[--i] = ONES[v];
        if (v >= 10) {
            o[--i] = TENS[v];
        }
        return end;
    }

    /** How many decimal digits {@code value} (at least 1) has: from its bit length, with no division or loop. */
    private static int digits(long value) {
        int guess = (64 - Long.numberOfLeadingZeros(value)) * 1233 >>> 12; // 1233 / 4096 is just under log10(2)
        return value < POWERS_OF_TEN[guess] ? guess : guess + 1;
    }

    /** {@code value} as 16 lower-case hex digits, as {@code String.format("%016x", value)} writes it. */
    LineOctets putHex16(long value) {
        room(16);
        for (int i = 15; i >= 0; i--) {
            octets[length + i] = HEX[(int) (value & 0xf)];
            value >>>= 4;
        }
        length += 16;
        return this;
    }

    /**
     * {@code value} as a JSON string literal: {@code \"}, {@code \\}, {@code \n}, {@code \r} and {@code \t}, and
     * {@code \}{@code u} with four lower-case hex digits for every other char that is not {@link Json#plain}.
     */
    LineOctets putString(String value) {
        int n = value.length();
        if (!keeps || n < MIN_KEPT_STRING || n > MAX_KEPT_STRING) {
            return escaped(value);
        }
        if (strings == null) {
            strings = new String[STRING_SLOTS];
            literals = new byte[STRING_SLOTS][];
        }
        int slot = value.hashCode() & STRING_SLOTS - 1;
        if (strings[slot] != value) { // first seen (or another string in its slot): kept without its octets
            strings[slot] = value;
            literals[slot] = null;
            return escaped(value);
        }
        byte[] literal = literals[slot];
        if (literal == null) { // seen twice: its octets kept for the next times
            int start = length;
            escaped(value);
            literals[slot] = Arrays.copyOfRange(octets, start, length);
            return this;
        }
        return put(literal);
    }

    private LineOctets escaped(String value) {
        int n = value.length();
        room(n + 2);
        byte[] o = octets;
        int at = length;
        o[at++] = '"';
        int i = 0;
        // the common case, a value with nothing to escape, in locals: no field write per char
        for (char c; i < n && Json.plain(c = value.charAt(i)); i++) {
            o[at++] = (byte) c;
        }
        length = at;
        if (i < n) {
            escapedRest(value, i);
        }
        room(1);
        octets[length++] = '"';
        return this;
    }

    /** {@link #putString}'s chars from {@code from} on, the first of them one to escape. */
    private void escapedRest(String value, int from) {
        int n = value.length();
        for (int i = from; i < n; i++) {
            char c = value.charAt(i);
            if (Json.plain(c)) {
                octets[length++] = (byte) c;
                continue;
            }
            room(6 + n - i); // the longest escape, and the rest plain
            octets[length++] = '\\';
            switch (c) {
                case '"' -> octets[length++] = '"';
                case '\\' -> octets[length++] = '\\';
                case '\n' -> octets[length++] = 'n';
                case '\r' -> octets[length++] = 'r';
                case '\t' -> octets[length++] = 't';
                default -> {
                    octets[length++] = 'u';
                    octets[length++] = HEX[(c >>> 12) & 0xf];
                    octets[length++] = HEX[(c >>> 8) & 0xf];
                    octets[length++] = HEX[(c >>> 4) & 0xf];
                    octets[length++] = HEX[c & 0xf];
                }
            }
        }
    }

    /**
     * {@code data} in base64 with padding (RFC 4648 §4): a short payload (a field block of a few octets, an empty DATA
     * kept) in place, a longer one by the JDK's encoder (an intrinsic on common CPUs, but with more to set up than
     * a few octets take).
     */
    LineOctets putBase64(byte[] data) {
        int n = (data.length + 2) / 3 * 4;
        if (data.length <= MAX_SHORT_BASE64) {
            room(n);
            length = shortBase64(data, octets, length);
            return this;
        }
        if (scratch.length < n) {
            scratch = new byte[Math.max(n, scratch.length * 2)];
        }
        BASE64.encode(data, scratch); // it writes from offset 0 only, so by way of a reused array
        room(n);
        System.arraycopy(scratch, 0, octets, length, n);
        length += n;
        return this;
    }

    /** Writes {@code data} in base64 at {@code at} (room there); returns where it ends. */
    private static int shortBase64(byte[] data, byte[] o, int at) {
        int i = 0;
        for (int whole = data.length - data.length % 3; i < whole; i += 3) {
            int bits = (data[i] & 0xff) << 16 | (data[i + 1] & 0xff) << 8 | data[i + 2] & 0xff;
            o[at] = BASE64_DIGITS[bits >>> 18];
            o[at + 1] = BASE64_DIGITS[bits >>> 12 & 0x3f];
            o[at + 2] = BASE64_DIGITS[bits >>> 6 & 0x3f];
            o[at + 3] = BASE64_DIGITS[bits & 0x3f];
            at += 4;
        }
        int left = data.length - i;
        if (left > 0) {
            int bits = (data[i] & 0xff) << 16 | (left == 2 ? (data[i + 1] & 0xff) << 8 : 0);
            o[at] = BASE64_DIGITS[bits >>> 18];
            o[at + 1] = BASE64_DIGITS[bits >>> 12 & 0x3f];
            o[at + 2] = left == 2 ? BASE64_DIGITS[bits >>> 6 & 0x3f] : (byte) '=';
            o[at + 3] = '=';
            at += 4;
        }
        return at;
    }

    private void room(int more) {
        if (length + more > octets.length) {
            octets = Arrays.copyOf(octets, Math.max(octets.length * 2, length + more));
        }
    }
}
