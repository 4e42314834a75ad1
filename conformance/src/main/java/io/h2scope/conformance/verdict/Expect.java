package io.h2scope.conformance.verdict;

import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The verifiers a case ends with. Each reads the target's events until one decides, and returns a
 * {@link Verdict}. A decisive event ends the wait at once; where an answer may still be overtaken
 * by a more specific one (a RST_STREAM CANCEL sent while the target tears the connection down with
 * the GOAWAY that matters), the verifier reads on only up to a {@link Barrier}.
 *
 * <p><b>Silence.</b> When nothing decisive arrives within the per-case timeout, the verifier does
 * not guess: it probes the connection. A liveness PING with a fresh payload first (matched by
 * payload; the target's own PINGs are answered by the peer and never taken for the ACK); if that
 * goes unanswered, a GET on a new stream, with a longer wait. If either is answered, the target is
 * alive and chose not to react: FAIL. If neither is, nothing can be concluded: INCONCLUSIVE. While
 * a field block of ours is open, no probe can be sent without breaking RFC 9113 §6.10 itself:
 * INCONCLUSIVE at once.
 *
 * <p>Over 500 lines as one class: it is the catalogue every case takes its verdict from ({@code Expect.streamError},
 * {@code Expect.connectionError}, ...), and all of them share the one way of awaiting, probing and judging above.
 */
public final class Expect {

    /** Decides on one event: a verdict, or null to keep reading. */
    @FunctionalInterface
    private interface Judge {
        Verdict judge(PeerEvent event);
    }

    private Expect() {
    }

    // ---- errors ------------------------------------------------------------------------------

    /**
     * RFC9113 §5.4.1: a connection error is GOAWAY with one of {@code codes} (PASS); a close without
     * GOAWAY is PASS_LENIENT (FAIL under --strict); GOAWAY with another code is FAIL; carrying on as
     * if nothing happened is FAIL.
     */
    public static Verdict connectionError(Peer peer, ErrorCode... codes) {
        return connectionError(peer, AcceptedCode.plain(codes));
    }

    /** Like {@link #connectionError(Peer, ErrorCode...)}, each code with the rule that gives it. */
    public static Verdict connectionError(Peer peer, AcceptedCode... codes) {
        String expected = "GOAWAY with " + AcceptedCode.names(codes) + " (connection error)";
        Verdict verdict = await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return judgeGoAway(expected, codes, g, "");
            }
            return closedOrHttp1(event, expected, "GOAWAY");
        }, "no GOAWAY");
        return verdict.strictly(peer.options().strict());
    }

    /**
     * RFC9113 §5.4.2: a stream error is RST_STREAM on {@code streamId} with one of {@code codes}. A
     * connection error with an accepted code also passes (RFC9113 §5.4.1: an endpoint "MAY choose
     * to treat a stream error as a connection error"); a bare close is PASS_LENIENT. A RST_STREAM with
     * another code decides only when no GOAWAY follows it (read up to a barrier): a target that
     * resets the stream with CANCEL while it tears the connection down answers with its GOAWAY. A
     * RST_STREAM NO_ERROR or CANCEL after the target had already ended the stream with its response
     * is its early abort of the request (RFC9113 §8.1), not a reaction to our frame: PASS_LENIENT.
     */
    public static Verdict streamError(Peer peer, int streamId, ErrorCode... codes) {
        return streamError(peer, streamId, AcceptedCode.plain(codes));
    }

    /** Like {@link #streamError(Peer, int, ErrorCode...)}, each code with the rule that gives it. */
    public static Verdict streamError(Peer peer, int streamId, AcceptedCode... codes) {
        return streamError(peer, streamId, false, codes);
    }

    /**
     * A stream error for a frame sent on a stream we reset ourselves. When the target had ended or
     * reset the stream on its own before our frame could reach it (an early answer, RFC9113 §8.1), our
     * frame reached a stream that it closed with its RST_STREAM, where RFC9113 §5.1 tells it to
     * discard what arrives: the rule could not be tested, SKIP with the reason.
     */
    public static Verdict streamErrorAfterOurReset(Peer peer, int streamId, ErrorCode... codes) {
        return streamError(peer, streamId, true, AcceptedCode.plain(codes));
    }

    private static Verdict streamError(Peer peer, int streamId, boolean untestableAfterOwnReset, AcceptedCode... codes) {
        String expected = "RST_STREAM on stream " + streamId + " with " + AcceptedCode.names(codes)
                + " (or GOAWAY with one of them)";
        boolean[] answered = {false};
        Verdict verdict = await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f) {
                Frame frame = f.frame();
                if (frame instanceof RstStreamFrame r && r.streamId() == streamId) {
                    AcceptedCode match = AcceptedCode.match(codes, r.errorCode());
                    if (match != null) {
                        return Verdict.pass(expected, FrameWords.rstStream(r) + match.matched());
                    }
                    if (answered[0] && isAbort(r)) {
                        return untestableAfterOwnReset
                                ? Verdict.skip("not testable against this target: it answered stream " + streamId
                                        + " early and closed it with " + FrameWords.rstStream(r) + " before our frame arrived, and RFC 9113 §5.1 "
                                        + "tells it to ignore frames on a stream it reset")
                                : Verdict.lenient(expected, earlyAnswer(r));
                    }
                    return overtakenByGoAway(peer, expected, codes, Verdict.fail(expected, FrameWords.rstStream(r)),
                            FrameWords.rstStream(r));
                }
                if (frame.streamId() == streamId && endsStream(frame)) {
                    answered[0] = true;
                }
                if (frame instanceof GoAwayFrame g) {
                    return judgeGoAway(expected, codes, g, "");
                }
            }
            return closedOrHttp1(event, expected, "RST_STREAM or GOAWAY");
        }, "no RST_STREAM on stream " + streamId);
        return verdict.outcome() == Outcome.SKIP ? verdict : verdict.strictly(peer.options().strict());
    }

    /**
     * RFC9113 §8.1.1: a malformed request is "a stream error (Section 5.4.2) of type PROTOCOL_ERROR";
     * the server "MAY send an HTTP response prior to closing or resetting the stream". RST_STREAM
     * (or GOAWAY) with PROTOCOL_ERROR, with or without a 4xx response first, is PASS; a 4xx response
     * that ends the stream without RST_STREAM is PASS_LENIENT (refused, but not as a stream error);
     * any other response means the request was processed: FAIL, unless the target answered early and
     * aborted the rest of the request ({@link #afterAnswer}).
     */
    public static Verdict malformed(Peer peer, int streamId) {
        return malformed(peer, streamId, false);
    }

    /**
     * Like {@link #malformed(Peer, int)}, for a request whose fault comes after a valid head (DATA
     * against content-length, a second HEADERS, pseudo-headers in trailers): the target may have
     * answered from the head alone before the faulty frame arrived, so any response may come first;
     * what counts is the RST_STREAM PROTOCOL_ERROR once that frame is seen. A response that ends the
     * stream and is never followed by the reset means the fault went unnoticed: FAIL for a 2xx/3xx,
     * PASS_LENIENT for a 4xx.
     */
    public static Verdict malformedAfterHead(Peer peer, int streamId) {
        // RFC9113 §8.1: "A server can send a complete response prior to the client sending an entire request when
        // the response does not depend on any portion of the request that has not been sent and received."
        return malformed(peer, streamId, true);
    }

    private static Verdict malformed(Peer peer, int streamId, boolean earlyResponseAllowed) {
        String expected = "RST_STREAM PROTOCOL_ERROR on stream " + streamId + " (a 4xx response before it is allowed)";
        AcceptedCode[] protocolError = AcceptedCode.plain(ErrorCode.PROTOCOL_ERROR);
        String[] refusal = {null};
        String[] answered = {null};
        Verdict verdict = await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f) {
                Frame frame = f.frame();
                String prefix = refusal[0] != null ? refusal[0] + ", then "
                        : answered[0] != null ? "response :status " + answered[0] + ", then " : "";
                if (frame instanceof RstStreamFrame r && r.streamId() == streamId) {
                    if (r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                        return Verdict.pass(expected, prefix + FrameWords.rstStream(r));
                    }
                    return overtakenByGoAway(peer, expected, protocolError,
                            Verdict.fail(expected, prefix + FrameWords.rstStream(r)), prefix + FrameWords.rstStream(r));
                }
                if (frame instanceof GoAwayFrame g) {
                    return judgeGoAway(expected, protocolError, g, prefix);
                }
                if (frame.streamId() == streamId && f.status().isPresent()) {
                    String status = f.status().get();
                    boolean clientError = status.startsWith("4");
                    if (!clientError && !earlyResponseAllowed) {
                        // not a FAIL yet: it may answer the request head before the malformed part arrived
                        answered[0] = status;
                        refusal[0] = null;
                    } else {
                        answered[0] = null;
                        refusal[0] = "response :status " + status;
                    }
                }
                if (answered[0] != null && frame.streamId() == streamId && endsStream(frame)) {
                    return afterAnswer(peer, streamId, expected, answered[0]);
                }
                if (refusal[0] != null && frame.streamId() == streamId && endsStream(frame)) {
                    return refusal[0].startsWith("response :status 4")
                            ? resetAfterRefusal(peer, streamId, expected, refusal[0])
                            : resetAfterEarlyAnswer(peer, streamId, expected, refusal[0]);
                }
            }
            return closedOrHttp1(event, expected, "RST_STREAM or GOAWAY");
        }, "no RST_STREAM on stream " + streamId);
        return verdict.strictly(peer.options().strict());
    }

    /**
     * A non-4xx response ended the stream. RFC9113 §8.1: "A server can send a complete response prior
     * to the client sending an entire request ... a server MAY request that the client abort
     * transmission of a request without error by sending a RST_STREAM with an error code of NO_ERROR".
     * A server that answered the request head early (nginx's {@code return}, haproxy's
     * {@code http-request return}) and aborted the rest never processed the malformed part on an open
     * stream (RFC9113 §5.1: frames after its RST_STREAM are discarded): PASS_LENIENT (FAIL under
     * --strict), not a plain FAIL. A late RST_STREAM or GOAWAY PROTOCOL_ERROR is lenient too (it
     * noticed, after answering). Nothing more up to the barrier: the malformed request was processed.
     */
    private static Verdict afterAnswer(Peer peer, int streamId, String expected, String status) {
        String answer = "response :status " + status;
        for (PeerEvent next : Barrier.followUps(peer)) {
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                if (r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                    return Verdict.lenient(expected, answer + ", then " + FrameWords.rstStream(r));
                }
                return isAbort(r) ? Verdict.lenient(expected, answer + " then " + earlyAnswer(r))
                        : Verdict.fail(expected, "the malformed request was answered with :status " + status + ", then "
                                + FrameWords.rstStream(r));
            }
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()
                        ? Verdict.lenient(expected, answer + ", then " + FrameWords.goAway(g))
                        : Verdict.fail(expected, "the malformed request was answered with :status " + status + ", then "
                                + FrameWords.goAway(g));
            }
        }
        return Verdict.fail(expected, "the malformed request was answered with :status " + status
                + " and the stream was not reset");
    }

    /**
     * For a fault after a valid head: the target answered the head (non-4xx) and ended the stream. The
     * fault is caught when RST_STREAM PROTOCOL_ERROR (or GOAWAY) follows: PASS. RST_STREAM NO_ERROR or
     * CANCEL means it aborted the rest of the request unread, as RFC 9113 §8.1 allows: PASS_LENIENT.
     * Nothing up to the barrier: the fault went unnoticed, FAIL.
     */
    private static Verdict resetAfterEarlyAnswer(Peer peer, int streamId, String expected, String answer) {
        for (PeerEvent next : Barrier.followUps(peer)) {
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                if (r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                    return Verdict.pass(expected, answer + ", then " + FrameWords.rstStream(r));
                }
                return isAbort(r) ? Verdict.lenient(expected, answer + " then " + earlyAnswer(r))
                        : Verdict.fail(expected, answer + ", then " + FrameWords.rstStream(r));
            }
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()
                        ? Verdict.pass(expected, answer + ", then " + FrameWords.goAway(g))
                        : Verdict.fail(expected, answer + ", then " + FrameWords.goAway(g));
            }
        }
        return Verdict.fail(expected, answer + " ending the stream, and no RST_STREAM: the malformed part went unnoticed");
    }

    /** A 4xx ended the stream: a RST_STREAM PROTOCOL_ERROR may still follow it at once. */
    private static Verdict resetAfterRefusal(Peer peer, int streamId, String expected, String refusal) {
        for (PeerEvent next : Barrier.followUps(peer)) {
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId
                    && r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                return Verdict.pass(expected, refusal + ", then " + FrameWords.rstStream(r));
            }
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()
                        ? Verdict.pass(expected, refusal + ", then " + FrameWords.goAway(g))
                        : Verdict.lenient(expected, refusal + " ending the stream, then " + FrameWords.goAway(g));
            }
        }
        return Verdict.lenient(expected, refusal + " ending the stream, without RST_STREAM");
    }

    /**
     * A reset with a code the case does not accept: it decides unless a GOAWAY comes right after it
     * (read up to a barrier), which then decides instead, RFC9113 §5.4.1 allowing a stream error to
     * be treated as a connection error.
     */
    private static Verdict overtakenByGoAway(Peer peer, String expected, AcceptedCode[] codes, Verdict byReset, String reset) {
        for (PeerEvent next : Barrier.followUps(peer)) {
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return judgeGoAway(expected, codes, g, reset + ", then ");
            }
        }
        return byReset;
    }

    private static Verdict judgeGoAway(String expected, AcceptedCode[] codes, GoAwayFrame g, String prefix) {
        AcceptedCode match = AcceptedCode.match(codes, g.errorCode());
        return match != null ? Verdict.pass(expected, prefix + FrameWords.goAway(g) + match.matched())
                : Verdict.fail(expected, prefix + FrameWords.goAway(g));
    }

    /** RST_STREAM NO_ERROR or CANCEL after the target's own END_STREAM: it stops reading a request it answered. */
    private static boolean isAbort(RstStreamFrame r) {
        return r.errorCode() == ErrorCode.NO_ERROR.code() || r.errorCode() == ErrorCode.CANCEL.code();
    }

    private static String earlyAnswer(RstStreamFrame r) {
        return FrameWords.rstStream(r) + " after its complete response: it answered before the request ended and aborted the rest "
                + "(RFC 9113 §8.1 early response), so our frame reached a stream it had closed (§5.1: discarded)";
    }

    private static boolean endsStream(Frame frame) {
        return frame instanceof DataFrame d && d.endStream() || frame instanceof HeadersFrame h && h.endStream();
    }

    // ---- positive expectations -------------------------------------------------------------

    /**
     * RFC9113 §6.7: our PING with {@code payload} comes back with ACK and the same payload. A PING ACK
     * with a payload no PING of ours carried is a wrong answer: FAIL.
     */
    public static Verdict pingAck(Peer peer, long payload) {
        String expected = String.format("PING with ACK and opaque=%016x", payload);
        return await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()) {
                if (p.opaqueData() == payload) {
                    return Verdict.pass(expected, "PING ACK with the same payload");
                }
                if (!peer.sentPing(p.opaqueData())) {
                    // RFC9113 §6.7: "... MUST send a PING frame with the ACK flag set in response, with an identical frame payload"
                    return Verdict.fail(expected, FrameWords.describe(p) + ", a payload no PING of ours carried");
                }
            }
            return errorOrClose(event, expected);
        }, "our PING was not answered");
    }

    /**
     * A response on {@code streamId}: a field block with {@code :status}. The rest of the response is
     * read too (up to its END_STREAM, within one timeout), so that what the target sends in it is
     * checked like everything else it sends.
     */
    public static Verdict response(Peer peer, int streamId) {
        String expected = "a response (HEADERS with :status) on stream " + streamId;
        return awaitStrictly(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == streamId && f.status().isPresent()) {
                String status = "response :status " + f.status().get();
                return Verdict.pass(expected, endsStream(f.frame()) ? status : status + readToEnd(peer, streamId));
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                return r.errorCode() == ErrorCode.ENHANCE_YOUR_CALM.code() ? refusedForLoad(expected, FrameWords.rstStream(r))
                        : Verdict.fail(expected, FrameWords.rstStream(r));
            }
            return errorOrClose(event, expected);
        }, "no response");
    }

    /** Reads the rest of a response; says how it ended when that is not its END_STREAM. */
    private static String readToEnd(Peer peer, int streamId) {
        while (true) {
            PeerEvent event = peer.nextEvent(peer.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == streamId) {
                if (endsStream(f.frame())) {
                    return "";
                }
                if (f.frame() instanceof RstStreamFrame r) {
                    return ", then " + FrameWords.rstStream(r);
                }
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return ", then " + FrameWords.goAway(g);
            } else if (event instanceof PeerEvent.Timeout || event instanceof PeerEvent.ConnectionClosed) {
                return " (the body did not end: " + event.describe() + ")";
            }
        }
    }

    /**
     * RFC9113 §6.5.3: every SETTINGS frame we sent is acknowledged. ACKs are counted (one per SETTINGS,
     * in order), so the ACK of an earlier SETTINGS is never taken for the ACK of the latest.
     */
    public static Verdict settingsAck(Peer peer) {
        String expected = peer.settingsUnacked() > 1 ? "a SETTINGS ACK for each of our " + peer.settingsUnacked()
                + " unacknowledged SETTINGS frames" : "SETTINGS with ACK";
        if (peer.settingsAllAcked()) {
            return Verdict.pass(expected, "SETTINGS ACK");
        }
        return await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof SettingsFrame s && s.ack()
                    && peer.settingsAllAcked()) {
                return Verdict.pass(expected, "SETTINGS ACK");
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return Verdict.fail(expected, "the target answered valid SETTINGS with " + FrameWords.goAway(g));
            }
            return errorOrClose(event, expected);
        }, peer.settingsUnacked() > 1 ? "only the first of our SETTINGS frames was acknowledged" : "no SETTINGS ACK");
    }

    /** A DATA frame on {@code streamId} whose Length is exactly {@code length} (flow-control cases). */
    public static Verdict dataOfLength(Peer peer, int streamId, int length) {
        String expected = "DATA on stream " + streamId + " with length " + length;
        return await(peer, expected, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof DataFrame d && d.streamId() == streamId) {
                return d.payloadLength() == length ? Verdict.pass(expected, "DATA length " + length)
                        : Verdict.fail(expected, "DATA length " + d.payloadLength() + " on stream " + streamId);
            }
            return errorOrClose(event, expected);
        }, "no DATA on stream " + streamId);
    }

    /**
     * The target accepted what we sent: the connection still works, and no GOAWAY or close came first
     * (the frames before it, responses included, are fine). Shown by a fresh PING answered (a PING ACK
     * with the wrong payload shows it too: that fault is the PING cases' to judge), or, for a target
     * that does not answer PING, by a GET on a new stream answered.
     */
    public static Verdict noError(Peer peer) {
        long payload = peer.sendProbePing();
        String expected = "no error: the connection keeps working (our PING, or else a GET, answered)";
        Judge judge = event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()) {
                return Verdict.pass(expected, p.opaqueData() == payload ? "PING answered, no error"
                        : "PING answered (with another payload), no error");
            }
            return errorOrClose(event, expected);
        };
        List<String> seen = new ArrayList<>();
        Probe first = awaitProbe(peer, peer.timeout(), judge, seen, e -> false);
        if (first.decided() != null) {
            return first.decided();
        }
        if (peer.isClosed() || peer.fieldBlockOpen()) {
            return Verdict.inconclusive(expected, "our PING was not answered within " + peer.timeout().toMillis() + " ms");
        }
        int stream = peer.nextStreamId();
        peer.note("our PING was not answered: a GET on stream " + stream + " shows whether the connection works");
        peer.sendHeaders(stream, peer.requestHeaders(peer.target().path()), true);
        Probe get = awaitProbe(peer, peer.timeout().multipliedBy(2), judge, seen,
                e -> e instanceof PeerEvent.FrameReceived f && f.frame().streamId() == stream && f.status().isPresent());
        if (get.decided() != null) {
            return get.decided();
        }
        return get.alive() ? Verdict.pass(expected, "a GET on stream " + stream + " answered, no error (the target does not answer PING)")
                : Verdict.inconclusive(expected, "neither our PING nor a GET on stream " + stream + " was answered");
    }

    /**
     * RFC9113 §3.4: after an invalid preface the target ends the connection. A close (with or
     * without GOAWAY) or an HTTP/1 refusal passes; a connection still open after the timeout fails
     * (no PING can probe a connection that never became HTTP/2).
     */
    public static Verdict connectionClose(Peer peer) {
        String expected = "the connection is closed (GOAWAY optional)";
        String goaway = null;
        while (true) {
            PeerEvent event = peer.nextEvent(peer.timeout());
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(expected, (goaway == null ? "" : goaway + ", then ") + "connection " + c.how());
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.pass(expected, "refused as HTTP/1: " + h.statusLine());
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                goaway = FrameWords.goAway(g);
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.fail(expected, (goaway == null ? "" : goaway + " but ") + "the connection was still open after "
                        + peer.timeout().toMillis() + " ms");
            }
        }
    }

    // ---- the shared loop -------------------------------------------------------------------

    /** {@link #await}, with PASS-LENIENT a FAIL under --strict. */
    private static Verdict awaitStrictly(Peer peer, String expected, Judge judge, String silence) {
        return await(peer, expected, judge, silence).strictly(peer.options().strict());
    }

    private static Verdict await(Peer peer, String expected, Judge judge, String silence) {
        List<String> seen = new ArrayList<>();
        while (true) {
            PeerEvent event = peer.nextEvent(peer.timeout());
            if (event instanceof PeerEvent.Timeout) {
                return probe(peer, expected, seen, judge, silence);
            }
            Verdict verdict = judge.judge(event);
            if (verdict != null) {
                return verdict;
            }
            remember(seen, event);
        }
    }

    /** Silence: is the target alive (it ignored us: FAIL) or gone quiet (INCONCLUSIVE)? */
    private static Verdict probe(Peer peer, String expected, List<String> seen, Judge judge, String silence) {
        String received = seen.isEmpty() ? "" : "; received " + String.join(", ", seen);
        if (peer.fieldBlockOpen()) {
            return Verdict.inconclusive(expected, silence + " within " + peer.timeout().toMillis() + " ms, and our field block "
                    + "is still open, so no probe can be sent without breaking RFC 9113 §6.10" + received);
        }
        peer.note("no decisive reaction in " + peer.timeout().toMillis() + " ms: liveness PING");
        long payload = peer.sendProbePing();
        Probe probe = awaitProbe(peer, peer.timeout(), judge, seen,
                e -> e instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack() && p.opaqueData() == payload);
        if (probe.decided() != null) {
            return probe.decided();
        }
        if (probe.alive()) {
            return Verdict.fail(expected, silence + "; the connection is alive (liveness PING answered)" + received);
        }
        if (peer.isClosed()) {
            return Verdict.inconclusive(expected, "nothing decisive within " + peer.timeout().toMillis()
                    + " ms, then the connection closed without an answer to the liveness PING");
        }
        // a target may ignore PING altogether (then the PING cases judge it) and still serve requests
        int stream = peer.nextStreamId();
        Duration wait = peer.timeout().multipliedBy(2);
        peer.note("the liveness PING was not answered: a GET on stream " + stream + " as a second probe");
        peer.sendHeaders(stream, peer.requestHeaders(peer.target().path()), true);
        probe = awaitProbe(peer, wait, judge, seen,
                e -> e instanceof PeerEvent.FrameReceived f && f.frame().streamId() == stream && f.status().isPresent());
        if (probe.decided() != null) {
            return probe.decided();
        }
        if (probe.alive()) {
            return Verdict.fail(expected, silence + "; the connection is alive (our liveness PING went unanswered, but a GET "
                    + "on stream " + stream + " was answered)" + received);
        }
        return Verdict.inconclusive(expected, "nothing decisive within " + peer.timeout().toMillis()
                + " ms, and neither a liveness PING nor a GET (" + wait.toMillis() + " ms) was answered" + received);
    }

    /** How a probe ended: the judge decided after all, the probe was answered, or neither. */
    private record Probe(Verdict decided, boolean alive) {
    }

    /** Reads until {@code answered} matches, the judge decides, the connection closes or {@code wait} passes. */
    private static Probe awaitProbe(Peer peer, Duration wait, Judge judge, List<String> seen,
            java.util.function.Predicate<PeerEvent> answered) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return new Probe(null, false);
            }
            PeerEvent event = peer.nextEvent(Duration.ofNanos(left));
            if (event instanceof PeerEvent.Timeout) {
                return new Probe(null, false);
            }
            Verdict late = judge.judge(event);
            if (late != null) {
                return new Probe(late, false);
            }
            if (answered.test(event)) {
                return new Probe(null, true);
            }
            if (event instanceof PeerEvent.ConnectionClosed) {
                return new Probe(null, false);
            }
            remember(seen, event);
        }
    }

    private static Verdict closedOrHttp1(PeerEvent event, String expected, String missing) {
        if (event instanceof PeerEvent.ConnectionClosed c) {
            return Verdict.closedWithoutAnswer(expected, missing, c.how());
        }
        if (event instanceof PeerEvent.Http1Response h) {
            return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
        }
        return null;
    }

    /**
     * For positive expectations: GOAWAY, a close or an HTTP/1 answer all mean the target refused. A refusal with
     * ENHANCE_YOUR_CALM is the target's judgement of load, which the RFC leaves to it: PASS-LENIENT.
     */
    private static Verdict errorOrClose(PeerEvent event, String expected) {
        if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
            return g.errorCode() == ErrorCode.ENHANCE_YOUR_CALM.code() ? refusedForLoad(expected, FrameWords.goAway(g))
                    : Verdict.fail(expected, FrameWords.goAway(g));
        }
        if (event instanceof PeerEvent.ConnectionClosed c) {
            return Verdict.fail(expected, "connection " + c.how());
        }
        if (event instanceof PeerEvent.Http1Response h) {
            return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
        }
        return null;
    }

    /** What the target did with valid input was a refusal for load (ENHANCE_YOUR_CALM): allowed, but not an answer. */
    private static Verdict refusedForLoad(String expected, String refusal) {
        return Verdict.lenient(expected, refusal + ": refused as load, which RFC 9113 §7 lets an endpoint judge (\"ENHANCE_YOUR_CALM "
                + "(0x0b): The endpoint detected that its peer is exhibiting a behavior that might be generating excessive load.\"); "
                + "§10.5 warns that \"some uses of small frames are entirely legitimate\"");
    }

    private static void remember(List<String> seen, PeerEvent event) {
        if (event instanceof PeerEvent.FrameReceived f) {
            Frame frame = f.frame();
            if (frame.type() == FrameType.SETTINGS || frame.type() == FrameType.PING || frame.type() == FrameType.WINDOW_UPDATE) {
                return; // connection housekeeping says nothing about the case
            }
            seen.add(FrameWords.describe(frame));
        } else if (event instanceof PeerEvent.PeerViolation v) {
            seen.add(v.describe());
        }
    }
}
