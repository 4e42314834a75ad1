package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.ControlRun;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import java.util.List;
import java.util.Optional;

/**
 * RFC 7540 §7 (RFC 9113 §7): error codes. An unknown code in a valid RST_STREAM or GOAWAY must be
 * handled like any other code, at most as INTERNAL_ERROR: never as a protocol error of ours.
 */
public final class S7_ErrorCodes implements Section {

    private static final String UNKNOWN = "Unknown or unsupported error codes MUST NOT trigger any special behavior. These MAY be treated by an implementation as being equivalent to INTERNAL_ERROR.";
    /** Not assigned by RFC 9113 §7 or its IANA registry: h2spec uses the same. */
    private static final int UNKNOWN_CODE = 0xff;

    @Override
    public String id() {
        return "http2/7";
    }

    @Override
    public String title() {
        return "Error Codes";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/7/unknown-error-code-goaway").h2spec("http2/7/1").rfc("7", "7")
                        .sends("GOAWAY (last stream 0) with error code 0xff, then a PING")
                        .quote(UNKNOWN)
                        .accepts("what any GOAWAY may bring (RFC 9113 §6.8): the connection closed, with or without a GOAWAY "
                                + "NO_ERROR first, or kept open with our PING answered; a GOAWAY with an error code of its own "
                                + "is FAIL unless the target answers GOAWAY INTERNAL_ERROR the same way (a control on a fresh "
                                + "connection): then the unknown code was treated as INTERNAL_ERROR, which §7 allows")
                        .run(S7_ErrorCodes::unknownCodeInGoAway),
                CaseDef.define("http2/7/unknown-error-code-rst-stream").h2spec("http2/7/2").rfc("7", "7")
                        .sends("a POST head on stream 1 (left open), RST_STREAM on stream 1 with error code 0xff, "
                                + "then a GET on stream 3 and a PING")
                        .quote(UNKNOWN)
                        .accepts("only stream 1 ends: the GET on stream 3 is answered and our PING too, with no GOAWAY "
                                + "and no close; any other reaction is FAIL unless RST_STREAM INTERNAL_ERROR draws the same "
                                + "(a control on a fresh connection): then the code was treated as INTERNAL_ERROR, which §7 allows")
                        .run(S7_ErrorCodes::unknownCodeInRstStream));
    }

    private static Verdict unknownCodeInGoAway(Peer p) throws Exception {
        p.handshake();
        String expected = "the connection closed (GOAWAY NO_ERROR allowed before) or our PING answered; no GOAWAY with an error";
        return judge(p, expected, goAwayThenPing(p, UNKNOWN_CODE), "GOAWAY INTERNAL_ERROR instead of 0xff, then a PING",
                control -> {
                    control.handshake();
                    return goAwayThenPing(control, ErrorCode.INTERNAL_ERROR.code());
                });
    }

    private static Verdict unknownCodeInRstStream(Peer p) throws Exception {
        p.handshake();
        String expected = "a response on stream 3 and our PING answered, no GOAWAY or close";
        return judge(p, expected, resetThenGet(p, UNKNOWN_CODE), "RST_STREAM INTERNAL_ERROR instead of 0xff, then the GET and PING",
                control -> {
                    control.handshake();
                    return resetThenGet(control, ErrorCode.INTERNAL_ERROR.code());
                });
    }

    /**
     * PASS when the target accepted the frame with the unknown code. When it reacted with an error, the same script
     * with INTERNAL_ERROR on a fresh connection tells whether the unknown code caused it: the same reaction there
     * means the code was treated as INTERNAL_ERROR, which the RFC allows, and whatever the target does with such a
     * frame (or with our PING after a GOAWAY) is not this case's rule.
     */
    private static Verdict judge(Peer p, String expected, Answer answer, String controlWhat, ControlRun.Script<Answer> control) {
        switch (answer.kind()) {
            case ACCEPTED:
                return Verdict.pass(expected, answer.detail());
            case HTTP1:
                return Verdict.fail(expected, answer.detail());
            case SILENT:
                return Verdict.inconclusive(expected, answer.detail());
            default:
                break;
        }
        Optional<Answer> known = ControlRun.run(p, controlWhat, control);
        if (known.isEmpty() || known.get().kind() == Answer.Kind.SILENT) {
            return Verdict.inconclusive(expected, answer.detail() + "; whether the unknown code caused it is not known: the control with "
                    + "INTERNAL_ERROR on a fresh connection " + known.map(Answer::detail).orElse("could not run"));
        }
        if (known.get().kind() == Answer.Kind.ERROR && known.get().reaction().equals(answer.reaction())) {
            return Verdict.pass(expected, answer.detail() + ", and the same to the control with INTERNAL_ERROR on a fresh connection ("
                    + known.get().detail() + "): the unknown code was handled as INTERNAL_ERROR, which RFC 9113 §7 allows (\""
                    + "These MAY be treated by an implementation as being equivalent to INTERNAL_ERROR.\")");
        }
        return Verdict.fail(expected, answer.detail() + " after the unknown code, but " + known.get().detail()
                + " after INTERNAL_ERROR on a fresh connection (control): the unknown code triggered special behaviour");
    }

    /** Our GOAWAY (last stream 0) with {@code code}, then a PING: how the target answered. */
    private static Answer goAwayThenPing(Peer p, int code) {
        p.send(GoAwayFrame.of(0, code, new byte[0]));
        long ping = p.sendProbePing();
        String goAway = null;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            String before = goAway == null ? "" : goAway + ", then ";
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                if (g.errorCode() != ErrorCode.NO_ERROR.code()) {
                    return Answer.error("GOAWAY " + ErrorCode.nameOf(g.errorCode()), describe(g) + " answered our GOAWAY and PING");
                }
                goAway = describe(g);
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame pf && pf.ack()
                    && pf.opaqueData() == ping) {
                return Answer.accepted(before + "our PING answered: the connection keeps working");
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Answer.accepted(before + "connection " + c.how() + " (a graceful end after our GOAWAY)");
            } else if (event instanceof PeerEvent.Http1Response h) {
                return new Answer(Answer.Kind.HTTP1, "", "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                return Answer.silent(before + "neither a close nor an answer to our PING within " + p.timeout().toMillis() + " ms");
            }
        }
    }

    /** A POST head on stream 1 (left open), our RST_STREAM on it with {@code code}, a GET on stream 3 and a PING. */
    private static Answer resetThenGet(Peer p, int code) {
        Script.openPost(p, 1);
        p.send(RstStreamFrame.of(1, code));
        Script.get(p, 3);
        long ping = p.sendProbePing();
        String status = null;
        boolean pinged = false;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f) {
                if (f.frame() instanceof GoAwayFrame g) {
                    return Answer.error("GOAWAY " + ErrorCode.nameOf(g.errorCode()), describe(g) + " after our RST_STREAM");
                }
                if (f.frame() instanceof RstStreamFrame r && r.streamId() == 3 && status == null) {
                    String reset = "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream 3";
                    return Answer.error(reset, reset + " before a response");
                }
                if (f.frame().streamId() == 3 && f.status().isPresent()) {
                    status = f.status().get();
                }
                pinged |= f.frame() instanceof PingFrame pf && pf.ack() && pf.opaqueData() == ping;
                if (status != null && pinged) {
                    return Answer.accepted("stream 3 answered with :status " + status + " and our PING answered");
                }
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Answer.error("close", "connection " + c.how() + " after our RST_STREAM");
            } else if (event instanceof PeerEvent.Http1Response h) {
                return new Answer(Answer.Kind.HTTP1, "", "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                // alive (one of the two came) and silent on the other: an error reaction; neither: nothing can be concluded
                String within = " within " + p.timeout().toMillis() + " ms";
                if (pinged) {
                    return Answer.error("GET unanswered", "our PING was answered but the GET on stream 3 was not" + within);
                }
                return status != null ? Answer.error("PING unanswered", "stream 3 answered with :status " + status + " but not our PING" + within)
                        : Answer.silent("neither stream 3 nor our PING answered" + within);
            }
        }
    }

    /**
     * How the target answered a script: {@code reaction} names an error reaction in words a control's answer is
     * compared by (the frame and code, not its debug data); {@code detail} is what the verdict says.
     */
    private record Answer(Kind kind, String reaction, String detail) {

        enum Kind { ACCEPTED, ERROR, HTTP1, SILENT }

        static Answer accepted(String detail) {
            return new Answer(Kind.ACCEPTED, "", detail);
        }

        static Answer error(String reaction, String detail) {
            return new Answer(Kind.ERROR, reaction, detail);
        }

        static Answer silent(String detail) {
            return new Answer(Kind.SILENT, "", detail);
        }
    }

    private static String describe(GoAwayFrame g) {
        return "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last_stream=" + g.lastStreamId() + ")";
    }
}
