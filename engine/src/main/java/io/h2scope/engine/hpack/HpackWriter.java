package io.h2scope.engine.hpack;

/**
 * Writes exact HPACK representations, with no table bookkeeping and no policy: the caller chooses every
 * bit. The conformance suite uses it to send precise (and deliberately wrong) encodings; the raw methods
 * accept values a valid encoder never produces (index 0, oversized integers, arbitrary Huffman payloads).
 * {@link HpackEncoder} uses the static helpers.
 */
public final class HpackWriter {

    private final HpackOutput out;

    public HpackWriter(HpackOutput out) {
        this.out = out;
    }

    public HpackOutput output() {
        return out;
    }

    /** RFC 7541 §6.1: indexed header field. */
    public HpackWriter encodeIndexed(int index) {
        writeInt(out, 0x80, 7, index);
        return this;
    }

    /** RFC 7541 §6.2 literal with a literal name. {@code rep} must not be {@link Representation#INDEXED}. */
    public HpackWriter encodeLiteral(String name, String value, Representation rep, boolean huffman) {
        writeLiteralPrefix(out, rep, 0);
        writeString(out, name, huffman);
        writeString(out, value, huffman);
        return this;
    }

    /** RFC 7541 §6.2 literal whose name is table entry {@code nameIndex}. */
    public HpackWriter encodeLiteral(int nameIndex, String value, Representation rep, boolean huffman) {
        writeLiteralPrefix(out, rep, nameIndex);
        writeString(out, value, huffman);
        return this;
    }

    /** RFC 7541 §6.3: dynamic table size update. */
    public HpackWriter encodeSizeUpdate(int maxSize) {
        writeInt(out, 0x20, 5, maxSize);
        return this;
    }

    /**
     * Raw RFC 7541 §5.1 integer: {@code flags} fills the bits above the {@code prefixBits}-bit prefix of the
     * first octet. Any non-negative long is written, so overflowing values can be produced on purpose.
     */
    public HpackWriter encodeInteger(int flags, int prefixBits, long value) {
        writeInt(out, flags, prefixBits, value);
        return this;
    }

    /** Raw RFC 7541 §5.2 string literal: the H flag as given and these exact octets (valid Huffman or not). */
    public HpackWriter encodeRawString(byte[] octets, boolean huffmanFlag) {
        writeInt(out, huffmanFlag ? 0x80 : 0, 7, octets.length);
        out.write(octets, 0, octets.length);
        return this;
    }

    /** Raw octets, e.g. a truncated representation. */
    public HpackWriter encodeRaw(byte... octets) {
        out.write(octets, 0, octets.length);
        return this;
    }

    static void writeLiteralPrefix(HpackOutput out, Representation rep, int nameIndex) {
        switch (rep) {
            case LITERAL_INDEXED -> writeInt(out, 0x40, 6, nameIndex);
            case LITERAL_NOT_INDEXED -> writeInt(out, 0x00, 4, nameIndex);
            case LITERAL_NEVER_INDEXED -> writeInt(out, 0x10, 4, nameIndex);
            case INDEXED -> throw new IllegalArgumentException("INDEXED is not a literal representation");
        }
    }

    /** RFC 7541 §5.1: value below 2^N - 1 fits the prefix; else the prefix is all ones and 7-bit groups follow. */
    static void writeInt(HpackOutput out, int flags, int prefixBits, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("HPACK integers are non-negative: " + value);
        }
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            out.writeByte(flags | (int) value);
            return;
        }
        out.writeByte(flags | max);
        long rest = value - max;
        while (rest >= 0x80) {
            out.writeByte((int) (rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.writeByte((int) rest);
    }

    /** RFC 7541 §5.2 string literal of ISO-8859-1 octets, Huffman-coded or plain. */
    static void writeString(HpackOutput out, String s, boolean huffman) {
        if (huffman) {
            int length = Huffman.encodedLength(s);
            writeInt(out, 0x80, 7, length);
            Huffman.encode(s, length, out);
        } else {
            writePlain(out, s);
        }
    }

    /** Plain literal: length, then one octet per char (chars above U+00FF are rejected). */
    static void writePlain(HpackOutput out, String s) {
        int n = s.length();
        writeInt(out, 0, 7, n);
        out.ensureSpace(n);
        byte[] buf = out.array();
        int pos = out.size();
        int all = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            all |= c;
            buf[pos + i] = (byte) c;
        }
        if (all > 0xFF) {
            throw new IllegalArgumentException("header octet string has a char above U+00FF; only ISO-8859-1"
                    + " octets can be sent: " + s);
        }
        out.setSize(pos + n);
    }
}
