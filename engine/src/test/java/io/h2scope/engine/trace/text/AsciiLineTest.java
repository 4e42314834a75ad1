package io.h2scope.engine.trace.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** An AsciiLine's octets are the chars appended, and it says when a char did not fit in one octet. */
class AsciiLineTest {

    private static void assertOctets(String expected, AsciiLine line) {
        assertTrue(line.isAscii(), expected);
        assertEquals(expected.length(), line.length());
        assertArrayEquals(expected.getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(line.octets(), line.length()));
        assertEquals(expected, line.toString());
    }

    @Test
    void numbersAreTheirDecimalDigitsIncludingNegativeAndExtremeValues() {
        long[] longs = {0, 7, 9, 10, -1, -9, -10, 99, 100, 65_535, -65_535, Integer.MAX_VALUE, Integer.MIN_VALUE,
            Integer.MIN_VALUE - 1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 1_000_000_000_000_000_000L};
        int[] ints = {0, -1, 10, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1};
        AsciiLine line = new AsciiLine(16);
        StringBuilder expected = new StringBuilder();
        for (long v : longs) {
            line.append(v).append(' ');
            expected.append(v).append(' ');
        }
        for (int v : ints) {
            line.append(v).append(',');
            expected.append(v).append(',');
        }
        assertOctets(expected.toString(), line);
    }

    @Test
    void growsPastItsCapacityWithEveryKindOfAppend() {
        AsciiLine line = new AsciiLine(16); // the smallest it starts with
        AsciiLine kept = new AsciiLine(16);
        kept.append("kept text ").append(42);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            line.append("ab").append('c').append(i).append(-1L * i).append(kept);
            expected.append("ab").append('c').append(i).append(-1L * i).append("kept text 42");
        }
        String longText = "x".repeat(5_000) + "end"; // longer than the line has grown to
        line.append(longText);
        expected.append(longText);
        assertOctets(expected.toString(), line);
        line.clear();
        assertOctets("", line.append(""));
    }

    @Test
    void aCharBeyondAsciiMarksTheLineEvenWhereItsLowOctetIsAscii() {
        // U+0141's low octet is 'A' (0x41): a copy that keeps low octets and checks them would pass it as ASCII
        String[] beyond = {"caf\u00e9", "A\u0141", "\u0141", "y".repeat(300) + "\u0141", "\u0080", "\u20ac"};
        for (String text : beyond) {
            AsciiLine line = new AsciiLine(16);
            assertFalse(line.append("ok ").append(text).append(" ok").isAscii(), text);
            line.clear();
            assertTrue(line.append("ok").isAscii(), "clear makes the line ASCII again");
        }
        assertFalse(new AsciiLine(16).append('\u0141').isAscii());
        assertFalse(new AsciiLine(16).append('\u00ff').isAscii());
        assertTrue(new AsciiLine(16).append('\u007f').isAscii());
        AsciiLine marked = new AsciiLine(16).append("\u0141");
        assertFalse(new AsciiLine(16).append("ok").append(marked).isAscii(), "a kept text that was not ASCII");
        AsciiLine tail = new AsciiLine(16);
        marked.copyTail(0, tail);
        assertFalse(tail.isAscii(), "a tail copied from a line that is not ASCII");
    }

    @Test
    void aTailIsCopiedFromEitherKindOfLine() {
        AsciiLine into = new AsciiLine(16);
        new AsciiLine(16).append("head | tail of ").append(123_456).copyTail(5, into);
        assertOctets("| tail of 123456", into);
        LineText.of(new StringBuilder("head | builder tail")).copyTail(5, into);
        assertOctets("| builder tail", into);
        StringBuilder built = new StringBuilder("a ");
        LineText.of(built).append(into).append(-5).append('!');
        assertEquals("a | builder tail-5!", built.toString());
    }
}
