package io.h2scope.engine.hpack;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Replaces the value octets of chosen literal field lines of a field block (RFC 7541 §6.2) with filler that decodes
 * to a value of the same length: a plain literal's octets become {@code *}, a Huffman-coded one's a code of as many
 * symbols in as many octets ({@link HuffmanFiller}). The block keeps its length and its lines their offsets and
 * representations, and it decodes with the same table as before, to entries of the same sizes (so the same
 * evictions). It works on the block's structure alone, without a table: which line is which field is the caller's to
 * say, counting field lines from 0 (size updates are not field lines; indexed lines are, and have no value octets).
 */
public final class ValueFiller {

    /** The octet of a plain literal's filler. */
    public static final byte PLAIN = '*';

    private ValueFiller() {
    }

    /** The field lines of {@code block}, or -1 when it does not parse as field lines. */
    public static int fieldLines(byte[] block) {
        return walk(block, line -> false, null);
    }

    /**
     * A copy of {@code block} in which the value of every literal field line {@code i} for which {@code fill} holds is
     * filler; {@code block} itself when no octet changed. From a line that does not parse on (a block cut short, or
     * not HPACK at all) every octet is zeroed: its values cannot be told from the rest.
     */
    public static byte[] fill(byte[] block, IntPredicate fill) {
        Filled out = new Filled(block);
        walk(block, fill, out);
        return out.octets;
    }

    /** The block being filled: the caller's array until the first change, a copy from then on. */
    private static final class Filled {
        final byte[] original;
        byte[] octets;

        Filled(byte[] original) {
            this.original = original;
            this.octets = original;
        }

        /** Writes {@code with} (or {@code length} times {@code octet} when null) at {@code at}, copying first. */
        void put(int at, int length, byte[] with, byte octet) {
            boolean same = with != null ? Arrays.equals(octets, at, at + length, with, 0, length)
                    : allAre(at, length, octet);
            if (same) {
                return; // filler already (a recording redacted before): nothing to copy
            }
            if (octets == original) {
                octets = original.clone();
            }
            if (with != null) {
                System.arraycopy(with, 0, octets, at, length);
            } else {
                Arrays.fill(octets, at, at + length, octet);
            }
        }

        private boolean allAre(int at, int length, byte octet) {
            for (int i = at; i < at + length; i++) {
                if (octets[i] != octet) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Walks the lines of {@code block}, filling the chosen values in {@code out} when it is given; returns the number
     * of field lines, or -1 if the block did not parse.
     */
    private static int walk(byte[] block, IntPredicate fill, Filled out) {
        FieldReader r = new FieldReader(Integer.MAX_VALUE);
        r.start(block, 0, block.length);
        int lines = 0;
        int lineStart = 0;
        try {
            while (r.hasMore()) {
                lineStart = r.offset();
                int first = r.peek();
                if (first >= 0x80) { // indexed (RFC 7541 §6.1): no literal
                    r.readInt(7);
                    lines++;
                    continue;
                }
                if ((first & 0xE0) == 0x20) { // dynamic table size update (§6.3): not a field line
                    r.readInt(5);
                    continue;
                }
                int nameIndex = first >= 0x40 ? r.readInt(6) : r.readInt(4);
                if (nameIndex == 0) {
                    skipString(r, block);
                }
                boolean huffman = (r.peek() & 0x80) != 0;
                int valueAt = skipString(r, block);
                if (out != null && fill.test(lines)) {
                    fillValue(out, valueAt, r.offset() - valueAt, huffman);
                }
                lines++;
            }
            return lines;
        } catch (HpackException | ArrayIndexOutOfBoundsException broken) {
            if (out != null && lineStart < block.length) {
                out.put(lineStart, block.length - lineStart, null, (byte) 0);
            }
            return -1;
        }
    }

    /** Steps over a string literal (§5.2); returns where its octets start. */
    private static int skipString(FieldReader r, byte[] block) {
        int length = r.readInt(7);
        int at = r.offset();
        if (length > block.length - at) {
            throw new HpackException(HpackRule.STRING_PAST_END, at, "string literal runs past the end of the block");
        }
        r.skip(length);
        return at;
    }

    private static void fillValue(Filled out, int at, int length, boolean huffman) {
        if (length == 0) {
            return;
        }
        if (!huffman) {
            out.put(at, length, null, PLAIN);
            return;
        }
        byte[] filler = null;
        try {
            filler = HuffmanFiller.of(Huffman.decode(Arrays.copyOfRange(out.octets, at, at + length)).length, length);
        } catch (HpackException notHuffman) {
            // it did not decode for the peer either: zeros say as much
        }
        out.put(at, length, filler, (byte) 0);
    }
}
