package io.h2scope.engine.hpack;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Huffman-coded value's filler: as many octets, decoding to as many symbols, none a field value may not hold. */
class HuffmanFillerTest {

    @Test
    void fillsEveryStringOfTokensAndOfRandomOctetsAtItsLengths() {
        Random random = new Random(28);
        String token = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/=";
        for (int i = 0; i < 3000; i++) {
            int length = random.nextInt(300);
            StringBuilder s = new StringBuilder(length);
            for (int j = 0; j < length; j++) {
                s.append(i % 2 == 0 ? token.charAt(random.nextInt(token.length())) : (char) (1 + random.nextInt(255)));
            }
            assertFills(s.toString());
        }
    }

    @Test
    void fillsEverySingleOctet() {
        for (int c = 1; c < 256; c++) {
            assertFills(String.valueOf((char) c));
        }
    }

    @Test
    void dependsOnTheLengthsAlone() {
        // "secret123" and "abcdefghi" take the same octets and symbols: the filler says nothing of either
        byte[] one = HuffmanFiller.of(9, Huffman.encode("secret123").length);
        assertEquals(Huffman.encode("secret123").length, Huffman.encode("tosecret1").length);
        assertArrayEquals(one, HuffmanFiller.of(9, Huffman.encode("tosecret1").length));
    }

    private static void assertFills(String value) {
        byte[] code = Huffman.encode(value);
        byte[] filler = HuffmanFiller.of(value.length(), code.length);
        assertNotNull(filler, () -> "no filler for " + value.length() + " symbols in " + code.length + " octets");
        assertEquals(code.length, filler.length);
        String decoded = new String(Huffman.decode(filler), StandardCharsets.ISO_8859_1);
        assertEquals(value.length(), decoded.length());
        for (char c : decoded.toCharArray()) {
            assertTrue(c != 0 && c != '\n' && c != '\r', "filler holds 0x" + Integer.toHexString(c));
        }
    }
}
