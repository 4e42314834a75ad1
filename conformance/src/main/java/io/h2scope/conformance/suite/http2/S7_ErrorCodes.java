package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Script;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import java.util.List;

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
                                + "is FAIL (our frame was valid, the target has no error to report)")
                        .run(S7_ErrorCodes::unknownCodeInGoAway),
                CaseDef.define("http2/7/unknown-error-code-rst-stream").h2spec("http2/7/2").rfc("7", "7")
                        .sends("a POST head on stream 1 (left open), RST_STREAM on stream 1 with error code 0xff, "
                                + "then a GET on stream 3 and a PING")
                        .quote(UNKNOWN)
                        .accepts("only stream 1 ends: the GET on stream 3 is answered and our PING too, with no GOAWAY "
                                + "and no close")
                        .run(S7_ErrorCodes::unknownCodeInRstStream));
    }

    private static Verdict unknownCodeInGoAway(Peer p) throws Exception {
        p.handshake();
        p.send(GoAwayFrame.of(0, UNKNOWN_CODE, new byte[0]));
        long ping = p.sendProbePing();
        String expected = "the connection closed (GOAWAY NO_ERROR allowed before) or our PING answered; no GOAWAY with an error";
        String goAway = null;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            String before = goAway == null ? "" : goAway + ", then ";
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                if (g.errorCode() != ErrorCode.NO_ERROR.code()) {
                    return Verdict.fail(expected, describe(g) + ": our GOAWAY with an unknown code was taken for an error");
                }
                goAway = describe(g);
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame pf && pf.ack()
                    && pf.opaqueData() == ping) {
                return Verdict.pass(expected, before + "our PING answered: the connection keeps working");
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(expected, before + "connection " + c.how() + " (a graceful end after our GOAWAY)");
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.inconclusive(expected, before + "neither a close nor an answer to our PING within "
                        + p.timeout().toMillis() + " ms");
            }
        }
    }

    private static Verdict unknownCodeInRstStream(Peer p) throws Exception {
        p.handshake();
        Script.openPost(p, 1);
        p.send(RstStreamFrame.of(1, UNKNOWN_CODE));
        Script.get(p, 3);
        long ping = p.sendProbePing();
        String expected = "a response on stream 3 and our PING answered, no GOAWAY or close";
        String status = null;
        boolean pinged = false;
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f) {
                if (f.frame() instanceof GoAwayFrame g) {
                    return Verdict.fail(expected, describe(g) + " after our RST_STREAM with an unknown code");
                }
                if (f.frame() instanceof RstStreamFrame r && r.streamId() == 3 && status == null) {
                    return Verdict.fail(expected, "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream 3 before a response");
                }
                if (f.frame().streamId() == 3 && f.status().isPresent()) {
                    status = f.status().get();
                }
                pinged |= f.frame() instanceof PingFrame pf && pf.ack() && pf.opaqueData() == ping;
                if (status != null && pinged) {
                    return Verdict.pass(expected, "stream 3 answered with :status " + status + " and our PING answered");
                }
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.fail(expected, "connection " + c.how() + " after our RST_STREAM with an unknown code");
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.Timeout) {
                // alive (one of the two came) and silent on the other: FAIL; neither: nothing can be concluded
                String within = " within " + p.timeout().toMillis() + " ms";
                if (pinged) {
                    return Verdict.fail(expected, "our PING was answered but the GET on stream 3 was not" + within);
                }
                return status != null ? Verdict.fail(expected, "stream 3 answered with :status " + status + " but not our PING" + within)
                        : Verdict.inconclusive(expected, "neither stream 3 nor our PING answered" + within);
            }
        }
    }

    private static String describe(GoAwayFrame g) {
        return "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last_stream=" + g.lastStreamId() + ")";
    }
}
