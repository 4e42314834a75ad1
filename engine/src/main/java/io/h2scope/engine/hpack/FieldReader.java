package io.h2scope.engine.hpack;

import java.nio.charset.StandardCharsets;

/**
 * The byte-level half of {@link HpackDecoder}: walks one header block, reading integers (§5.1), string
 * literals (§5.2) and field representations (§6.1, §6.2), and leaves the last field in {@link #name()},
 * {@link #value()}. Offsets in errors are relative to the start of the block.
 */
final class FieldReader {

    private static final byte[] EMPTY = new byte[0];

    private final int maxStringLength;
    /** Grown on the first Huffman-coded literal; a decoder that never sees one never allocates it. */
    private byte[] huffmanScratch = EMPTY;

    private byte[] src;
    private int pos;
    private int end;
    private int base;

    private String name;
    private String value;
    private boolean huffmanName;
    private boolean huffmanValue;
    private int fieldSize;
    /** The index the last field used: the field's (indexed), the name's (literal), 0 for a new name. */
    private int tableIndex;
    /** Octet length of the last string read, also when it was not turned into a String. */
    private int stringLength;
    private boolean stringHuffman;

    FieldReader(int maxStringLength) {
        this.maxStringLength = maxStringLength;
    }

    void start(byte[] block, int from, int to) {
        src = block;
        pos = from;
        base = from;
        end = to;
    }

    /** Drops references to the caller's array and the last strings. */
    void finish() {
        src = null;
        name = null;
        value = null;
    }

    boolean hasMore() {
        return pos < end;
    }

    int peek() {
        return src[pos] & 0xFF;
    }

    /** Steps over {@code n} octets the caller has already interpreted. */
    void skip(int n) {
        pos += n;
    }

    int offset() {
        return pos - base;
    }

    String name() {
        return name;
    }

    String value() {
        return value;
    }

    boolean huffmanName() {
        return huffmanName;
    }

    boolean huffmanValue() {
        return huffmanValue;
    }

    /** The table index the last field used (RFC 7541 §2.3.3); 0 for a literal with a new name. */
    int tableIndex() {
        return tableIndex;
    }

    /** RFC 9113 §6.5.2 size of the last field: name + value octets + 32. */
    int fieldSize() {
        return fieldSize;
    }

    /**
     * Reads one field representation (not a size update). With {@code skipLiterals} the strings of literals
     * that do not enter the table are checked but not turned into Strings ({@link #name()} and
     * {@link #value()} may then be null).
     */
    Representation readField(DynamicTable table, boolean skipLiterals) {
        int first = src[pos] & 0xFF;
        // two halves, each small enough for the JIT to inline into the block loop
        return first >= 0x80 ? readIndexed(table) : readLiteral(first, table, skipLiterals);
    }

    /** RFC 7541 §6.1 indexed header field. */
    private Representation readIndexed(DynamicTable table) {
        int at = pos;
        int index = readInt(7);
        if (index == 0) {
            // RFC7541 §6.1: "The index value of 0 is not used. It MUST be treated as a decoding error"
            throw new HpackException(HpackRule.INDEX_ZERO, at - base, "indexed header field with index 0");
        }
        tableIndex = index;
        if (index <= StaticTable.LENGTH) {
            name = StaticTable.name(index);
            value = StaticTable.value(index);
        } else {
            checkDynamicIndex(index, table, at);
            name = table.name(index - StaticTable.LENGTH);
            value = table.value(index - StaticTable.LENGTH);
        }
        huffmanName = false;
        huffmanValue = false;
        fieldSize = HeaderField.sizeOf(name, value);
        return Representation.INDEXED;
    }

    /** RFC 7541 §6.2 literal header field, any of the three kinds. */
    private Representation readLiteral(int first, DynamicTable table, boolean skipLiterals) {
        int at = pos;
        Representation rep;
        int nameIndex;
        if (first >= 0x40) {
            rep = Representation.LITERAL_INDEXED;
            nameIndex = readInt(6);
        } else {
            // 001xxxxx (size update) was handled by the caller: 0001xxxx is never indexed, 0000xxxx not indexed
            rep = first >= 0x10 ? Representation.LITERAL_NEVER_INDEXED : Representation.LITERAL_NOT_INDEXED;
            nameIndex = readInt(4);
        }
        tableIndex = nameIndex;
        boolean materialize = rep == Representation.LITERAL_INDEXED || !skipLiterals;
        int nameLength;
        if (nameIndex == 0) {
            name = readString(materialize);
            nameLength = stringLength;
            huffmanName = stringHuffman;
        } else {
            if (nameIndex <= StaticTable.LENGTH) {
                name = StaticTable.name(nameIndex);
            } else {
                checkDynamicIndex(nameIndex, table, at);
                name = table.name(nameIndex - StaticTable.LENGTH);
            }
            nameLength = name.length();
            huffmanName = false;
        }
        value = readString(materialize);
        huffmanValue = stringHuffman;
        fieldSize = nameLength + stringLength + HeaderField.ENTRY_OVERHEAD;
        if (rep == Representation.LITERAL_INDEXED) {
            table.add(name, value);
        }
        return rep;
    }

    private void checkDynamicIndex(int index, DynamicTable table, int at) {
        if (index - StaticTable.LENGTH > table.length()) {
            // RFC7541 §2.3.3: "Indices strictly greater than the sum of the lengths of both tables MUST be treated
            // as a decoding error."
            throw new HpackException(HpackRule.INDEX_OUT_OF_RANGE, at - base, "index " + index + " is past the end of the tables ("
                    + StaticTable.LENGTH + " static + " + table.length() + " dynamic entries)");
        }
    }

    /** RFC 7541 §5.2 string literal: H flag, 7-bit-prefix length, octets. */
    private String readString(boolean materialize) {
        if (pos >= end) {
            throw missingString();
        }
        int at = pos;
        boolean huffman = (src[pos] & 0x80) != 0;
        int length = readInt(7);
        if (length > maxStringLength) {
            // RFC7541 §7.4: "it has to set a limit to the length it accepts for string literals"
            throw tooLong(at, false, length);
        }
        if (length > end - pos) {
            // RFC7541 §5.2: "String Length: The number of octets used to encode the string literal"
            throw pastEnd(at, length);
        }
        int from = pos;
        pos += length;
        stringHuffman = huffman;
        if (!huffman) {
            stringLength = length;
            return materialize ? new String(src, from, length, StandardCharsets.ISO_8859_1) : null;
        }
        byte[] dst = huffmanScratch(Huffman.maxDecodedLength(length));
        int decoded = Huffman.decode(src, from, length, dst, base);
        if (decoded > maxStringLength) {
            // RFC7541 §7.4: "it has to set a limit to the length it accepts for string literals"
            throw tooLong(at, true, decoded);
        }
        stringLength = decoded;
        return materialize ? new String(dst, 0, decoded, StandardCharsets.ISO_8859_1) : null;
    }

    // exceptions are built out of line: it keeps readString small enough to be inlined

    private HpackException tooLong(int at, boolean huffmanDecoded, int length) {
        String what = huffmanDecoded
                ? "Huffman-coded string literal decodes to " + length + " octets, over the limit of "
                : "string literal of " + length + " octets exceeds the limit of ";
        return new HpackException(HpackRule.STRING_TOO_LONG, at - base, what + maxStringLength);
    }

    private HpackException integerError(HpackRule rule, int at, String detail) {
        return new HpackException(rule, at - base, detail);
    }

    private HpackException missingString() {
        return new HpackException(HpackRule.STRING_MISSING, pos - base, "header block ends where a string literal should start");
    }

    private HpackException pastEnd(int at, int length) {
        return new HpackException(HpackRule.STRING_PAST_END, at - base, "string literal of " + length + " octets runs past the end"
                + " of the header block (" + (end - pos) + " octets left)");
    }

    /**
     * RFC 7541 §5.1 integer with an N-bit prefix, starting at the current byte. Values above 2^31 - 1 and
     * encodings longer than 5 continuation octets are rejected (RFC 7541 §7.4).
     */
    int readInt(int prefixBits) {
        int max = (1 << prefixBits) - 1;
        int v = src[pos++] & max;
        if (v < max) {
            return v;
        }
        long value = max;
        for (int shift = 0; ; shift += 7) {
            if (pos >= end) {
                // RFC7541 §5.1: the last octet of an integer has its most significant bit clear
                throw integerError(HpackRule.INTEGER_TRUNCATED, pos, "header block ends inside an integer");
            }
            if (shift > 28) {
                // RFC7541 §7.4: "An implementation has to set a limit for the values it accepts for integers, as
                // well as for the encoded length"
                throw integerError(HpackRule.INTEGER_ENCODING_TOO_LONG, pos, "integer encoding longer than 5 continuation octets");
            }
            int b = src[pos++];
            value += (long) (b & 0x7F) << shift;
            if (value > Integer.MAX_VALUE) {
                // RFC7541 §7.4: "An implementation has to set a limit for the values it accepts for integers"
                throw integerError(HpackRule.INTEGER_TOO_LARGE, pos - 1, "integer exceeds 2^31-1");
            }
            if (b >= 0) {
                return (int) value;
            }
        }
    }

    private byte[] huffmanScratch(int needed) {
        if (huffmanScratch.length < needed) {
            // needed <= maxDecodedLength(maxStringLength): the scratch never outgrows the string limit
            int bound = Huffman.maxDecodedLength(maxStringLength);
            huffmanScratch = new byte[Math.max(needed, Math.min(bound, Math.max(64, huffmanScratch.length * 2)))];
        }
        return huffmanScratch;
    }
}
