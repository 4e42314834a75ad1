package io.h2scope.engine.trace.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.model.Side;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Each family of the engine's own errors, provoked by a scripted peer in a recording of the engine's server: the
 * account names who ended what with which frame and code, the rule by id with its section and sentence, and the
 * frame that broke it.
 */
class EngineErrorsExplainedTest {

    /** Findings as {@code trace explain} prints them, for a failure's message. */
    static String text(List<Finding> findings) {
        StringBuilder text = new StringBuilder("\n");
        findings.forEach(f -> text.append(FindingText.full(f, java.time.ZoneOffset.UTC)));
        return text.toString();
    }

    /** The one finding of {@code kind}; fails with all of them otherwise. */
    static Finding only(List<Finding> findings, Finding.Kind kind) {
        List<Finding> of = findings.stream().filter(f -> f.kind() == kind).toList();
        assertEquals(1, of.size(), () -> "one " + kind + " in " + text(findings));
        return of.get(0);
    }

    /** Whether some step of {@code f} says {@code words}. */
    static void assertStep(Finding f, String words) {
        assertTrue(f.steps().stream().anyMatch(s -> s.text().contains(words)),
                () -> "a step saying \"" + words + "\" in " + text(List.of(f)));
    }

    static void assertRule(Finding f, String id, String spec) {
        assertNotNull(f.rule(), () -> text(List.of(f)));
        assertEquals(id, f.rule().id(), () -> text(List.of(f)));
        assertEquals(spec, f.rule().spec());
        assertNotNull(f.rule().sentence(), "the rule's RFC sentence");
    }

    @Test
    void aFrameRuleBrokenEndsTheConnectionWithTheFrameNamed() {
        Recording r = Recording.server().handshake();
        r.at(5).raw(FrameType.DATA.code(), 0, 0, new byte[4]);
        Finding f = only(r.explain(), Finding.Kind.CONNECTION_ENDED);
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals(Side.LOCAL, f.by());
        assertEquals("GOAWAY", f.frame());
        assertEquals("PROTOCOL_ERROR", f.code());
        assertRule(f, "frame/data-on-stream-zero", "RFC 9113 §6.1");
        assertEquals("We ended the connection with GOAWAY PROTOCOL_ERROR: the peer's DATA of 4 octets broke "
                + "frame/data-on-stream-zero", f.summary());
        assertStep(f, "The peer sent DATA of 4 octets, which broke frame/data-on-stream-zero");
        assertStep(f, "We sent GOAWAY PROTOCOL_ERROR");
        assertEquals(Recording.CLOCK.plusMillis(5), f.clock());
    }

    @Test
    void aStreamStateRuleResetsTheStreamAfterTheFrameThatEndedIt() {
        Recording r = Recording.server().handshake();
        r.at(5).headers(1, Recording.get("/upload"), true);
        r.at(6).frame(DataFrame.of(1, "late".getBytes(StandardCharsets.US_ASCII), false));
        Finding f = only(r.explain(), Finding.Kind.STREAM_RESET);
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(Side.LOCAL, f.by());
        assertEquals(List.of(1), f.streams());
        assertEquals("STREAM_CLOSED", f.code());
        assertRule(f, "stream/data-after-end-stream", "RFC 9113 §5.1");
        assertTrue(f.summary().startsWith("We reset stream 1 (GET /upload) with RST_STREAM STREAM_CLOSED"), f.summary());
        assertStep(f, "The peer sent HEADERS on stream 1 with END_STREAM (GET /upload)");
        assertStep(f, "The peer sent DATA of 4 octets on stream 1");
        assertStep(f, "We sent RST_STREAM STREAM_CLOSED on stream 1");
    }

    @Test
    void dataBeyondTheStreamWindowIsAFlowControlError() {
        Recording r = Recording.server(ConnectionConfig.DEFAULTS.withWindows(1_000, 1 << 20)).handshake();
        r.at(5).headers(1, post("/big"), false);
        r.at(6).frame(DataFrame.of(1, new byte[2_000], false));
        Finding f = only(r.explain(), Finding.Kind.STREAM_RESET);
        assertEquals("FLOW_CONTROL_ERROR", f.code());
        assertRule(f, "flow/data-exceeds-stream-window", "RFC 9113 §6.9.1");
        assertStep(f, "The peer sent DATA of 2000 octets on stream 1");
    }

    @Test
    void anHpackIndexPastTheTableIsTracedToTheBlockThatEvictedTheEntries() {
        Recording r = Recording.server().handshake();
        // three literals with incremental indexing of 1389 octets each (RFC 7541 §4.1): the third evicts the oldest two
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.writeBytes(r.encoder.encode(Recording.get("/")));
        for (char c : new char[] {'a', 'b', 'c'}) {
            literalWithIndexing(block, "x-pad-" + c, "v".repeat(1_350));
        }
        r.at(5).frame(HeadersFrame.of(1, block.toByteArray(), true, true));
        byte[] second = {(byte) (0x80 | 70)}; // indexed field 70: past 61 static + the entries left
        r.at(7).frame(HeadersFrame.of(3, second, true, true));
        Finding f = only(r.explain(), Finding.Kind.CONNECTION_ENDED);
        assertEquals("COMPRESSION_ERROR", f.code());
        assertRule(f, "hpack/index-out-of-range", "RFC 7541 §2.3.3");
        assertEquals(List.of(3), f.streams());
        assertEquals("We ended the connection with GOAWAY COMPRESSION_ERROR: the peer's HEADERS on stream 3 with "
                + "END_STREAM broke hpack/index-out-of-range", f.summary());
        assertStep(f, "The peer's HEADERS on stream 1 with END_STREAM (GET /) evicted 2 entries from our "
                + "decoder's dynamic table");
        assertStep(f, "The peer sent HEADERS on stream 3 with END_STREAM");
        assertStep(f, "Our decoder's dynamic table then held 2 entries (2778 of 4096 octets)");
        assertStep(f, "index 70 is past the end of the tables");
    }

    @Test
    void aSettingsValueOutOfRangeIsASettingsRule() {
        Recording r = Recording.server().handshake();
        r.at(5).frame(new SettingsFrame(0, List.of(new RawSetting(SettingId.ENABLE_PUSH.code(), 2))));
        Finding f = only(r.explain(), Finding.Kind.CONNECTION_ENDED);
        assertEquals("PROTOCOL_ERROR", f.code());
        assertRule(f, "settings/enable-push-not-0-or-1", "RFC 9113 §6.5.2");
        assertStep(f, "The peer sent SETTINGS with 1 parameters");
    }

    @Test
    void aMalformedRequestIsAStreamErrorOfItsMessageRule() {
        Recording r = Recording.server().handshake();
        List<HeaderField> request = new ArrayList<>(Recording.get("/"));
        request.add(new HeaderField("X-Upper", "1"));
        r.at(5).headers(1, request, true);
        Finding f = only(r.explain(), Finding.Kind.STREAM_RESET);
        assertEquals("PROTOCOL_ERROR", f.code());
        assertRule(f, "message/field-name-uppercase", "RFC 9113 §8.2.1");
        assertStep(f, "The peer sent HEADERS on stream 1 with END_STREAM (GET /)");
    }

    @Test
    void aPingFloodNamesTheLimitAndTheRunOfFrames() {
        Recording r = Recording.server().handshake();
        r.at(5);
        for (long i = 0; i < 2_000 && r.conn.state() != io.h2scope.engine.core.ConnectionState.CLOSED; i++) {
            r.frame(PingFrame.of(i));
        }
        List<Finding> findings = r.explain();
        Finding f = only(findings, Finding.Kind.CONNECTION_ENDED);
        assertEquals(ErrorCode.ENHANCE_YOUR_CALM.name(), f.code());
        assertRule(f, "limit/ping-rate", "RFC 9113 §10.5");
        assertStep(f, "frames were PING");
    }

    private static List<HeaderField> post(String path) {
        return List.of(new HeaderField(":method", "POST"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", path));
    }

    /** RFC 7541 §6.2.1, a new name: 0x40, then the name and the value as plain string literals. */
    private static void literalWithIndexing(ByteArrayOutputStream out, String name, String value) {
        out.write(0x40);
        string(out, name);
        string(out, value);
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] octets = s.getBytes(StandardCharsets.US_ASCII);
        int n = octets.length;
        if (n < 127) {
            out.write(n);
        } else {
            out.write(127);
            n -= 127;
            while (n >= 128) {
                out.write((n & 0x7f) | 0x80);
                n >>= 7;
            }
            out.write(n);
        }
        out.writeBytes(octets);
    }
}
