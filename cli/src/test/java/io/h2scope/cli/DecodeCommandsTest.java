package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DecodeCommandsTest {

    /** {@code out}: stdout and stderr as one stream, in order; {@code err}: stderr alone. */
    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter both = new PrintWriter(out, true);
        cli.setOut(both);
        cli.setErr(new PrintWriter(new java.io.Writer() {
            @Override
            public void write(char[] c, int off, int len) {
                both.write(c, off, len);
                err.write(c, off, len);
            }

            @Override
            public void flush() {
                both.flush();
            }

            @Override
            public void close() {
            }
        }, true));
        int status = cli.execute(args);
        return new Run(status, out.toString(), err.toString());
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
        assertEquals("h2scope hpack decode: not a hex digit near position 0: '8g'; give the bytes as hex digits 0-9 a-f "
                + "(spaces, colons and 0x are ignored)\n", r.err());
    }

    /** Both said only "negative limit": no flag, no range. */
    @Test
    void hpackDecodeNegativeLimitsAreUsageErrorsNamingTheFlag_rfc9113_6_5_2() {
        Run r = run("hpack", "decode", "--table-size", "-1", "82");
        assertEquals(2, r.status(), r.err());
        assertEquals("h2scope hpack decode: --table-size must be 0 or more (SETTINGS_HEADER_TABLE_SIZE, RFC 9113 \u00a76.5.2), "
                + "got -1 (see './h2scope hpack decode --help')\n", r.err());
        r = run("hpack", "decode", "--max-list-size", "-1", "82");
        assertEquals(2, r.status(), r.err());
        assertEquals("h2scope hpack decode: --max-list-size must be 0 or more (SETTINGS_MAX_HEADER_LIST_SIZE, RFC 9113 "
                + "\u00a76.5.2), got -1 (see './h2scope hpack decode --help')\n", r.err());
    }

    @Test
    void hpackDecodeRejectsAnOddNumberOfDigits() {
        Run r = run("hpack", "decode", "828");
        assertEquals(2, r.status(), r.out());
        assertEquals("h2scope hpack decode: odd number of hex digits (3): each byte is two digits, e.g. 0a, not a\n",
                r.err());
    }

    @Test
    void framesDecodeReportsWhereATruncatedDumpStops_rfc9113_4_1() {
        String settings = "000006 04 00 00000000 0003 00000064"; // 15 octets
        String cutPing = "000008 06 00 00000000 01020304050607"; // 16 of its 17 octets
        Run r = run("frames", "decode", settings + cutPing);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("  ! the input ends inside a frame: 16 octets of a 17-octet frame at offset 15 "
                + "(the dump was cut short, or its lengths are wrong)"), r.out());
        assertTrue(r.out().contains("1 frames, 0 violations, the last frame incomplete"), r.out());
    }

    @Test
    void framesDecodeReportsADumpThatStopsInsideAFrameHeader() {
        Run r = run("frames", "decode", "000008 06 00");
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("  ! the input ends inside a frame header: 5 of its 9 octets at offset 0"), r.out());
    }

    @Test
    void framesDecodeOfATextFileSaysItIsNoDumpAndWhatOneBeginsWith(@TempDir Path dir) throws Exception {
        Path notes = java.nio.file.Files.writeString(dir.resolve("notes.txt"), "<!DOCTYPE html>\n<html>a page saved by mistake");
        Run r = run("frames", "decode", "--file", notes.toString());
        assertEquals(2, r.status(), r.out());
        assertEquals("h2scope frames decode: the input is text \"<!DOCTYPE html>\", not the octets of an HTTP/2 connection: a dump "
                + "begins with the client's connection preface (PRI * HTTP/2.0), an HTTP/1.1 request or the server's frames "
                + "(RFC 9113 §3.4); --file takes raw octets (hex goes as arguments or on stdin), and TLS must be decrypted first\n",
                r.err());
        Run positional = run("frames", "decode", notes.toString());
        assertEquals(2, positional.status(), positional.out());
        assertEquals("h2scope frames decode: '" + notes + "' is a file, not hex: give --file " + notes + " to decode its raw octets\n",
                positional.err());
    }

    @Test
    void framesDecodeOfATlsCaptureSaysItIsTls(@TempDir Path dir) throws Exception {
        Path capture = java.nio.file.Files.write(dir.resolve("tls.bin"), new byte[] {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc});
        Run r = run("frames", "decode", "--file", capture.toString());
        assertEquals(2, r.status(), r.out());
        assertTrue(r.err().startsWith("h2scope frames decode: the input is a TLS handshake record, not the octets of an HTTP/2 "
                + "connection"), r.err());
    }

    @Test
    void framesDecodeOfAMissingFileIsAUsageError(@TempDir Path dir) {
        Path none = dir.resolve("capture.bin");
        Run r = run("frames", "decode", "--file", none.toString());
        assertEquals(2, r.status(), r.out());
        assertEquals("h2scope frames decode: Invalid value for option '--file': no such file '" + none + "'; check the path "
                + "(see './h2scope frames decode --help')\n", r.err());
    }

    @Test
    void framesDecodeMaxFrameSizeOutOfRangeIsAUsageErrorOnStderr_rfc9113_6_5_2() {
        Run r = run("frames", "decode", "--max-frame-size", "5", "00");
        assertEquals(2, r.status(), r.out());
        assertEquals("h2scope frames decode: --max-frame-size must be 16384..16777215 (RFC 9113 \u00a76.5.2), got 5 "
                + "(see './h2scope frames decode --help')\n", r.err());
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
        assertTrue(r.out().contains("RFC 9113 \u00a76.10 PROTOCOL_ERROR (connection error): PING on stream 0 inside the field "
                + "block of stream 1 (only CONTINUATION may follow)"), r.out());
    }

    @Test
    void framesDecodeChecksWhatNeedsConnectionState_rfc9113_6_9() {
        String preface = "505249202a20485454502f322e300d0a0d0a534d0d0a0d0a";
        String settings = "000000 04 00 00000000";
        String zeroIncrement = "000004 08 00 00000000 00000000";
        String enablePushTwo = "000006 04 00 00000000 0002 00000002";
        Run r = run("frames", "decode", preface + settings + zeroIncrement + enablePushTwo);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("[rule frame/window-update-zero-increment-on-connection]"), r.out());
        assertTrue(r.out().contains("RFC 9113 \u00a76.5.2 PROTOCOL_ERROR (connection error)"), r.out());
        assertTrue(r.out().contains("3 frames, 2 violations"), r.out());
    }

    @Test
    void framesDecodeOfBothDirectionsLabelsThemAndFollowsTheStreams_rfc9113_5_1() {
        String preface = "505249202a20485454502f322e300d0a0d0a534d0d0a0d0a";
        String settings = "000000 04 00 00000000";
        String get = "000001 01 05 00000001 82"; // HEADERS stream 1, END_STREAM|END_HEADERS, :method GET
        String dataAfterEnd = "000001 00 00 00000001 78";
        String response = "000001 01 05 00000001 88"; // :status 200
        Run r = run("frames", "decode", preface + settings + get + dataAfterEnd, "--server-hex", settings + response);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("client> HEADERS       stream=1"), r.out());
        assertTrue(r.out().contains("server> HEADERS       stream=1"), r.out());
        assertTrue(r.out().contains("    :status: 200"), r.out());
        assertTrue(r.out().contains("[rule stream/data-after-end-stream]"), r.out());
        assertTrue(r.out().contains("5 frames, 1 violations"), r.out());
    }

    @Test
    void framesDecodeOfBothDirectionsFollowsAnH2cUpgrade_rfc7540_3_2() {
        String request = hex("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: AAMAAABk\r\n\r\n");
        String preface = "505249202a20485454502f322e300d0a0d0a534d0d0a0d0a";
        String settings = "000000 04 00 00000000";
        String switching = hex("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n");
        String response = "000001 01 05 00000001 88"; // :status 200 on stream 1, the upgraded request's
        Run r = run("frames", "decode", request + preface + settings, "--server-hex", switching + settings + response);
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("client> GET / HTTP/1.1"), r.out());
        assertTrue(r.out().contains("    Upgrade: h2c"), r.out());
        assertTrue(r.out().contains("server> HTTP/1.1 101 Switching Protocols"), r.out());
        assertTrue(r.out().contains("server> HEADERS       stream=1"), r.out());
        assertTrue(r.out().contains("3 frames, 0 violations"), r.out());
    }

    @Test
    void framesDecodeOfARefusedUpgradeSaysSoWithoutViolations() {
        String request = hex("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: AAMAAABk\r\n\r\n");
        String ok = hex("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi");
        Run r = run("frames", "decode", request, "--server-hex", ok);
        assertEquals(0, r.status(), r.out());
        assertTrue(r.out().contains("no HTTP/2 past the HTTP/1.1 start: the server answered \"HTTP/1.1 200 OK\""), r.out());
        assertTrue(r.out().contains("0 frames, 0 violations"), r.out());
    }

    private static String hex(String text) {
        return java.util.HexFormat.of().formatHex(text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }
}
