package io.h2scope.engine.trace.jsonl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;

import static io.h2scope.engine.trace.jsonl.LineOctets.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineOctetsTest {

    private static final byte[] A = ascii(",\"a\":");
    private static final byte[] B = ascii(",\"b\":");

    /** Every power of ten and its neighbours, both signs, the ends of int and long, and random values of each length. */
    private static List<Long> numbers() {
        List<Long> numbers = new ArrayList<>(List.of(0L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1,
                (long) Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, (long) Integer.MIN_VALUE, Integer.MIN_VALUE - 1L));
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p *= 10) {
            for (long n : new long[] {p - 1, p, p + 1}) {
                numbers.add(n);
                numbers.add(-n);
            }
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        SplittableRandom random = new SplittableRandom(7);
        for (int bits = 1; bits < 64; bits++) {
            for (int i = 0; i < 50; i++) {
                long n = random.nextLong() >>> (64 - bits);
                numbers.add(n);
                numbers.add(-n);
            }
        }
        return numbers;
    }

    @Test
    void aPayloadIsInBase64AsTheJdkWritesItShortOrLong() {
        SplittableRandom random = new SplittableRandom(11);
        LineOctets line = new LineOctets(1);
        StringBuilder expected = new StringBuilder();
        for (int n = 0; n <= 3 * LineOctets.MAX_SHORT_BASE64; n++) {
            byte[] data = new byte[n];
            for (int i = 0; i < n; i++) {
                data[i] = (byte) random.nextInt(256);
            }
            line.putBase64(data).put(' ');
            expected.append(Base64.getEncoder().encodeToString(data)).append(' ');
        }
        assertEquals(expected.toString(), line.text());
    }

    @Test
    void aNumberIsWrittenAsTheJdkWritesIt() {
        LineOctets line = new LineOctets(1); // grows as it goes: each number past the end of what was there
        StringBuilder expected = new StringBuilder();
        for (long n : numbers()) {
            line.put(n).put(' ');
            expected.append(n).append(' ');
        }
        assertEquals(expected.toString(), line.text());
    }

    @Test
    void aPairIsWrittenAsItsFourPartsWouldBeWhetherItRepeatsTheLastOrNot() {
        LineOctets pairs = new LineOctets(4);
        LineOctets parts = new LineOctets(4);
        long[][] calls = {{1, 100}, {1, 100}, {1, 101}, {2, 101}, {2, 101}, {12345678901L, -7}, {1, 100}};
        for (long[] call : calls) {
            pairs.putPair(A, call[0], B, call[1]).put('|');
            parts.put(A).put(call[0]).put(B).put(call[1]).put('|');
        }
        pairs.putPair(B, 1, A, 100).put('|'); // the same numbers under other keys
        parts.put(B).put(1).put(A).put(100).put('|');
        assertEquals(parts.text(), pairs.text());
        assertEquals(",\"a\":1,\"b\":100|", pairs.text().substring(0, 15));
    }

    @Test
    void aNumberWrittenAgainIsTheSameWhateverWasWrittenBetween() {
        LineOctets line = LineOctets.reused(1);
        StringBuilder expected = new StringBuilder();
        List<Long> numbers = numbers();
        for (int round = 0; round < 3; round++) { // the second and third time, many from the kept digits
            for (int i = 0; i < numbers.size(); i += 1 + round) {
                long n = numbers.get(i);
                line.put(n).put(' ').put(n).put(' ');
                expected.append(n).append(' ').append(n).append(' ');
            }
        }
        assertEquals(expected.toString(), line.text());
    }

    @Test
    void aStringWrittenAgainIsTheSameLiteralEvenWhenOthersShareItsSlot() {
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < 500; i++) { // more than the slots: many share one, and each is written three times
            strings.add("value-" + i + (i % 7 == 0 ? " \"q\"\n" : "") + (i % 11 == 0 ? "\u00e9\u4e2d" : ""));
        }
        strings.add("x".repeat(300)); // too long to keep
        strings.add("ab"); // too short to keep
        LineOctets cached = LineOctets.reused(8);
        for (int round = 0; round < 3; round++) {
            for (String s : strings) {
                cached.putString(s).put(',');
            }
        }
        StringBuilder expected = new StringBuilder();
        for (int round = 0; round < 3; round++) {
            for (String s : strings) {
                expected.append(new LineOctets(8).putString(s).text()).append(',');
            }
        }
        assertEquals(expected.toString(), cached.text());
        assertTrue(cached.text().startsWith("\"value-0 \\\"q\\\"\\n\\u00e9\\u4e2d\",\"value-1\","), cached.text());
    }
}
