package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DecodeCommandsTest {

    private record Run(int status, String out) {
    }

    private static Run run(String... args) {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(out));
        int status = cli.execute(args);
        return new Run(status, out.toString());
    }

    @Test
    void hpackDecodeShowsRepresentationsAndTheTable_rfc7541_C_3() {
        // RFC 7541 C.3.1 then C.3.2: two requests without Huffman, sharing one context
        Run r = run("hpack", "decode", "8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d",
                "8286 84be 5808 6e6f 2d63 6163 6865");
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("[indexed]              :method: GET"), r.out());
        assertTrue(r.out().contains("[literal+index]        :authority: www.example.com"), r.out());
        assertTrue(r.out().contains("[ 62] (s =  53) cache-control: no-cache"), r.out());
        assertTrue(r.out().contains("dynamic table: 2 entries, 110/4096 bytes"), r.out());
    }

    @Test
    void hpackDecodeReportsTheSectionAndOffsetOfAnError_rfc7541_2_3_3() {
        Run r = run("hpack", "decode", "82 80");
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("COMPRESSION_ERROR"), r.out());
        assertTrue(r.out().contains("byte 1"), r.out());
    }

    @Test
    void hpackDecodeRejectsBadHex() {
        Run r = run("hpack", "decode", "8g");
        assertEquals(2, r.status(), r.out());
        assertTrue(r.out().contains("h2scope decode: not a hex digit near position 0: '8g'"), r.out());
    }

    @Test
    void framesDecodeSkipsThePrefaceAndDecodesHeaders() {
        String preface = "505249202a20485454502f322e300d0a0d0a534d0d0a0d0a";
        String settings = "000006 04 00 00000000 0003 00000064";          // MAX_CONCURRENT_STREAMS=100
        String headers = "000001 01 05 00000001 82";                        // :method GET, END_STREAM|END_HEADERS
        Run r = run("frames", "decode", preface + settings + headers);
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("client connection preface"), r.out());
        assertTrue(r.out().contains("SETTINGS      stream=0 length=6 SETTINGS_MAX_CONCURRENT_STREAMS=100"), r.out());
        assertTrue(r.out().contains("flags=END_STREAM|END_HEADERS"), r.out());
        assertTrue(r.out().contains("    :method: GET"), r.out());
        assertTrue(r.out().contains("2 frames, 0 violations"), r.out());
    }

    @Test
    void framesDecodeReportsEachViolationAndGoesOn_rfc9113_6_7() {
        String badPing = "000006 06 00 00000000 000000000000";   // PING of length 6
        String goodPing = "000008 06 01 00000000 0102030405060708";
        Run r = run("frames", "decode", badPing + goodPing);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("RFC 9113 \u00a76.7 FRAME_SIZE_ERROR (connection error)"), r.out());
        assertTrue(r.out().contains("PING          stream=0 length=8 flags=ACK opaque=0102030405060708"), r.out());
        assertTrue(r.out().contains("2 frames, 1 violations"), r.out());
    }

    @Test
    void framesDecodeFlagsInterleavedHeaderBlocks_rfc9113_6_10() {
        String headersNoEnd = "000001 01 00 00000001 82";
        String ping = "000008 06 00 00000000 0000000000000000";
        Run r = run("frames", "decode", headersNoEnd + ping);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("PING inside a header block"), r.out());
    }
}
