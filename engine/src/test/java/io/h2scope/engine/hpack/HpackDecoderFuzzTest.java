package io.h2scope.engine.hpack;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arbitrary bytes into {@link HpackDecoder}: only {@link HpackException} or {@link HeaderListSizeException}
 * may come out, and every limit holds. Plain {@code mvn test} replays the seed corpus in
 * {@code HpackDecoderFuzzTestInputs/fuzzDecode}; {@code JAZZER_FUZZ=1} fuzzes.
 *
 * <p>Input: byte 0 picks the limits (bits 0-1 table size, 2-3 string length, 4-5 header list size); then
 * records: a control byte {@code >= 0xF0} announces a new table size (low 2 bits), any other control byte
 * is the length of the header block that follows.
 */
class HpackDecoderFuzzTest {

    private static final int[] TABLE_SIZES = {0, 64, 256, 4096};
    private static final int[] STRING_LIMITS = {0, 16, 256, 4096};
    private static final long[] LIST_LIMITS = {0, 100, 1000, 1 << 20};
    private static final int LONGEST_STATIC_NAME = "access-control-allow-origin".length();
    private static final int LONGEST_STATIC_VALUE = "gzip, deflate".length();

    @FuzzTest(maxDuration = "30s")
    void fuzzDecode(byte[] data) {
        if (data.length == 0) {
            return;
        }
        int limits = data[0] & 0xFF;
        int stringLimit = STRING_LIMITS[(limits >>> 2) & 3];
        long listLimit = LIST_LIMITS[(limits >>> 4) & 3];
        HpackDecoder decoder = new HpackDecoder(TABLE_SIZES[limits & 3], listLimit, stringLimit);
        int pos = 1;
        while (pos < data.length) {
            int control = data[pos++] & 0xFF;
            if (control >= 0xF0) {
                decoder.setMaxTableSize(TABLE_SIZES[control & 3]);
                continue;
            }
            int len = Math.min(control, data.length - pos);
            byte[] block = Arrays.copyOfRange(data, pos, pos + len);
            pos += len;
            long[] listSize = {0};
            try {
                decoder.decode(block, (name, value, rep, hn, hv) -> {
                    // literals obey the string limit; longer ones can only be static table entries
                    assertTrue(name.length() <= Math.max(stringLimit, LONGEST_STATIC_NAME), "name over the limit");
                    assertTrue(value.length() <= Math.max(stringLimit, LONGEST_STATIC_VALUE), "value over the limit");
                    listSize[0] += name.length() + value.length() + 32;
                    assertTrue(listSize[0] <= listLimit, "delivered past the header list limit");
                });
            } catch (HeaderListSizeException e) {
                assertTrue(e.listSize() > listLimit);
            } catch (HpackException e) {
                assertTrue(e.offset() >= 0 && e.offset() <= len, e.getMessage());
                return; // COMPRESSION_ERROR ends the connection
            }
            DynamicTable table = decoder.dynamicTable();
            assertTrue(table.size() <= table.maxSize(), "table over its maximum");
            assertTrue(table.length() * 32 <= table.size(), "entry accounting");
        }
    }
}
