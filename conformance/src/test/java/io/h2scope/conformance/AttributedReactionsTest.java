package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.support.FakeServer;
import io.h2scope.conformance.support.OneCase;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.check.Violation;
import java.io.IOException;
import java.time.Duration;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A case blames what it tests only for what that thing caused: servers that react to something else in the case's
 * script (any error code, known or not; a PING after any GOAWAY) are told apart from servers that break the rule, by
 * a control on a fresh connection. Each server here is scripted to behave as a real one was seen to.
 */
class AttributedReactionsTest {

    private static final PeerOptions FAST = PeerOptions.defaults().withTimeout(Duration.ofMillis(300));

    /** Answers GOAWAY frames whose code matches {@code answered} with GOAWAY PROTOCOL_ERROR, and closes. */
    private static FakeServer.Script goAwayAnswered(IntPredicate answered) {
        return new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (frame instanceof GoAwayFrame g && answered.test(g.errorCode())) {
                    conn.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
                    conn.close();
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
    }

    /** Keeps the connection after the peer's GOAWAY, and answers a PING that follows any GOAWAY with GOAWAY PROTOCOL_ERROR. */
    private static FakeServer.Script pingAfterGoAwayRejected() {
        return new FakeServer.Script() {
            private boolean goAwaySeen;

            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                goAwaySeen |= frame instanceof GoAwayFrame;
                if (goAwaySeen && frame instanceof PingFrame p && !p.ack()) {
                    conn.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
                    conn.close();
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
    }

    /** Answers a RST_STREAM whose code matches {@code answered} with GOAWAY PROTOCOL_ERROR, and closes. */
    private static FakeServer.Script resetAnswered(IntPredicate answered) {
        return new FakeServer.Script() {
            @Override
            public void onPreface(FakeServer.Conn conn) throws IOException {
                FakeServer.normalPreface(conn);
            }

            @Override
            public void onFrame(FakeServer.Conn conn, Frame frame, Violation violation) throws IOException {
                if (frame instanceof RstStreamFrame r && answered.test(r.errorCode())) {
                    conn.send(GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR));
                    conn.close();
                } else {
                    FakeServer.housekeeping(conn, frame);
                }
            }
        };
    }

    private static boolean known(int code) {
        return ErrorCode.fromCode(code & 0xffffffffL).isPresent();
    }

    private static CaseResult run(FakeServer.Script script, String caseId) throws IOException {
        try (FakeServer server = new FakeServer(script)) {
            return OneCase.run(server.target(), caseId, FAST);
        }
    }

    private static void assertOutcome(Outcome expected, CaseResult r, String inActual) {
        assertEquals(expected, r.verdict().outcome(), r.verdict() + "\n" + r.evidenceText());
        assertTrue(r.verdict().actual().contains(inActual), r.verdict().actual());
        assertTrue(r.evidenceText().contains("control on a fresh connection"), r.evidenceText());
    }

    @Test
    @DisplayName("GOAWAY PROTOCOL_ERROR to any GOAWAY with an error code: the unknown code is handled as INTERNAL_ERROR, PASS (RFC 9113 §7)")
    void anyErrorCodeAnswered_isNotBlamedOnTheUnknownCode_rfc9113_7() throws Exception {
        CaseResult r = run(goAwayAnswered(code -> code != 0), "http2/7/unknown-error-code-goaway");
        assertOutcome(Outcome.PASS, r, "equivalent to INTERNAL_ERROR");
    }

    @Test
    @DisplayName("GOAWAY PROTOCOL_ERROR to an unknown code only: the code triggered special behaviour, FAIL (RFC 9113 §7)")
    void onlyUnknownCodeAnswered_fails_rfc9113_7() throws Exception {
        CaseResult r = run(goAwayAnswered(code -> !known(code)), "http2/7/unknown-error-code-goaway");
        assertOutcome(Outcome.FAIL, r, "triggered special behaviour");
    }

    @Test
    @DisplayName("a PING after any GOAWAY answered with PROTOCOL_ERROR: not the unknown code's doing, PASS (RFC 9113 §7)")
    void pingAfterGoAwayRejected_isNotBlamedOnTheUnknownCode_rfc9113_7() throws Exception {
        CaseResult r = run(pingAfterGoAwayRejected(), "http2/7/unknown-error-code-goaway");
        assertOutcome(Outcome.PASS, r, "equivalent to INTERNAL_ERROR");
    }

    @Test
    @DisplayName("a PING after GOAWAY NO_ERROR answered with PROTOCOL_ERROR: the GOAWAY alone draws no error, PASS-LENIENT (RFC 9113 §6.8)")
    void pingAfterGoAwayRejected_isNotBlamedOnTheGoAway_rfc9113_6_8() throws Exception {
        CaseResult r = run(pingAfterGoAwayRejected(), "generic/3.8/goaway");
        assertOutcome(Outcome.PASS_LENIENT, r, "the PING drew it");
    }

    @Test
    @DisplayName("GOAWAY PROTOCOL_ERROR to GOAWAY NO_ERROR itself: the control without the PING draws it too, FAIL")
    void goAwayItselfRejected_fails_rfc9113_6_8() throws Exception {
        CaseResult r = run(goAwayAnswered(code -> true), "generic/3.8/goaway");
        assertOutcome(Outcome.FAIL, r, "to the GOAWAY alone");
    }

    @Test
    @DisplayName("GOAWAY PROTOCOL_ERROR to any RST_STREAM with an error code: PASS; to the unknown code only: FAIL (RFC 9113 §7)")
    void resetCodes_rfc9113_7() throws Exception {
        assertOutcome(Outcome.PASS, run(resetAnswered(code -> code != 0 && code != ErrorCode.CANCEL.code()),
                "http2/7/unknown-error-code-rst-stream"), "equivalent to INTERNAL_ERROR");
        assertOutcome(Outcome.FAIL, run(resetAnswered(code -> !known(code)), "http2/7/unknown-error-code-rst-stream"),
                "triggered special behaviour");
    }
}
