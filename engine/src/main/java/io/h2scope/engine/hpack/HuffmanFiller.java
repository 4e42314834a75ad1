package io.h2scope.engine.hpack;

/**
 * Huffman-coded filler (RFC 7541 §5.2): a string of exactly a given number of octets that decodes, padding and all,
 * to exactly a given number of symbols. A redacted field block carries it where a Huffman-coded value was, so the
 * block still decodes, to a value of the same length (a table entry of the same size, RFC 7541 §4.1). Only the two
 * lengths show through: the symbols are chosen from the number of bits, never from the value.
 */
final class HuffmanFiller {

    private static final int SHORTEST = 5;
    private static final int LONGEST = 30;
    /** Symbols tried for each code length, most readable first; never NUL, CR, LF or space (RFC 9113 §8.2.1). */
    private static final String PREFERRED = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            + "!#$&'()*+-.^_`|~%/:;<=>?@[]{}\\\"";
    /** Per code length, a symbol of that length, or -1 where there is none a field value may hold. */
    private static final int[] SYMBOL = new int[LONGEST + 1];

    static {
        java.util.Arrays.fill(SYMBOL, -1);
        for (int i = 0; i < PREFERRED.length(); i++) {
            take(PREFERRED.charAt(i));
        }
        for (int c = 1; c < 256; c++) {
            if (c != '\n' && c != '\r' && c != ' ') {
                take(c);
            }
        }
    }

    private HuffmanFiller() {
    }

    private static void take(int symbol) {
        int length = Huffman.codeLength(symbol);
        if (SYMBOL[length] < 0) {
            SYMBOL[length] = symbol;
        }
    }

    /**
     * {@code octets} octets of Huffman code for {@code symbols} filler symbols, or null when no such code exists
     * (it always does for the lengths of a string that decoded: its own symbols are one answer).
     */
    static byte[] of(int symbols, int octets) {
        if (symbols == 0 || octets == 0) {
            return symbols == 0 && octets == 0 ? new byte[0] : null;
        }
        // the code's bits: at most 7 of padding after them (RFC 7541 §5.2)
        for (long bits = Math.max((long) SHORTEST * symbols, 8L * octets - 7); bits <= 8L * octets; bits++) {
            String text = symbolsOf(symbols, bits);
            if (text != null) {
                byte[] code = Huffman.encode(text);
                if (code.length == octets) {
                    return code;
                }
            }
        }
        return null;
    }

    /** {@code count} symbols whose codes take {@code bits} bits in all, spread evenly; null when there are none. */
    private static String symbolsOf(int count, long bits) {
        long extra = bits - (long) SHORTEST * count; // bits past the shortest code of each symbol
        StringBuilder text = new StringBuilder(count);
        for (int i = 0; i < count; i++) {
            int left = count - i;
            long even = (extra + left - 1) / left;
            int length = lengthAtLeast(SHORTEST + even, SHORTEST + extra);
            if (length < 0) {
                length = lengthAtMost(SHORTEST + extra);
            }
            extra -= length - SHORTEST;
            if (extra > (long) (LONGEST - SHORTEST) * (left - 1)) {
                return null;
            }
            text.append((char) SYMBOL[length]);
        }
        return extra == 0 ? text.toString() : null;
    }

    /** The shortest code length from {@code from} to {@code to} that has a symbol, or -1. */
    private static int lengthAtLeast(long from, long to) {
        for (long length = from; length <= Math.min(to, LONGEST); length++) {
            if (SYMBOL[(int) length] >= 0) {
                return (int) length;
            }
        }
        return -1;
    }

    /** The longest code length up to {@code to} that has a symbol. */
    private static int lengthAtMost(long to) {
        for (long length = Math.min(to, LONGEST); length > SHORTEST; length--) {
            if (SYMBOL[(int) length] >= 0) {
                return (int) length;
            }
        }
        return SHORTEST;
    }
}
