package io.h2scope.engine.hpack;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HpackEncoderTest {

    private static final List<HeaderField> GET = List.of(new HeaderField(":method", "GET"));

    private static String hex(HpackEncoder e, List<HeaderField> fields) {
        return Hex.encode(e.encode(fields));
    }

    @Test
    void loweredPeerSettingIsSignalledAtNextBlock_rfc7541_4_2() {
        HpackEncoder e = new HpackEncoder(4096);
        e.setMaxTableSize(1024);
        assertEquals("3fe107" + "82", hex(e, GET)); // 1024 = 31 + 993
        assertEquals(1024, e.dynamicTable().maxSize());
        assertEquals("82", hex(e, GET), "signalled once");
    }

    @Test
    void smallestThenFinalSizeAreSignalled_rfc7541_4_2() {
        HpackEncoder e = new HpackEncoder(4096);
        e.encode(List.of(new HeaderField("x-a", "1")));
        e.setMaxTableSize(0);
        e.setMaxTableSize(4096);
        assertEquals("20" + "3fe11f" + "82", hex(e, GET));
        assertEquals(0, e.dynamicTable().length(), "the table went through 0");
    }

    @Test
    void peerSettingAboveOwnLimitIsCapped_rfc7541_4_2() {
        HpackEncoder e = new HpackEncoder(4096);
        e.setMaxTableSize(65536);
        assertEquals("82", hex(e, GET), "4096 still in force: nothing to signal");
        e.setMaxTableSize(2048);
        e.setMaxTableSize(65536);
        assertEquals("3fe10f" + "3fe11f" + "82", hex(e, GET));
    }

    @Test
    void sensitiveNamesAreNeverIndexedByDefault_rfc7541_7_1_3() {
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.defaults(), HuffmanMode.NEVER);
        assertEquals("1f08" + "03616263", hex(e, List.of(new HeaderField("authorization", "abc"))));
        assertEquals("1f28" + "03613d62", hex(e, List.of(new HeaderField("set-cookie", "a=b"))));
        assertEquals("1f11" + "03613d62", hex(e, List.of(new HeaderField("cookie", "a=b"))), "short cookie");
        String longCookie = "session=0123456789abcdef";
        assertEquals("60" + "18" + Hex.encode(longCookie.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)),
                hex(e, List.of(new HeaderField("cookie", longCookie))), "long cookie indexed");
        assertEquals(1, e.dynamicTable().length());
    }

    @Test
    void fieldMarkedNeverIndexStaysNeverIndexed_rfc7541_6_2_3() {
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.NEVER);
        e.encode(List.of(new HeaderField("x-token", "t")));
        // even with the field in the dynamic table, a never-indexed field is a literal (name by index)
        assertEquals("1f2f" + "0174", hex(e, List.of(HeaderField.sensitive("x-token", "t"))));
        // and a static full match too: 0x1f 0x00 is never-indexed with name index 2 (:method)
        assertEquals("12" + "03474554", hex(e, List.of(HeaderField.sensitive(":method", "GET"))));
    }

    @Test
    void decodedNeverIndexedFieldIsForwardedSo_rfc7541_6_2_3() {
        byte[] received = Hex.decode("100870617373776f726406736563726574");
        List<HeaderField> fields = new HpackDecoder(4096, 1 << 16, 100).decode(received);
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.NEVER);
        assertEquals(Hex.encode(received), hex(e, fields));
    }

    @Test
    void hugeFieldsAndLongQueriesAreNotIndexed() {
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.defaults(), HuffmanMode.NEVER);
        e.encode(List.of(new HeaderField("x-big", "v".repeat(3100))));
        e.encode(List.of(new HeaderField(":path", "/search?q=" + "x".repeat(80))));
        assertEquals(0, e.dynamicTable().length());
        e.encode(List.of(new HeaderField(":path", "/short?q=1")));
        assertEquals(1, e.dynamicTable().length());
    }

    @Test
    void repeatedFieldBecomesOneOctet_rfc7541_6_1() {
        HpackEncoder e = new HpackEncoder(4096);
        List<HeaderField> ua = List.of(new HeaderField("user-agent", "h2scope/0.1"));
        e.encode(ua);
        assertEquals("be", hex(e, ua));
    }

    @Test
    void huffmanOnlyWhenShorter_rfc7541_5_2() {
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.NEVER, HuffmanMode.SHORTEST);
        // "307" Huffman-codes to 3 octets, as long as plain: plain wins
        assertEquals("0803333037", hex(e, List.of(new HeaderField(":status", "307"))));
        assertEquals("08826402", hex(e, List.of(new HeaderField(":status", "302"))));
    }

    @Test
    void writerProducesDeliberatelyInvalidEncodings() {
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeIndexed(0).encodeInteger(0x80, 7, 1L << 32).encodeRawString(new byte[] {-1}, true);
        assertEquals("80" + "ff81ffffff0f" + "81ff", Hex.encode(out.toByteArray()));
    }

    @Test
    void charsAboveLatin1AreRejected() {
        HpackEncoder e = new HpackEncoder(4096, IndexingPolicy.NEVER, HuffmanMode.NEVER);
        assertThrows(IllegalArgumentException.class, () -> e.encode(List.of(new HeaderField("x", "\u20ac"))));
    }

    @Test
    void outputOverflowContract() {
        HpackOutput out = new HpackOutput(16);
        for (int i = 0; i < 100; i++) {
            out.writeByte(i);
        }
        assertEquals(100, out.size());
        java.nio.ByteBuffer small = java.nio.ByteBuffer.allocate(99);
        assertThrows(java.nio.BufferOverflowException.class, () -> out.writeTo(small));
        assertEquals(0, small.position(), "nothing copied");
        assertTrue(out.array().length >= 100);
    }
}
