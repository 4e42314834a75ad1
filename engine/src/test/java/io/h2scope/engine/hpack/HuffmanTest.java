package io.h2scope.engine.hpack;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HuffmanTest {

    private static String latin1(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Test
    void knownVectorFromAppendixC4_rfc7541_5_2() {
        assertEquals("f1e3c2e5f23a6ba0ab90f4ff", Hex.encode(Huffman.encode("www.example.com")));
        assertEquals(12, Huffman.encodedLength("www.example.com"));
        assertEquals("www.example.com", latin1(Huffman.decode(Hex.decode("f1e3c2e5f23a6ba0ab90f4ff"))));
    }

    @Test
    void everyOctetRoundTrips_rfc7541_appendixB() {
        for (int c = 0; c < 256; c++) {
            String s = String.valueOf((char) c).repeat(3);
            byte[] enc = Huffman.encode(s);
            assertEquals(Huffman.encodedLength(s), enc.length);
            assertEquals(s, latin1(Huffman.decode(enc)), "octet " + c);
        }
    }

    @Test
    void randomStringsRoundTrip() {
        Random random = new Random(7541);
        for (int i = 0; i < 2000; i++) {
            char[] cs = new char[random.nextInt(40)];
            for (int k = 0; k < cs.length; k++) {
                cs[k] = (char) (i % 2 == 0 ? random.nextInt(256) : 32 + random.nextInt(95));
            }
            String s = new String(cs);
            assertEquals(s, latin1(Huffman.decode(Huffman.encode(s))));
        }
    }

    @Test
    void shortestCodesAreFiveBitsAndLongestThirty_rfc7541_appendixB() {
        assertEquals(1, Huffman.encodedLength("0")); // 5 bits
        assertEquals(5, Huffman.encodedLength("0".repeat(8))); // 40 bits
        assertEquals(4, Huffman.encodedLength("\n")); // 30 bits
        assertArrayEquals(new byte[0], Huffman.encode(""));
        assertArrayEquals(new byte[0], Huffman.decode(new byte[0]));
    }

    @Test
    void eosInsideStringIsAnError_rfc7541_5_2() {
        // "a" (00011), then EOS (30 ones), then 5 ones of padding: 40 bits
        HpackException e = assertThrows(HpackException.class, () -> Huffman.decode(Hex.decode("1fffffffff")));
        assertTrue(e.getMessage().contains("EOS"));
        assertEquals(4, e.offset());
    }

    @Test
    void paddingOfEightOnesIsAnError_rfc7541_5_2() {
        HpackException e = assertThrows(HpackException.class, () -> Huffman.decode(Hex.decode("ff")));
        assertTrue(e.getMessage().contains("more than 7"), e.getMessage());
    }

    @Test
    void paddingWithZeroIsAnError_rfc7541_5_2() {
        // '0' is 00000: 00000 + 110 padding
        HpackException e = assertThrows(HpackException.class, () -> Huffman.decode(Hex.decode("06")));
        assertTrue(e.getMessage().contains("not all ones"), e.getMessage());
        assertEquals("0", latin1(Huffman.decode(Hex.decode("07"))));
    }

    @Test
    void charsAboveLatin1AreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Huffman.encodedLength("caf\u20ac"));
    }

    @Test
    void speculativeCodingAgreesWithTwoPassCodingAndGivesUpWhenNotShorter() {
        Random random = new Random(9113);
        int givenUp = 0;
        for (int i = 0; i < 3000; i++) {
            char[] cs = new char[random.nextInt(126)];
            for (int k = 0; k < cs.length; k++) {
                // odd rounds: octets with long codes (most >= 8 bits), so coding does not shorten them
                cs[k] = (char) (i % 2 == 0 ? 32 + random.nextInt(95) : 128 + random.nextInt(128));
            }
            String s = new String(cs);
            byte[] buf = new byte[3 + s.length()];
            int length = Huffman.encodeIfShorter(s, buf, 3);
            int expected = Huffman.encodedLength(s);
            if (expected < s.length()) {
                assertEquals(expected, length, s);
                assertArrayEquals(Huffman.encode(s), java.util.Arrays.copyOfRange(buf, 3, 3 + length), s);
            } else {
                assertEquals(-1, length, s);
                givenUp++;
            }
        }
        assertTrue(givenUp > 1000, "the odd rounds must exercise the give-up path: " + givenUp);
    }

    @Test
    void speculativeCodingRejectsCharsAboveLatin1EvenAfterGivingUp() {
        assertThrows(IllegalArgumentException.class, () -> Huffman.encodeIfShorter("caf\u20ac", new byte[4], 0));
        // long codes first, so it gives up before it reaches the bad char
        assertThrows(IllegalArgumentException.class,
                () -> Huffman.encodeIfShorter("\u00ff\u00fe\u00fd\u00fc\u00fb\u20ac", new byte[6], 0));
    }
}
