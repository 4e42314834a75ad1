package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.support.FakeServer;
import io.h2scope.conformance.support.OneCase;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.settings.SettingId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The verdict logic against a fake server that misbehaves on purpose: each test is one of
 * h2spec's known weaknesses, or one of the honest outcomes, shown to come out right.
 */
class VerdictLogicTest {

    private static final PeerOptions FAST = PeerOptions.defaults().withTimeout(Duration.ofMillis(300));

    /** A script whose reaction to any broken frame (or PING on a stream) is given by the test. */
    private interface Reaction {
        void react(FakeServer.Conn conn) throws IOException;
    }

    private static FakeServer.Script onViolation(Reaction reaction) {
        return new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (violation != null) {
                    reaction.react(conn);
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
    }

    private static CaseResult run(Target target, String caseId, PeerOptions options) {
        return OneCase.run(target, caseId, options);
    }

    @Test
    @DisplayName("GOAWAY with the demanded code is PASS (RFC 9113 §5.4.1)")
    void goAwayWithRightCode_rfc9113_5_4_1() throws Exception {
        try (FakeServer server = new FakeServer(onViolation(c -> {
            c.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
            c.close();
        }))) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.PASS, r.verdict().outcome(), r.verdict().toString());
        }
    }

    @Test
    @DisplayName("a close without GOAWAY is PASS-LENIENT, and FAIL under --strict (RFC 9113 §5.4.1)")
    void closeWithoutGoAway_isLenient_rfc9113_5_4_1() throws Exception {
        try (FakeServer server = new FakeServer(onViolation(FakeServer.Conn::close))) {
            CaseResult lenient = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.PASS_LENIENT, lenient.verdict().outcome(), lenient.verdict().toString());
            assertTrue(lenient.verdict().actual().contains("without GOAWAY"), lenient.verdict().actual());

            CaseResult strict = run(server.target(), "http2/6.7/nonzero-stream-id", FAST.withStrict(true));
            assertEquals(Outcome.FAIL, strict.verdict().outcome(), strict.verdict().toString());
        }
    }

    @Test
    @DisplayName("GOAWAY with another code is FAIL (RFC 9113 §6.7)")
    void goAwayWithWrongCode_rfc9113_6_7() throws Exception {
        try (FakeServer server = new FakeServer(onViolation(c -> c.send(GoAwayFrame.of(0, ErrorCode.INTERNAL_ERROR))))) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.FAIL, r.verdict().outcome());
            assertTrue(r.verdict().actual().contains("INTERNAL_ERROR"), r.verdict().actual());
        }
    }

    @Test
    @DisplayName("a server that ignores the violation but answers PING is FAIL, found by the liveness PING")
    void ignoredViolation_isFail_afterLivenessPing() throws Exception {
        try (FakeServer server = new FakeServer(onViolation(c -> { }))) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.FAIL, r.verdict().outcome(), r.verdict().toString());
            assertTrue(r.verdict().actual().contains("liveness PING answered"), r.verdict().actual());
            assertTrue(r.evidenceText().contains("liveness PING"), r.evidenceText());
        }
    }

    @Test
    @DisplayName("a server that never answers anything after the handshake is INCONCLUSIVE, not FAIL")
    void silentServer_isInconclusive() throws Exception {
        FakeServer.Script silent = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            private boolean acked;

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (!acked && frame instanceof SettingsFrame s && !s.ack()) {
                    acked = true;
                    conn.send(SettingsFrame.ackFrame()); // then never a word again
                }
            }
        };
        try (FakeServer server = new FakeServer(silent)) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.INCONCLUSIVE, r.verdict().outcome(), r.verdict().toString());
            // h2spec waits a fixed 2 s per silent case; ours waits the configured per-case timeout (300 ms here)
            assertTrue(r.verdict().reason().contains("within 300 ms"), r.verdict().reason());
            assertTrue(r.evidenceText().contains("no frame within 300 ms"), r.evidenceText());
        }
    }

    @Test
    @DisplayName("the server's own PING sent first is answered and never taken for our PING's ACK (RFC 9113 §6.7)")
    void serverPingFirst_isNotMistakenForAck_rfc9113_6_7() throws Exception {
        long serverPayload = 0x1122334455667788L;
        FakeServer.Script pingFirst = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
                conn.send(PingFrame.of(serverPayload));
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (frame instanceof PingFrame p && !p.ack()) {
                    conn.send(PingFrame.of(serverPayload)); // yet another PING of its own before the ACK
                }
                FakeServer.housekeeping(conn, frame);
            }
        };
        try (FakeServer server = new FakeServer(pingFirst)) {
            CaseResult r = run(server.target(), "http2/6.7/ping-is-acked", FAST);
            assertEquals(Outcome.PASS, r.verdict().outcome(), r.verdict().toString());
            assertTrue(r.evidenceText().contains(">> PING          stream=0 length=8 flags=ACK opaque=1122334455667788"),
                    r.evidenceText());
        }
    }

    @Test
    @DisplayName("an 'HTTP/1.1 400' answer is recognised as HTTP/1, not read as a frame")
    void http1Answer_isDetected() throws Exception {
        FakeServer.Script http1 = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                conn.sendRaw("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                conn.close();
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) {
            }
        };
        try (FakeServer server = new FakeServer(http1)) {
            try (Peer peer = Peer.connect(server.target(), FAST)) {
                HandshakeException e = assertThrows(HandshakeException.class, peer::handshake);
                assertEquals(HandshakeException.Kind.HTTP1, e.kind());
                assertTrue(e.getMessage().contains("HTTP/1.1 400 Bad Request"), e.getMessage());
            }
            CaseResult preface = run(server.target(), "http2/3.5/server-preface-is-settings", FAST);
            assertEquals(Outcome.FAIL, preface.verdict().outcome(), preface.verdict().toString());
            assertTrue(preface.verdict().actual().contains("an HTTP/1 answer \"HTTP/1.1 400 Bad Request\""), preface.verdict().actual());
            CaseResult other = run(server.target(), "http2/6.7/ping-is-acked", FAST);
            assertEquals(Outcome.INCONCLUSIVE, other.verdict().outcome());
            assertTrue(other.verdict().reason().contains("HTTP/1"), other.verdict().reason());
        }
    }

    @Test
    @DisplayName("a server that dies after an error case makes it FAIL with 'server died' (liveness probe)")
    void serverDiesAfterCase_isFail() throws Exception {
        // The "crash": every later connection is dropped before the preface is answered. The port stays
        // bound, so the probe cannot reach another process that reused a freed ephemeral port (a shared
        // machine runs other servers; closing the listener made this test flaky).
        java.util.concurrent.atomic.AtomicBoolean dead = new java.util.concurrent.atomic.AtomicBoolean();
        FakeServer.Script dies = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                if (dead.get()) {
                    conn.close();
                } else {
                    FakeServer.normalPreface(conn);
                }
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (violation != null) {
                    dead.set(true);
                    conn.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
                    conn.close();
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
        FakeServer[] holder = {new FakeServer(dies)};
        try (FakeServer server = holder[0]) {
            CaseResult r = run(server.target(), "http2/6.7/nonzero-stream-id", FAST);
            assertEquals(Outcome.FAIL, r.verdict().outcome(), r.verdict().toString());
            assertTrue(r.verdict().actual().startsWith("server died"), r.verdict().actual());
        }
    }

    @Test
    @DisplayName("a server advertising SETTINGS_MAX_FRAME_SIZE 2^24-1 gets SKIP, not a silent pass (RFC 9113 §4.2)")
    void largestMaxFrameSize_isSkip_rfc9113_4_2() throws Exception {
        FakeServer.Script largest = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                conn.send(SettingsFrame.of(new RawSetting(SettingId.MAX_FRAME_SIZE.code(), 16_777_215)));
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                FakeServer.housekeeping(conn, frame);
            }
        };
        try (FakeServer server = new FakeServer(largest)) {
            CaseResult r = run(server.target(), "http2/4.2/data-above-max-frame-size", FAST);
            assertEquals(Outcome.SKIP, r.verdict().outcome(), r.verdict().toString());
            assertTrue(r.verdict().reason().contains("16777215"), r.verdict().reason());
        }
    }

    @Test
    @DisplayName("the peer sends a frame above an advertised max frame size that h2spec's writer refuses (RFC 9113 §4.2)")
    void oversizedFrameIsSent_rfc9113_4_2() throws Exception {
        int advertised = 1 << 20;
        int[] seenLength = {-1};
        FakeServer.Script big = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                conn.send(SettingsFrame.of(new RawSetting(SettingId.MAX_FRAME_SIZE.code(), advertised)));
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (frame != null && frame.type() == io.h2scope.engine.frame.FrameType.DATA) {
                    seenLength[0] = frame.payloadLength();
                    conn.send(io.h2scope.engine.frame.RstStreamFrame.of(frame.streamId(), ErrorCode.FRAME_SIZE_ERROR));
                    return;
                }
                FakeServer.housekeeping(conn, frame);
            }
        };
        try (FakeServer server = new FakeServer(big)) {
            CaseResult r = run(server.target(), "http2/4.2/data-above-max-frame-size", FAST);
            assertEquals(Outcome.PASS, r.verdict().outcome(), r.verdict().toString());
            assertEquals(advertised + 1, seenLength[0]);
        }
    }

    @Test
    @DisplayName("a valid request in small CONTINUATIONs refused with GOAWAY ENHANCE_YOUR_CALM: PASS-LENIENT, FAIL with --strict (RFC 9113 §7)")
    void refusalForLoad_isLenient_rfc9113_7() throws Exception {
        FakeServer.Script calm = new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (frame != null && frame.type() == io.h2scope.engine.frame.FrameType.CONTINUATION) {
                    conn.send(GoAwayFrame.of(0, ErrorCode.ENHANCE_YOUR_CALM));
                    conn.close();
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
        try (FakeServer server = new FakeServer(calm)) {
            CaseResult r = run(server.target(), "generic/3.10/multiple-continuations", FAST);
            assertEquals(Outcome.PASS_LENIENT, r.verdict().outcome(), r.verdict().toString());
            assertTrue(r.verdict().actual().contains("might be generating excessive load"), r.verdict().actual());
            assertEquals(Outcome.FAIL, run(server.target(), "generic/3.10/multiple-continuations", FAST.withStrict(true)).verdict().outcome());
        }
    }
}
