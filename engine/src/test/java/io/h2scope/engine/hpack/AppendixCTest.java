package io.h2scope.engine.hpack;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RFC 7541 Appendix C, byte for byte: every example decoded and encoded, and the dynamic table checked
 * after each header block.
 */
class AppendixCTest {

    private static final String DATE21 = "Mon, 21 Oct 2013 20:13:21 GMT";
    private static final String DATE22 = "Mon, 21 Oct 2013 20:13:22 GMT";
    private static final String EXAMPLE = "https://www.example.com";
    private static final String COOKIE = "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1";

    /** One step: wire bytes, the header list, the table afterwards (newest first) and its size. */
    private record Step(String hex, List<HeaderField> headers, List<HeaderField> table, int tableSize) {
    }

    private static List<HeaderField> fields(String... nameValues) {
        List<HeaderField> list = new ArrayList<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            list.add(new HeaderField(nameValues[i], nameValues[i + 1]));
        }
        return list;
    }

    private static void checkDecode(int tableSize, Step... steps) {
        HpackDecoder decoder = new HpackDecoder(tableSize, Long.MAX_VALUE, 4096);
        for (Step step : steps) {
            List<HeaderField> got = decoder.decode(Hex.decode(step.hex()));
            assertEquals(step.headers(), stripNeverIndex(got), step.hex());
            assertEquals(step.table(), decoder.dynamicTable().entries(), "table after " + step.hex());
            assertEquals(step.tableSize(), decoder.dynamicTable().size(), "table size after " + step.hex());
        }
    }

    private static void checkEncode(HpackEncoder encoder, Step... steps) {
        for (Step step : steps) {
            assertEquals(step.hex(), Hex.encode(encoder.encode(step.headers())));
            assertEquals(step.table(), encoder.dynamicTable().entries(), "encoder table after " + step.hex());
            assertEquals(step.tableSize(), encoder.dynamicTable().size());
        }
    }

    private static List<HeaderField> stripNeverIndex(List<HeaderField> list) {
        return list.stream().map(f -> new HeaderField(f.name(), f.value())).toList();
    }

    @Test
    @DisplayName("RFC 7541 C.2.1: literal header field with indexing")
    void literalWithIndexing_rfc7541_C_2_1() {
        Step step = new Step("400a637573746f6d2d6b65790d637573746f6d2d686561646572",
                fields("custom-key", "custom-header"), fields("custom-key", "custom-header"), 55);
        checkDecode(4096, step);
        checkEncode(new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.NEVER), step);
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeLiteral("custom-key", "custom-header", Representation.LITERAL_INDEXED, false);
        assertEquals(step.hex(), Hex.encode(out.toByteArray()));
    }

    @Test
    @DisplayName("RFC 7541 C.2.2: literal header field without indexing")
    void literalWithoutIndexing_rfc7541_C_2_2() {
        Step step = new Step("040c2f73616d706c652f70617468", fields(":path", "/sample/path"), List.of(), 0);
        checkDecode(4096, step);
        checkEncode(new HpackEncoder(4096, IndexingPolicy.NEVER, HuffmanMode.NEVER), step);
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeLiteral(4, "/sample/path", Representation.LITERAL_NOT_INDEXED, false);
        assertEquals(step.hex(), Hex.encode(out.toByteArray()));
    }

    @Test
    @DisplayName("RFC 7541 C.2.3: literal header field never indexed, marked so when decoded")
    void literalNeverIndexed_rfc7541_C_2_3() {
        String hex = "100870617373776f726406736563726574";
        Step step = new Step(hex, fields("password", "secret"), List.of(), 0);
        checkDecode(4096, step);
        assertEquals(List.of(HeaderField.sensitive("password", "secret")),
                new HpackDecoder(4096, 1000, 100).decode(Hex.decode(hex)));
        HpackEncoder encoder = new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.NEVER);
        assertEquals(hex, Hex.encode(encoder.encode(List.of(HeaderField.sensitive("password", "secret")))));
        assertEquals(0, encoder.dynamicTable().length());
    }

    @Test
    @DisplayName("RFC 7541 C.2.4: indexed header field")
    void indexed_rfc7541_C_2_4() {
        Step step = new Step("82", fields(":method", "GET"), List.of(), 0);
        checkDecode(4096, step);
        checkEncode(new HpackEncoder(4096), step);
        HpackOutput out = new HpackOutput();
        new HpackWriter(out).encodeIndexed(2);
        assertEquals("82", Hex.encode(out.toByteArray()));
    }

    private static Step[] requests(String hex1, String hex2, String hex3) {
        return new Step[] {
            new Step(hex1, fields(":method", "GET", ":scheme", "http", ":path", "/", ":authority", "www.example.com"),
                    fields(":authority", "www.example.com"), 57),
            new Step(hex2, fields(":method", "GET", ":scheme", "http", ":path", "/", ":authority", "www.example.com",
                    "cache-control", "no-cache"),
                    fields("cache-control", "no-cache", ":authority", "www.example.com"), 110),
            new Step(hex3, fields(":method", "GET", ":scheme", "https", ":path", "/index.html",
                    ":authority", "www.example.com", "custom-key", "custom-value"),
                    fields("custom-key", "custom-value", "cache-control", "no-cache", ":authority", "www.example.com"),
                    164),
        };
    }

    private static Step[] responses(String hex1, String hex2, String hex3) {
        return new Step[] {
            new Step(hex1, fields(":status", "302", "cache-control", "private", "date", DATE21, "location", EXAMPLE),
                    fields("location", EXAMPLE, "date", DATE21, "cache-control", "private", ":status", "302"), 222),
            new Step(hex2, fields(":status", "307", "cache-control", "private", "date", DATE21, "location", EXAMPLE),
                    fields(":status", "307", "location", EXAMPLE, "date", DATE21, "cache-control", "private"), 222),
            new Step(hex3, fields(":status", "200", "cache-control", "private", "date", DATE22, "location", EXAMPLE,
                    "content-encoding", "gzip", "set-cookie", COOKIE),
                    fields("set-cookie", COOKIE, "content-encoding", "gzip", "date", DATE22), 215),
        };
    }

    @Test
    @DisplayName("RFC 7541 C.3: requests without Huffman coding")
    void requestsWithoutHuffman_rfc7541_C_3() {
        Step[] steps = requests("828684410f7777772e6578616d706c652e636f6d",
                "828684be58086e6f2d6361636865",
                "828785bf400a637573746f6d2d6b65790c637573746f6d2d76616c7565");
        checkDecode(4096, steps);
        checkEncode(new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.NEVER), steps);
    }

    @Test
    @DisplayName("RFC 7541 C.4: requests with Huffman coding")
    void requestsWithHuffman_rfc7541_C_4() {
        Step[] steps = requests("828684418cf1e3c2e5f23a6ba0ab90f4ff",
                "828684be5886a8eb10649cbf",
                "828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf");
        checkDecode(4096, steps);
        checkEncode(new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.ALWAYS), steps);
        // every string of C.4 is strictly shorter Huffman-coded, so the default mode gives the same bytes
        checkEncode(new HpackEncoder(4096, IndexingPolicy.ALWAYS, HuffmanMode.SHORTEST), steps);
    }

    @Test
    @DisplayName("RFC 7541 C.5: responses without Huffman coding, table of 256 with eviction")
    void responsesWithoutHuffman_rfc7541_C_5() {
        Step[] steps = responses("4803333032580770726976617465611d4d6f6e2c203231204f637420323031332032303a31333a32312"
                        + "0474d546e1768747470733a2f2f7777772e6578616d706c652e636f6d",
                "4803333037c1c0bf",
                "88c1611d4d6f6e2c203231204f637420323031332032303a31333a323220474d54c05a04677a69707738666f6f3d41534"
                        + "44a4b48514b425a584f5157454f50495541585157454f49553b206d61782d6167653d333630303b207665727369"
                        + "6f6e3d31");
        checkDecode(256, steps);
        checkEncode(new HpackEncoder(256, IndexingPolicy.ALWAYS, HuffmanMode.NEVER), steps);
    }

    @Test
    @DisplayName("RFC 7541 C.6: responses with Huffman coding, table of 256 with eviction")
    void responsesWithHuffman_rfc7541_C_6() {
        Step[] steps = responses("488264025885aec3771a4b6196d07abe941054d444a8200595040b8166e082a62d1bff6e919d29ad1"
                        + "71863c78f0b97c8e9ae82ae43d3",
                "4883640effc1c0bf",
                "88c16196d07abe941054d444a8200595040b8166e084a62d1bffc05a839bd9ab77ad94e7821dd7f2e6c7b335dfdfcd5b39"
                        + "60d5af27087f3672c1ab270fb5291f9587316065c003ed4ee5b1063d5007");
        checkDecode(256, steps);
        checkEncode(new HpackEncoder(256, IndexingPolicy.ALWAYS, HuffmanMode.ALWAYS), steps);
    }

    @Test
    @DisplayName("RFC 7541 C.1: integer representation examples")
    void integerExamples_rfc7541_C_1() {
        HpackOutput out = new HpackOutput();
        HpackWriter w = new HpackWriter(out);
        w.encodeInteger(0, 5, 10);
        w.encodeInteger(0, 5, 1337);
        w.encodeInteger(0, 8, 42);
        assertEquals("0a1f9a0a2a", Hex.encode(out.toByteArray()));
        FieldReader r = new FieldReader(100);
        byte[] bytes = out.toByteArray();
        r.start(bytes, 0, bytes.length);
        assertEquals(10, r.readInt(5));
        assertEquals(1337, r.readInt(5));
        assertEquals(42, r.readInt(8));
        assertTrue(!r.hasMore());
    }
}
