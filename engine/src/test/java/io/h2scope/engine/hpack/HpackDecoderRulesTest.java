package io.h2scope.engine.hpack;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every decoding error of RFC 7541 (and the header list limit of RFC 9113 §6.5.2), with its offset. */
class HpackDecoderRulesTest {

    private static HpackDecoder decoder() {
        return new HpackDecoder(4096, 1 << 20, 64);
    }

    private static HpackException fails(HpackDecoder decoder, String hex, String section, int offset) {
        HpackException e = assertThrows(HpackException.class, () -> decoder.decode(Hex.decode(hex)));
        assertEquals(section, e.section(), e.getMessage());
        assertEquals(offset, e.offset(), e.getMessage());
        assertTrue(e.getMessage().contains("RFC 7541 §" + section), e.getMessage());
        assertTrue(e.getMessage().contains("at byte " + offset), e.getMessage());
        return e;
    }

    private static HpackException fails(String hex, String section, int offset) {
        return fails(decoder(), hex, section, offset);
    }

    @Test
    void indexZero_rfc7541_6_1() {
        fails("8280", "6.1", 1);
    }

    @Test
    void indexPastBothTables_rfc7541_2_3_3() {
        fails("be", "2.3.3", 0); // 62 with an empty dynamic table
        fails("82 7f00 0161", "2.3.3", 1); // literal whose name index is 63
        HpackDecoder d = decoder();
        d.decode(Hex.decode("400161 0162")); // one dynamic entry: 62 is valid, 63 is not
        assertEquals(List.of(new HeaderField("a", "b")), d.decode(Hex.decode("be")));
        fails(d, "bf", "2.3.3", 0);
    }

    @Test
    void largestIntegerIsAnIndexNotAnOverflow_rfc7541_5_1() {
        HpackException e = fails("ff80ffffff07", "2.3.3", 0);
        assertTrue(e.getMessage().contains("index 2147483647"), e.getMessage());
    }

    @Test
    void integerOverflowingInt_rfc7541_7_4() {
        fails("ff81ffffff07", "7.4", 5); // 2^31
        fails("ffffffffff0f", "7.4", 5);
        fails("3fffffffff0f", "7.4", 5); // in a size update
        fails("40ffffffffff0f", "7.4", 6); // in a string length
    }

    @Test
    void integerEncodingTooLong_rfc7541_7_4() {
        fails("ff8080808080 00", "7.4", 6); // zero-valued continuation octets beyond 5
    }

    @Test
    void truncatedInsideInteger_rfc7541_5_1() {
        fails("ff", "5.1", 1);
        fails("82 ff80", "5.1", 3);
        fails("3f", "5.1", 1);
        fails("40 7f", "5.1", 2);
    }

    @Test
    void truncatedInsideString_rfc7541_5_2() {
        fails("410f7777", "5.2", 1); // value of 15 octets, 2 present
        fails("41", "5.2", 1); // no value at all
        fails("40 03616263", "5.2", 5); // literal name, value missing
        fails("40 8a f1e3", "5.2", 1); // Huffman name of 10 octets, 2 present
    }

    @Test
    void huffmanEos_rfc7541_5_2() {
        // 30 ones (EOS) then 2 ones of padding
        HpackException e = fails("0001 61 84 ffffffff", "5.2", 7);
        assertTrue(e.getMessage().contains("EOS"), e.getMessage());
    }

    @Test
    void huffmanPaddingLongerThan7Bits_rfc7541_5_2() {
        // "a" is 00011, then 3 + 8 bits of ones
        HpackException e = fails("0001 61 82 1fff", "5.2", 5);
        assertTrue(e.getMessage().contains("more than 7"), e.getMessage());
    }

    @Test
    void huffmanPaddingNotOnes_rfc7541_5_2() {
        // "a" (00011) padded with 000
        HpackException e = fails("0001 61 81 18", "5.2", 4);
        assertTrue(e.getMessage().contains("not all ones"), e.getMessage());
    }

    @Test
    void sizeUpdateAfterField_rfc7541_4_2() {
        fails("82 20", "4.2", 1);
    }

    @Test
    void moreThanTwoSizeUpdatesInOneBlock_rfc7541_4_2() {
        HpackDecoder d = decoder();
        assertEquals(List.of(new HeaderField(":method", "GET")), d.decode(Hex.decode("20 3fe11f 82"))); // two: fine
        HpackException e = fails(d, "20 3fe11f 20 82", "4.2", 4); // a third: no conformant encoder sends it
        assertTrue(e.getMessage().contains("more than 2"), e.getMessage());
    }

    @Test
    void sizeUpdateAboveLimit_rfc7541_6_3() {
        HpackDecoder d = decoder();
        d.decode(Hex.decode("3fe11f")); // 4096: allowed
        fails(d, "3fe21f", "6.3", 0); // 4097
    }

    @Test
    void sizeUpdatesAtStartAreAppliedAndReported_rfc7541_6_3() {
        HpackDecoder d = decoder();
        d.decode(Hex.decode("400161 0162"));
        List<Integer> updates = new ArrayList<>();
        d.decode(Hex.decode("20 3fe11f 82"), new HeaderSink() {
            @Override
            public void onHeader(String n, String v, Representation r, boolean hn, boolean hv) {
            }

            @Override
            public void onTableSizeUpdate(int newMaxSize) {
                updates.add(newMaxSize);
            }
        });
        assertEquals(List.of(0, 4096), updates);
        assertEquals(0, d.dynamicTable().length(), "update to 0 empties the table");
        assertEquals(4096, d.dynamicTable().maxSize());
    }

    @Test
    void missingSizeUpdateAfterLoweredLimit_rfc7541_4_2() {
        HpackDecoder d = decoder();
        d.setMaxTableSize(1000);
        fails(d, "82", "4.2", 0);
    }

    @Test
    void sizeUpdateMustReachTheLowestLimit_rfc7541_4_2() {
        HpackDecoder d = decoder();
        d.setMaxTableSize(100);
        d.setMaxTableSize(2000);
        fails(d, "3fb10f 82", "4.2", 0); // 2000 > lowest announced 100
        HpackDecoder ok = decoder();
        ok.setMaxTableSize(100);
        ok.setMaxTableSize(2000);
        ok.decode(Hex.decode("3f45 3fb10f 82")); // 100 then 2000
        assertEquals(2000, ok.dynamicTable().maxSize());
        ok.decode(Hex.decode("82")); // requirement met once
    }

    @Test
    void raisedLimitNeedsNoSizeUpdate_rfc7541_4_2() {
        HpackDecoder d = decoder();
        d.setMaxTableSize(8192);
        assertEquals(1, d.decode(Hex.decode("82")).size());
        assertEquals(4096, d.dynamicTable().maxSize(), "the encoder has not switched yet");
    }

    @Test
    void emptyBlockWhereSizeUpdateRequired_rfc7541_4_2() {
        HpackDecoder d = decoder();
        d.setMaxTableSize(0);
        fails(d, "", "4.2", 0);
    }

    @Test
    void stringLongerThanLimit_rfc7541_7_4() {
        HpackDecoder d = new HpackDecoder(4096, 1 << 20, 10);
        fails(d, "000161 0b" + "61".repeat(11), "7.4", 3);
        d = new HpackDecoder(4096, 1 << 20, 10);
        d.decode(Hex.decode("000161 0a" + "61".repeat(10)));
        // 8 Huffman octets of "a" (5 bits each) decode to 12 octets
        byte[] huffman = Huffman.encode("aaaaaaaaaaaa");
        assertEquals(8, huffman.length);
        fails(new HpackDecoder(4096, 1 << 20, 10), "000161 88" + Hex.encode(huffman), "7.4", 3);
    }

    @Test
    void headerListTooLargeKeepsTableInSync_rfc9113_6_5_2() {
        HpackDecoder d = new HpackDecoder(4096, 100, 1000);
        // three indexed literals of size 1 + 30 + 32 = 63: the second one passes the limit of 100
        String block = "400161 1e" + "62".repeat(30) + "400163 1e" + "64".repeat(30) + "400165 1e" + "66".repeat(30);
        List<String> delivered = new ArrayList<>();
        HeaderListSizeException e = assertThrows(HeaderListSizeException.class, () -> d.decode(
                ByteBuffer.wrap(Hex.decode(block)), (n, v, r, hn, hv) -> delivered.add(n)));
        assertEquals(List.of("a"), delivered, "fields past the limit are not delivered");
        assertEquals(3 * 63, e.listSize());
        assertEquals(100, e.limit());
        assertEquals(3, d.dynamicTable().length(), "all three were added to the table");
        assertEquals(List.of(new HeaderField("e", "f".repeat(30))), d.decode(Hex.decode("be")));
        assertEquals(List.of(new HeaderField("a", "b".repeat(30))), d.decode(Hex.decode("c0")));
    }

    @Test
    void headerListAccountingCountsNameValueAnd32_rfc9113_6_5_2() {
        HpackDecoder d = new HpackDecoder(4096, 42 + 45, 100);
        d.decode(Hex.decode("82 84")); // :method GET (7+3+32) and :path / (5+1+32) = 80
        assertThrows(HeaderListSizeException.class, () -> d.decode(Hex.decode("82 84 86"))); // + 43
    }

    @Test
    void staticFieldsAreTheTablesOwnStrings() {
        List<String> got = new ArrayList<>();
        decoder().decode(Hex.decode("82 0403 616263"), 0, 6, (n, v, r, hn, hv) -> {
            got.add(n);
            got.add(v);
        });
        assertSame(StaticTable.name(2), got.get(0));
        assertSame(StaticTable.value(2), got.get(1));
        assertSame(StaticTable.name(4), got.get(2));
        assertEquals("abc", got.get(3));
    }

    @Test
    void directBufferIsDecodedAndConsumed() {
        byte[] block = Hex.decode("828684418cf1e3c2e5f23a6ba0ab90f4ff");
        ByteBuffer direct = ByteBuffer.allocateDirect(block.length + 2);
        direct.put((byte) 0).put(block).flip().position(1);
        List<String> seen = new ArrayList<>();
        decoder().decode(direct, (n, v, r, hn, hv) -> seen.add(n + "=" + v + (hv ? " (huffman)" : "")));
        assertEquals(List.of(":method=GET", ":scheme=http", ":path=/", ":authority=www.example.com (huffman)"), seen);
        assertEquals(direct.limit(), direct.position());
    }

    @Test
    void representationsAreReported_rfc7541_6() {
        List<Representation> reps = new ArrayList<>();
        decoder().decode(Hex.decode("82 400161 0162 000163 0164 100165 0166"),
                (n, v, r, hn, hv) -> reps.add(r));
        assertEquals(List.of(Representation.INDEXED, Representation.LITERAL_INDEXED,
                Representation.LITERAL_NOT_INDEXED, Representation.LITERAL_NEVER_INDEXED), reps);
    }
}
