package io.h2scope.engine.trace.jsonl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static io.h2scope.engine.trace.jsonl.LineOctets.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
