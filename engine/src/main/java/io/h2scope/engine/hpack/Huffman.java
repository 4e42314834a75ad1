package io.h2scope.engine.hpack;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The Huffman code of RFC 7541 Appendix B. Encoding uses the code table directly; decoding runs a byte-wide
 * state machine built from the same table when the class loads: a state is an internal node of the code
 * tree, and each of its 256 octet transitions gives the next node and at most two decoded octets (no code
 * is shorter than 5 bits). One table lookup per input octet, no per-bit work.
 */
public final class Huffman {

    /** Code of each symbol, aligned to the least significant bit; symbol 256 is EOS. */
    private static final int[] CODES = {
        0x1ff8, 0x7fffd8, 0xfffffe2, 0xfffffe3, 0xfffffe4, 0xfffffe5, 0xfffffe6, 0xfffffe7,  // 0-7
        0xfffffe8, 0xffffea, 0x3ffffffc, 0xfffffe9, 0xfffffea, 0x3ffffffd, 0xfffffeb, 0xfffffec,  // 8-15
        0xfffffed, 0xfffffee, 0xfffffef, 0xffffff0, 0xffffff1, 0xffffff2, 0x3ffffffe, 0xffffff3,  // 16-23
        0xffffff4, 0xffffff5, 0xffffff6, 0xffffff7, 0xffffff8, 0xffffff9, 0xffffffa, 0xffffffb,  // 24-31
        0x14, 0x3f8, 0x3f9, 0xffa, 0x1ff9, 0x15, 0xf8, 0x7fa,  // 32-39
        0x3fa, 0x3fb, 0xf9, 0x7fb, 0xfa, 0x16, 0x17, 0x18,  // 40-47
        0x0, 0x1, 0x2, 0x19, 0x1a, 0x1b, 0x1c, 0x1d,  // 48-55
        0x1e, 0x1f, 0x5c, 0xfb, 0x7ffc, 0x20, 0xffb, 0x3fc,  // 56-63
        0x1ffa, 0x21, 0x5d, 0x5e, 0x5f, 0x60, 0x61, 0x62,  // 64-71
        0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a,  // 72-79
        0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72,  // 80-87
        0xfc, 0x73, 0xfd, 0x1ffb, 0x7fff0, 0x1ffc, 0x3ffc, 0x22,  // 88-95
        0x7ffd, 0x3, 0x23, 0x4, 0x24, 0x5, 0x25, 0x26,  // 96-103
        0x27, 0x6, 0x74, 0x75, 0x28, 0x29, 0x2a, 0x7,  // 104-111
        0x2b, 0x76, 0x2c, 0x8, 0x9, 0x2d, 0x77, 0x78,  // 112-119
        0x79, 0x7a, 0x7b, 0x7ffe, 0x7fc, 0x3ffd, 0x1ffd, 0xffffffc,  // 120-127
        0xfffe6, 0x3fffd2, 0xfffe7, 0xfffe8, 0x3fffd3, 0x3fffd4, 0x3fffd5, 0x7fffd9,  // 128-135
        0x3fffd6, 0x7fffda, 0x7fffdb, 0x7fffdc, 0x7fffdd, 0x7fffde, 0xffffeb, 0x7fffdf,  // 136-143
        0xffffec, 0xffffed, 0x3fffd7, 0x7fffe0, 0xffffee, 0x7fffe1, 0x7fffe2, 0x7fffe3,  // 144-151
        0x7fffe4, 0x1fffdc, 0x3fffd8, 0x7fffe5, 0x3fffd9, 0x7fffe6, 0x7fffe7, 0xffffef,  // 152-159
        0x3fffda, 0x1fffdd, 0xfffe9, 0x3fffdb, 0x3fffdc, 0x7fffe8, 0x7fffe9, 0x1fffde,  // 160-167
        0x7fffea, 0x3fffdd, 0x3fffde, 0xfffff0, 0x1fffdf, 0x3fffdf, 0x7fffeb, 0x7fffec,  // 168-175
        0x1fffe0, 0x1fffe1, 0x3fffe0, 0x1fffe2, 0x7fffed, 0x3fffe1, 0x7fffee, 0x7fffef,  // 176-183
        0xfffea, 0x3fffe2, 0x3fffe3, 0x3fffe4, 0x7ffff0, 0x3fffe5, 0x3fffe6, 0x7ffff1,  // 184-191
        0x3ffffe0, 0x3ffffe1, 0xfffeb, 0x7fff1, 0x3fffe7, 0x7ffff2, 0x3fffe8, 0x1ffffec,  // 192-199
        0x3ffffe2, 0x3ffffe3, 0x3ffffe4, 0x7ffffde, 0x7ffffdf, 0x3ffffe5, 0xfffff1, 0x1ffffed,  // 200-207
        0x7fff2, 0x1fffe3, 0x3ffffe6, 0x7ffffe0, 0x7ffffe1, 0x3ffffe7, 0x7ffffe2, 0xfffff2,  // 208-215
        0x1fffe4, 0x1fffe5, 0x3ffffe8, 0x3ffffe9, 0xffffffd, 0x7ffffe3, 0x7ffffe4, 0x7ffffe5,  // 216-223
        0xfffec, 0xfffff3, 0xfffed, 0x1fffe6, 0x3fffe9, 0x1fffe7, 0x1fffe8, 0x7ffff3,  // 224-231
        0x3fffea, 0x3fffeb, 0x1ffffee, 0x1ffffef, 0xfffff4, 0xfffff5, 0x3ffffea, 0x7ffff4,  // 232-239
        0x3ffffeb, 0x7ffffe6, 0x3ffffec, 0x3ffffed, 0x7ffffe7, 0x7ffffe8, 0x7ffffe9, 0x7ffffea,  // 240-247
        0x7ffffeb, 0xffffffe, 0x7ffffec, 0x7ffffed, 0x7ffffee, 0x7ffffef, 0x7fffff0, 0x3ffffee,  // 248-255
        0x3fffffff,  // 256-256
    };
    private static final byte[] LENGTHS = {
        13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,  // 0-15
        28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,  // 16-31
        6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,  // 32-47
        5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,  // 48-63
        13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,  // 64-79
        7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,  // 80-95
        15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,  // 96-111
        6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,  // 112-127
        20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,  // 128-143
        24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,  // 144-159
        22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,  // 160-175
        21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,  // 176-191
        26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,  // 192-207
        19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,  // 208-223
        20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,  // 224-239
        26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,  // 240-255
        30,  // 256-256
    };

    /**
     * One big-endian int store per full word instead of four byte stores, each with its own bounds check:
     * most of what makes encoding fast ({@code HpackBench} coldEncode).
     */
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private static final int EOS = 256;
    /** Internal nodes of the tree (257 leaves); node 0 is the root. */
    private static final int NODES = 256;
    /** Absorbing state entered when EOS is decoded. */
    private static final int DEAD = NODES;
    private static final int STATE_MASK = 0x1FF;
    private static final int FIRST_SHIFT = 9;
    private static final int SECOND_SHIFT = 17;
    private static final int COUNT_SHIFT = 25;

    /**
     * {@code TRANSITIONS[state << 8 | octet]}: bits 0-8 the next state, bits 9-16 the first octet decoded,
     * bits 17-24 the second, bits 25-26 how many were decoded (0 to 2). 257 x 256 ints, about 257 KB, of
     * which ordinary header text touches the few rows of shallow states.
     */
    private static final int[] TRANSITIONS = new int[(NODES + 1) << 8];
    /** Per state: the number of bits since the last symbol if they are all ones, else -1. */
    private static final int[] ONES_DEPTH = new int[NODES + 1];

    static {
        buildDecoder();
    }

    private Huffman() {
    }

    private static void buildDecoder() {
        // child[node * 2 + bit]: >= 0 an internal node, < 0 the leaf -(symbol + 1).
        int[] child = new int[NODES * 2];
        int nodes = 1;
        for (int sym = 0; sym <= EOS; sym++) {
            int node = 0;
            for (int bit = LENGTHS[sym] - 1; bit >= 0; bit--) {
                int b = (CODES[sym] >>> bit) & 1;
                if (bit == 0) {
                    child[node * 2 + b] = -(sym + 1);
                } else {
                    if (child[node * 2 + b] == 0) {
                        child[node * 2 + b] = nodes;
                        ONES_DEPTH[nodes] = (b == 1 && ONES_DEPTH[node] >= 0) ? ONES_DEPTH[node] + 1 : -1;
                        nodes++;
                    }
                    node = child[node * 2 + b];
                }
            }
        }
        if (nodes != NODES) {
            throw new AssertionError("Appendix B code table is not a complete tree: " + nodes + " nodes");
        }
        ONES_DEPTH[DEAD] = -1;
        for (int state = 0; state < NODES; state++) {
            for (int octet = 0; octet < 256; octet++) {
                TRANSITIONS[state << 8 | octet] = transition(child, state, octet);
            }
        }
        for (int octet = 0; octet < 256; octet++) {
            TRANSITIONS[DEAD << 8 | octet] = DEAD;
        }
    }

    private static int transition(int[] child, int state, int octet) {
        int node = state;
        int entry = 0;
        int count = 0;
        for (int bit = 7; bit >= 0; bit--) {
            int next = child[node * 2 + ((octet >>> bit) & 1)];
            if (next >= 0) {
                node = next;
                continue;
            }
            int sym = -next - 1;
            if (sym == EOS) {
                return DEAD;
            }
            entry |= sym << (count == 0 ? FIRST_SHIFT : SECOND_SHIFT);
            count++;
            node = 0;
        }
        return entry | count << COUNT_SHIFT | node;
    }

    /** The length in bits of the code of {@code symbol} (0 to 255, or 256 for EOS). */
    static int codeLength(int symbol) {
        return LENGTHS[symbol];
    }

    /** Octets that {@code s} takes once Huffman-coded, padding included. */
    public static int encodedLength(String s) {
        long bits = 0;
        int all = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            int c = s.charAt(i);
            all |= c;
            bits += LENGTHS[c & 0xFF];
        }
        if (all > 0xFF) {
            throw notAnOctet(s);
        }
        return (int) ((bits + 7) >>> 3);
    }

    /** Huffman-codes {@code s} (exactly {@link #encodedLength} octets) into {@code out}. */
    public static void encode(String s, HpackOutput out) {
        encode(s, encodedLength(s), out);
    }

    /** As {@link #encode(String, HpackOutput)} when the caller already knows {@link #encodedLength}. */
    static void encode(String s, int encodedLength, HpackOutput out) {
        int n = s.length();
        out.ensureSpace(encodedLength);
        byte[] buf = out.array();
        int pos = out.size();
        // codes are at most 30 bits: flushing whole 32-bit words keeps fewer than 32 bits pending, so the
        // 64-bit accumulator never loses a bit that is still to be written
        long acc = 0;
        int bits = 0;
        int all = 0;
        for (int i = 0; i < n; i++) {
            int c = s.charAt(i);
            all |= c;
            c &= 0xFF;
            int length = LENGTHS[c];
            acc = acc << length | CODES[c];
            bits += length;
            if (bits >= 32) {
                bits -= 32;
                INT_BE.set(buf, pos, (int) (acc >>> bits));
                pos += 4;
            }
        }
        if (all > 0xFF) {
            throw notAnOctet(s);
        }
        while (bits >= 8) {
            bits -= 8;
            buf[pos++] = (byte) (acc >>> bits);
        }
        if (bits > 0) {
            // RFC7541 §5.2: "padding ... corresponding to the most significant bits of the code for the EOS symbol"
            buf[pos++] = (byte) (acc << (8 - bits) | 0xFF >>> bits);
        }
        out.setSize(pos);
    }

    /**
     * Huffman-codes {@code s} into {@code buf} from {@code pos} only if that is shorter than its {@code s.length()}
     * plain octets, in one pass; returns the coded length, or -1 (the buffer's content past {@code pos} is then
     * garbage) when coding would not save an octet. {@code buf} must have {@code s.length()} octets of room.
     * Why: deciding with {@link #encodedLength} first walks every string twice; most header strings get
     * shorter, so coding speculatively and giving up early on the rest is the cheaper bet.
     */
    // The loop repeats encode's on purpose: one shared loop with a length bound lets the JIT compile this path
    // badly in some JMH forks (coldEncode nearly twice as slow); two loops do not.
    static int encodeIfShorter(String s, byte[] buf, int pos) {
        int n = s.length();
        int start = pos;
        int wordLimit = start + n - 4; // a word written past this makes the code at least n octets long
        long acc = 0;
        int bits = 0;
        int all = 0;
        for (int i = 0; i < n; i++) {
            int c = s.charAt(i);
            all |= c;
            c &= 0xFF;
            int length = LENGTHS[c];
            acc = acc << length | CODES[c];
            bits += length;
            if (bits >= 32) {
                if (pos > wordLimit) {
                    return checkedGiveUp(s, all);
                }
                bits -= 32;
                INT_BE.set(buf, pos, (int) (acc >>> bits));
                pos += 4;
            }
        }
        if (all > 0xFF) {
            throw notAnOctet(s);
        }
        if (pos - start + ((bits + 7) >>> 3) >= n) {
            return -1;
        }
        while (bits >= 8) {
            bits -= 8;
            buf[pos++] = (byte) (acc >>> bits);
        }
        if (bits > 0) {
            buf[pos++] = (byte) (acc << (8 - bits) | 0xFF >>> bits); // EOS-prefix padding, RFC 7541 §5.2
        }
        return pos - start;
    }

    private static int checkedGiveUp(String s, int seenSoFar) {
        int all = seenSoFar;
        for (int i = 0, n = s.length(); i < n; i++) {
            all |= s.charAt(i);
        }
        if (all > 0xFF) {
            throw notAnOctet(s);
        }
        return -1;
    }

    /** Huffman-codes {@code s} into a new array. */
    public static byte[] encode(String s) {
        HpackOutput out = new HpackOutput(encodedLength(s));
        encode(s, out);
        return out.toByteArray();
    }

    /** Decodes a whole Huffman-coded string; errors report offsets within {@code encoded}. */
    public static byte[] decode(byte[] encoded) {
        byte[] dst = new byte[maxDecodedLength(encoded.length)];
        int n = decode(encoded, 0, encoded.length, dst, 0);
        return java.util.Arrays.copyOf(dst, n);
    }

    /** Room {@link #decode(byte[], int, int, byte[], int)} needs in {@code dst} for {@code encodedLength} octets. */
    static int maxDecodedLength(int encodedLength) {
        // at most one octet per 5 bits, plus one octet of slack: the loop stores two octets per input octet
        // whatever it decoded, and before the last input octet at most (8 * len - 8) / 5 octets are decoded
        return (int) ((encodedLength * 8L) / 5 + 1);
    }

    /**
     * Decodes {@code len} octets at {@code src[off]} into {@code dst} from index 0 and returns the number of
     * octets decoded. {@code dst} must hold {@link #maxDecodedLength}. Exceptions give offsets relative to
     * {@code base}.
     */
    static int decode(byte[] src, int off, int len, byte[] dst, int base) {
        int state = 0;
        int n = 0;
        int[] table = TRANSITIONS;
        for (int i = off, end = off + len; i < end; i++) {
            int e = table[state << 8 | src[i] & 0xFF];
            dst[n] = (byte) (e >>> FIRST_SHIFT);
            dst[n + 1] = (byte) (e >>> SECOND_SHIFT);
            n += e >>> COUNT_SHIFT;
            state = e & STATE_MASK;
        }
        if (state == DEAD) {
            // RFC7541 §5.2: "A Huffman-encoded string literal containing the EOS symbol MUST be treated as a decoding error."
            throw new HpackException(HpackRule.HUFFMAN_EOS, eosOffset(src, off, len) - base,
                    "Huffman-coded string contains the EOS symbol");
        }
        int ones = ONES_DEPTH[state];
        if (ones > 7) {
            // RFC7541 §5.2: "A padding strictly longer than 7 bits MUST be treated as a decoding error."
            throw new HpackException(HpackRule.HUFFMAN_PADDING_TOO_LONG, off + len - 1 - base,
                    "Huffman padding is " + ones + " bits long, more than 7");
        }
        if (ones < 0) {
            // RFC7541 §5.2: "A padding not corresponding to the most significant bits of the code for the EOS
            // symbol MUST be treated as a decoding error."
            throw new HpackException(HpackRule.HUFFMAN_PADDING_NOT_EOS, off + len - 1 - base,
                    "Huffman padding is not all ones (the string ends inside a symbol)");
        }
        return n;
    }

    /** Slow path, errors only: the offset of the octet in which EOS was completed. */
    private static int eosOffset(byte[] src, int off, int len) {
        int state = 0;
        for (int i = off; i < off + len; i++) {
            state = TRANSITIONS[state << 8 | src[i] & 0xFF] & STATE_MASK;
            if (state == DEAD) {
                return i;
            }
        }
        return off + len - 1;
    }

    private static IllegalArgumentException notAnOctet(String s) {
        int i = 0;
        while (s.charAt(i) <= 0xFF) {
            i++;
        }
        return new IllegalArgumentException("header octet string has char U+" + Integer.toHexString(s.charAt(i))
                + " at " + i + "; only U+0000..U+00FF (ISO-8859-1 octets) can be sent");
    }
}
