package io.h2scope.conformance.client.cases;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;

/**
 * Octets no encoder writes, for the HPACK cases' broken blocks: integers past 64 bits (RFC 7541 §5.1) and Huffman
 * strings built code by code (RFC 7541 §5.2, Appendix B), with any padding.
 */
final class HpackOctets {

    /** Appendix B codes the cases use: '2', '0', and EOS. */
    static final Code TWO = new Code(0x2, 5);
    static final Code ZERO = new Code(0x0, 5);
    static final Code EOS = new Code(0x3fffffff, 30);

    /** One Huffman code: its bits, right-aligned, and how many. */
    record Code(long bits, int length) {
    }

    private HpackOctets() {
    }

    /** RFC 7541 §5.1's integer of any size: {@code flags} above an all-ones {@code prefixBits} prefix, then 7-bit groups. */
    static byte[] integer(int flags, int prefixBits, BigInteger value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BigInteger max = BigInteger.valueOf((1L << prefixBits) - 1);
        if (value.compareTo(max) < 0) {
            out.write(flags | value.intValue());
            return out.toByteArray();
        }
        out.write(flags | max.intValue());
        BigInteger rest = value.subtract(max);
        BigInteger group = BigInteger.valueOf(0x80);
        while (rest.compareTo(group) >= 0) {
            out.write(rest.intValue() & 0x7f | 0x80);
            rest = rest.shiftRight(7);
        }
        out.write(rest.intValue());
        return out.toByteArray();
    }

    /** The codes one after the other, then {@code padBits} bits of {@code padOne ? 1 : 0} up to an octet boundary or past it. */
    static byte[] huffman(int padBits, boolean padOne, Code... codes) {
        BigInteger bits = BigInteger.ZERO;
        int length = 0;
        for (Code c : codes) {
            bits = bits.shiftLeft(c.length()).or(BigInteger.valueOf(c.bits()));
            length += c.length();
        }
        bits = bits.shiftLeft(padBits);
        if (padOne) {
            bits = bits.or(BigInteger.ONE.shiftLeft(padBits).subtract(BigInteger.ONE));
        }
        length += padBits;
        if (length % 8 != 0) {
            throw new IllegalArgumentException(length + " bits do not end on an octet boundary");
        }
        byte[] octets = new byte[length / 8];
        byte[] big = bits.toByteArray(); // big-endian, maybe with a leading sign octet or fewer octets
        for (int i = 0; i < octets.length && i < big.length; i++) {
            octets[octets.length - 1 - i] = big[big.length - 1 - i];
        }
        return octets;
    }
}
