package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.support.FakeServer;
import io.h2scope.conformance.support.OneCase;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, verdicts a release can be gated on: each test is a server made to misbehave one way (a
 * scripted {@link FakeServer}), and the verdicts that way of misbehaving must get. Every assertion
 * failed on the suite before the change it guards.
 */
class GateVerdictsTest {

    private static final PeerOptions FAST = PeerOptions.defaults().withTimeout(Duration.ofMillis(300));

    /** A Java record's toString (`FrameReceived[frame=...]`, `Timeout[waited=PT1S]`) must never reach a verdict. */
    private static final Pattern RECORD_TEXT = Pattern.compile("[A-Z][A-Za-z]+\\[[a-z]+=");

    private static CaseResult run(Target target, String caseId, PeerOptions options) {
        CaseResult result = OneCase.run(target, caseId, options);
        assertFalse(RECORD_TEXT.matcher(result.verdict().actual()).find(), result.verdict().actual());
        return result;
    }

    private static RunResult runAll(Target target, PeerOptions options, String... prefixes) {
        RunConfig config = RunConfig.defaults(target).withPeer(options).withSelection(new CaseSelection(List.of(prefixes), List.of()));
        return new SuiteRunner(config).run(Suites.all(), new RunListener() { });
    }

    private static void assertOutcome(Outcome expected, CaseResult r) {
        assertEquals(expected, r.verdict().outcome(), r.definition().id() + ": " + r.verdict() + "\n" + r.evidenceText());
    }

    // ---- 1. a target that is not reached never passes -----------------------------------------

    @Test
    @DisplayName("nothing listening: the run is UNREACHABLE at once, with the cause, no case reported")
    void nothingListening_isUnreachable() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        RunResult run = runAll(new Target("down", "127.0.0.1", port, false, "/"), FAST);
        assertEquals(RunResult.Status.UNREACHABLE, run.status());
        assertFalse(run.passed());
        assertTrue(run.results().isEmpty(), run.results().size() + " results");
        assertEquals(Suites.allCases().size(), run.notRun());
        assertTrue(run.diagnosis().orElseThrow().contains("reached the HTTP/2 handshake: cannot connect to 127.0.0.1:" + port),
                run.diagnosis().orElseThrow());
    }

    @Test
    @DisplayName("an HTTP/1-only port: UNREACHABLE, quoting its answer")
    void http1Port_isUnreachable() throws Exception {
        FakeServer.Script http1 = new FakeServer.Polite() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                conn.sendRaw("HTTP/1.1 505 HTTP Version Not Supported\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                conn.close();
            }
        };
        try (FakeServer server = new FakeServer(http1)) {
            RunResult run = runAll(server.target(), FAST, "http2/6.7");
            assertEquals(RunResult.Status.UNREACHABLE, run.status());
            assertTrue(run.diagnosis().orElseThrow().contains("HTTP/1.1 505"), run.diagnosis().orElseThrow());
        }
    }

    @Test
    @DisplayName("a target that dies mid-run: the run ends after three identical connect failures, UNREACHABLE, rest not run")
    void targetDyingMidRun_endsTheRun() throws Exception {
        AtomicInteger served = new AtomicInteger();
        FakeServer[] holder = new FakeServer[1];
        FakeServer.Script dying = new FakeServer.Polite() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                super.onPreface(conn);
                if (served.incrementAndGet() == 6) {
                    holder[0].close(); // stops listening: later connections are refused
                }
            }
        };
        try (FakeServer server = new FakeServer(dying)) {
            holder[0] = server;
            RunResult run = new SuiteRunner(RunConfig.defaults(server.target()).withPeer(FAST).withParallel(1)
                    .withSelection(new CaseSelection(List.of("generic"), List.of()))).run(Suites.all(), new RunListener() { });
            assertEquals(RunResult.Status.UNREACHABLE, run.status());
            assertTrue(run.notRun() > 0, "not run: " + run.notRun());
            assertTrue(run.diagnosis().orElseThrow().contains("stopped accepting HTTP/2 connections during the run"),
                    run.diagnosis().orElseThrow());
        }
    }

    @Test
    @DisplayName("a target that only ever goes silent: INCONCLUSIVE dominates, the run does not pass")
    void mostlyInconclusive_doesNotPass() throws Exception {
        FakeServer.Script mute = new FakeServer.Polite() {
            @Override
            protected void ping(FakeServer.Conn conn, PingFrame ping) {
            }

            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) {
            }

            @Override
            protected void broken(FakeServer.Conn conn, Violation violation) {
            }
        };
        try (FakeServer server = new FakeServer(mute)) {
            RunResult run = runAll(server.target(), FAST, "http2/6.7/nonzero-stream-id", "http2/6.7/length-not-8");
            assertEquals(0, run.blockingFailures(), run.results().toString());
            assertEquals(RunResult.Status.INCONCLUSIVE, run.status());
            assertTrue(run.diagnosis().orElseThrow().contains("2 of the 2 cases judged were INCONCLUSIVE"), run.diagnosis().orElseThrow());
        }
    }

    // ---- 2. no stale SETTINGS ACK ----------------------------------------------------------------

    /** ACKs the client's preface SETTINGS in the same write as its own SETTINGS (as nginx does), never a later one. */
    private static final class AcksOnlyFirstSettings extends FakeServer.Polite {
        final Set<Integer> requestsBeforeAck = new HashSet<>();

        @Override
        public void onPreface(FakeServer.Conn conn) throws IOException {
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            both.writeBytes(FrameWriter.encode(SettingsFrame.of()));
            both.writeBytes(FrameWriter.encode(SettingsFrame.ackFrame()));
            conn.sendRaw(both.toByteArray());
        }

        @Override
        protected void settings(FakeServer.Conn conn, SettingsFrame settings, int nth) {
            // the first was ACKed with the preface; later ones never are
        }

        @Override
        protected void request(FakeServer.Conn conn, HeadersFrame headers) throws IOException {
            requestsBeforeAck.add(headers.streamId());
            super.request(conn, headers);
        }
    }

    @Test
    @DisplayName("a target that ACKs only the first SETTINGS fails the ACK cases, and no request goes before the ACK (RFC 9113 §6.5.3)")
    void acksOnlyFirstSettings_fails_rfc9113_6_5_3() throws Exception {
        AcksOnlyFirstSettings script = new AcksOnlyFirstSettings();
        try (FakeServer server = new FakeServer(script)) {
            assertOutcome(Outcome.FAIL, run(server.target(), "http2/6.5.3/settings-acknowledged", FAST));
            assertOutcome(Outcome.FAIL, run(server.target(), "generic/3.5/settings", FAST));
            CaseResult inOrder = run(server.target(), "http2/6.5.3/values-in-order", FAST);
            assertOutcome(Outcome.FAIL, inOrder);
            assertTrue(inOrder.verdict().actual().contains("no SETTINGS ACK"), inOrder.verdict().actual());
            assertTrue(script.requestsBeforeAck.isEmpty(), "requests sent before the ACK: " + script.requestsBeforeAck);
        }
    }

    @Test
    @DisplayName("a target that never ACKs SETTINGS fails the preface and settings cases, with that reason, and nothing else")
    void neverAcksSettings_failsOnlyTheAckCases_rfc9113_3_4() throws Exception {
        FakeServer.Script never = new FakeServer.Polite() {
            @Override
            protected void settings(FakeServer.Conn conn, SettingsFrame settings, int nth) {
            }
        };
        try (FakeServer server = new FakeServer(never)) {
            CaseResult preface = run(server.target(), "http2/3.5/server-preface-is-settings", FAST);
            assertOutcome(Outcome.FAIL, preface);
            assertTrue(preface.verdict().actual().contains("not acknowledged"), preface.verdict().actual());
            assertOutcome(Outcome.FAIL, run(server.target(), "generic/3.5/settings", FAST));
            assertOutcome(Outcome.PASS, run(server.target(), "http2/6.7/ping-is-acked", FAST));
            assertOutcome(Outcome.PASS, run(server.target(), "generic/4/get", FAST));
        }
    }

    // ---- 3. no false FAIL where several rules apply ------------------------------------------------

    @Test
    @DisplayName("RST_STREAM CANCEL then GOAWAY FRAME_SIZE_ERROR: the GOAWAY decides, and is in the evidence (RFC 9113 §5.4.1)")
    void cancelThenGoAway_goAwayDecides_rfc9113_5_4_1() throws Exception {
        FakeServer.Script jettyLike = new FakeServer.Polite() {
            @Override
            protected void other(FakeServer.Conn conn, Frame frame) throws IOException {
                if (frame instanceof DataFrame d && d.payloadLength() > 16_384) {
                    conn.send(RstStreamFrame.of(d.streamId(), ErrorCode.CANCEL));
                    conn.send(GoAwayFrame.of(d.streamId(), ErrorCode.FRAME_SIZE_ERROR));
                    conn.close();
                }
            }
        };
        try (FakeServer server = new FakeServer(jettyLike)) {
            CaseResult r = run(server.target(), "http2/4.2/data-above-max-frame-size", FAST);
            assertOutcome(Outcome.PASS, r);
            assertTrue(r.verdict().actual().contains("RST_STREAM CANCEL on stream 1, then GOAWAY FRAME_SIZE_ERROR"), r.verdict().actual());
        }
    }

    @Test
    @DisplayName("GOAWAY STREAM_CLOSED for a CONTINUATION on a half-closed stream passes in 6.10 and 5.1 alike, naming §5.1")
    void streamClosedForContinuation_passesEverywhere_rfc9113_5_1() throws Exception {
        FakeServer.Script haproxyLike = new FakeServer.Polite() {
            @Override
            protected void other(FakeServer.Conn conn, Frame frame) throws IOException {
                if (frame instanceof ContinuationFrame c) {
                    conn.send(GoAwayFrame.of(c.streamId(), ErrorCode.STREAM_CLOSED));
                    conn.close();
                }
            }
        };
        try (FakeServer server = new FakeServer(haproxyLike)) {
            for (String id : List.of("http2/6.10/after-headers-with-end-headers", "http2/6.10/after-continuation-with-end-headers",
                    "http2/5.1/half-closed-remote-continuation")) {
                CaseResult r = run(server.target(), id, FAST.withStrict(true));
                assertOutcome(Outcome.PASS, r);
                assertTrue(r.verdict().actual().contains("RFC 9113 §5.1"), r.verdict().actual());
            }
        }
    }

    @Test
    @DisplayName("GOAWAY STREAM_CLOSED for HEADERS on an implicitly closed lower stream passes (RFC 9113 §5.1, §5.1.1)")
    void streamClosedForDecreasingId_passes_rfc9113_5_1_1() throws Exception {
        int[] highest = {0};
        FakeServer.Script h2oLike = new FakeServer.Polite() {
            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) throws IOException {
                if (headers.streamId() < highest[0]) {
                    conn.send(GoAwayFrame.of(highest[0], ErrorCode.STREAM_CLOSED));
                    conn.close();
                    return;
                }
                highest[0] = headers.streamId();
                super.request(conn, headers);
            }
        };
        try (FakeServer server = new FakeServer(h2oLike)) {
            assertOutcome(Outcome.PASS, run(server.target(), "http2/5.1.1/decreasing-stream-id", FAST));
        }
    }

    @Test
    @DisplayName("--strict: a target that answered early and reset the stream itself is not FAILed for ignoring frames after it (RFC 9113 §5.1)")
    void earlyAnswerAndOwnReset_isNotFailedUnderStrict_rfc9113_5_1() throws Exception {
        FakeServer.Script nginxLike = new FakeServer.Polite() {
            @Override
            protected void other(FakeServer.Conn conn, Frame frame) throws IOException {
                if (frame instanceof HeadersFrame h && !h.endStream()) { // answers the head at once, aborts the rest
                    conn.respond(h.streamId());
                    conn.send(RstStreamFrame.of(h.streamId(), ErrorCode.NO_ERROR));
                }
            }
        };
        try (FakeServer server = new FakeServer(nginxLike)) {
            CaseResult r = run(server.target(), "http2/5.1/closed-after-rst-data", FAST.withStrict(true));
            assertOutcome(Outcome.SKIP, r);
            assertTrue(r.verdict().reason().contains("ignore frames on a stream it reset"), r.verdict().reason());
        }
    }

    // ---- 4. violations seen are judged -------------------------------------------------------------

    @Test
    @DisplayName("a target that never answers PING but serves GETs fails the PING cases (RFC 9113 §6.7)")
    void ignoresPing_failsPingCases_rfc9113_6_7() throws Exception {
        FakeServer.Script deaf = new FakeServer.Polite() {
            @Override
            protected void ping(FakeServer.Conn conn, PingFrame ping) {
            }
        };
        try (FakeServer server = new FakeServer(deaf)) {
            CaseResult acked = run(server.target(), "http2/6.7/ping-is-acked", FAST);
            assertOutcome(Outcome.FAIL, acked);
            assertTrue(acked.verdict().actual().contains("a GET on stream"), acked.verdict().actual());
            assertOutcome(Outcome.FAIL, run(server.target(), "http2/6.7/ack-is-not-answered", FAST));
        }
    }

    @Test
    @DisplayName("a PING ACK with other data is a FAIL at once (RFC 9113 §6.7: identical payload)")
    void pingAckWithOtherData_fails_rfc9113_6_7() throws Exception {
        FakeServer.Script wrong = new FakeServer.Polite() {
            @Override
            protected void ping(FakeServer.Conn conn, PingFrame ping) throws IOException {
                conn.send(PingFrame.ackOf(ping.opaqueData() ^ 0xff));
            }
        };
        try (FakeServer server = new FakeServer(wrong)) {
            CaseResult r = run(server.target(), "http2/6.7/ping-is-acked", FAST);
            assertOutcome(Outcome.FAIL, r);
            assertTrue(r.verdict().actual().contains("a payload no PING of ours carried"), r.verdict().actual());
        }
    }

    @Test
    @DisplayName("GOAWAY in answer to a valid set-up step (a repeated setting) is judged: FAIL, not INCONCLUSIVE (RFC 9113 §6.5.3)")
    void goAwayOnSetUp_isJudged_rfc9113_6_5_3() throws Exception {
        FakeServer.Script caddyLike = new FakeServer.Polite() {
            @Override
            protected void settings(FakeServer.Conn conn, SettingsFrame settings, int nth) throws IOException {
                if (settings.settings().stream().map(s -> s.id()).distinct().count() < settings.settings().size()) {
                    conn.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
                    conn.close();
                } else {
                    super.settings(conn, settings, nth);
                }
            }
        };
        try (FakeServer server = new FakeServer(caddyLike)) {
            CaseResult r = run(server.target(), "http2/6.5.3/values-in-order", FAST);
            assertOutcome(Outcome.FAIL, r);
            assertTrue(r.verdict().actual().contains("GOAWAY PROTOCOL_ERROR"), r.verdict().actual());
        }
    }

    @Test
    @DisplayName("a 20,000-octet DATA against our 16,384 SETTINGS_MAX_FRAME_SIZE fails the case it arrives in (RFC 9113 §4.2)")
    void oversizedFrameFromTarget_failsItsCase_rfc9113_4_2() throws Exception {
        FakeServer.Script oversize = new FakeServer.Polite() {
            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) throws IOException {
                conn.respond(headers.streamId(), List.of(new HeaderField(":status", "200")), new byte[20_000]);
            }
        };
        try (FakeServer server = new FakeServer(oversize)) {
            CaseResult r = run(server.target(), "generic/4/get", FAST);
            assertOutcome(Outcome.FAIL, r);
            assertTrue(r.verdict().actual().contains("RFC 9113 §4.2"), r.verdict().actual());
        }
    }

    // ---- 5. the target's own output ----------------------------------------------------------------

    @Test
    @DisplayName("an uppercase response field name fails output/8.2.1/field-names only; the exchange cases keep their PASS")
    void uppercaseResponseField_failsOnlyTheOutputCase_rfc9113_8_2_1() throws Exception {
        FakeServer.Script upper = new FakeServer.Polite() {
            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) throws IOException {
                conn.respond(headers.streamId(), List.of(new HeaderField(":status", "200"), new HeaderField("X-Upper", "1")),
                        new byte[5]);
            }
        };
        try (FakeServer server = new FakeServer(upper)) {
            RunResult run = runAll(server.target(), FAST, "generic/4", "output/8.2.1", "output/8.2.2");
            for (CaseResult r : run.results()) {
                assertOutcome(r.definition().id().value().equals("output/8.2.1/field-names") ? Outcome.FAIL : Outcome.PASS, r);
            }
            CaseResult names = run.results().stream().filter(r -> r.definition().id().value().equals("output/8.2.1/field-names"))
                    .findFirst().orElseThrow();
            assertTrue(names.verdict().actual().contains("X-Upper"), names.verdict().actual());
        }
    }

    @Test
    @DisplayName("DATA after the target's own END_STREAM fails output/5.1/after-end-stream, naming the case it was seen in")
    void dataAfterEndStream_failsTheOutputCase_rfc9113_5_1() throws Exception {
        FakeServer.Script chatty = new FakeServer.Polite() {
            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) throws IOException {
                super.request(conn, headers);
                if (headers.streamId() == 1) {
                    conn.send(DataFrame.of(1, new byte[3], false));
                }
            }
        };
        try (FakeServer server = new FakeServer(chatty)) {
            RunResult run = runAll(server.target(), FAST, "generic/4/get", "output/5.1/after-end-stream");
            CaseResult after = run.results().stream().filter(r -> r.definition().id().value().startsWith("output/"))
                    .findFirst().orElseThrow();
            assertOutcome(Outcome.FAIL, after);
            assertTrue(after.verdict().actual().contains("DATA after its own END_STREAM"), after.verdict().actual());
        }
    }

    // ---- 7. liveness -------------------------------------------------------------------------------

    @Test
    @DisplayName("a target slow to answer GETs but answering PING is alive after an error case, never 'server died'")
    void slowButAlive_isNotDead() throws Exception {
        FakeServer.Script slow = new FakeServer.Polite() {
            @Override
            protected void request(FakeServer.Conn conn, HeadersFrame headers) {
                // answers no GET within the probe's wait; PINGs at once
            }
        };
        try (FakeServer server = new FakeServer(slow)) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertOutcome(Outcome.PASS, r);
            assertNotNull(r.evidenceText());
            assertTrue(r.evidenceText().contains("liveness probe"), r.evidenceText());
        }
    }
}
