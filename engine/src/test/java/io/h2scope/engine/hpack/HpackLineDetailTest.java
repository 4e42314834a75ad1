package io.h2scope.engine.hpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.trace.model.HpackRecorder;
import io.h2scope.engine.trace.model.HpackBlock;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The detail a recorded field block keeps of each line: the table index it used and its octets in the block,
 * checked on the Huffman-coded requests of RFC 7541 Appendix C.4, where the offsets can be counted by hand.
 */
class HpackLineDetailTest {

    private static List<HpackBlock.Line> record(HpackDecoder decoder, String hex) {
        HpackRecorder recorder = new HpackRecorder();
        decoder.decode(Hex.decode(hex), recorder);
        return recorder.block(decoder.dynamicTable()).lines();
    }

    @Test
    void indexedLinesNameTheirIndexAndOneOctet() {
        HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 4096);
        // C.4.1: 82 86 84 | 41 8c f1e3 c2e5 f23a 6ba0 ab90 f4ff
        List<HpackBlock.Line> first = record(decoder, "828684418cf1e3c2e5f23a6ba0ab90f4ff");
        assertEquals(List.of(2, 6, 4, 1), first.stream().map(HpackBlock.Line::tableIndex).toList());
        assertEquals(List.of(0, 1, 2, 3), first.stream().map(HpackBlock.Line::blockOffset).toList());
        assertEquals(List.of(1, 1, 1, 14), first.stream().map(HpackBlock.Line::blockLength).toList());
        HpackBlock.Line authority = first.get(3);
        assertEquals(Representation.LITERAL_INDEXED, authority.representation());
        assertFalse(authority.huffmanName(), "the name came from static index 1");
        assertTrue(authority.huffmanValue());
        assertTrue(authority.staticIndex());

        // C.4.2: 82 86 84 be | 58 86 a8eb 1064 9cbf: :authority now from the dynamic table (62)
        List<HpackBlock.Line> second = record(decoder, "828684be5886a8eb10649cbf");
        assertEquals(List.of(2, 6, 4, 62, 24), second.stream().map(HpackBlock.Line::tableIndex).toList());
        assertFalse(second.get(3).staticIndex(), "62 is the dynamic table's first entry");
        assertEquals(4, second.get(4).blockOffset());
        assertEquals(8, second.get(4).blockLength());
        assertEquals("cache-control", second.get(4).name());
    }

    @Test
    void aLiteralWithANewNameUsesIndexZero() {
        HpackDecoder decoder = new HpackDecoder(4096, Long.MAX_VALUE, 4096);
        // C.2.1: literal with incremental indexing, new name "custom-key", value "custom-header"
        List<HpackBlock.Line> lines = record(decoder, "400a637573746f6d2d6b65790d637573746f6d2d686561646572");
        assertEquals(1, lines.size());
        assertEquals(0, lines.get(0).tableIndex());
        assertEquals(0, lines.get(0).blockOffset());
        assertEquals(26, lines.get(0).blockLength());
    }

    @Test
    void errorCodesCarryTheirRfcSentence() {
        assertTrue(ErrorCode.meaningOf(0x1).startsWith("The endpoint detected an unspecific protocol error"));
        assertTrue(ErrorCode.meaningOf(0xff).startsWith("Unknown or unsupported error codes"));
    }
}
