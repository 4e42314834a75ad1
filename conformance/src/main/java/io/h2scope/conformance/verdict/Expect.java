package io.h2scope.conformance.verdict;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The verifiers a case ends with. Each reads the target's events until one decides, and returns a
 * {@link Verdict}.
 *
 * <p><b>Silence.</b> When nothing decisive arrives within the per-case timeout, the verifier does
 * not guess: it sends a liveness PING with a fresh payload. If that PING is ACKed (matched by
 * payload; the target's own PINGs are answered by the peer and never taken for the ACK), the
 * target is alive and chose not to react: FAIL. If even the PING goes unanswered, nothing can be
 * concluded: INCONCLUSIVE.
 */
public final class Expect {

    /** Decides on one event: a verdict, or null to keep reading. */
    @FunctionalInterface
    private interface Judge {
        Verdict judge(PeerEvent event);
    }

    private Expect() {
    }

    /**
     * RFC9113 §5.4.1: a connection error is GOAWAY with one of {@code codes} (PASS); a close without
     * GOAWAY is PASS_LENIENT (FAIL under --strict); GOAWAY with another code is FAIL; carrying on as
     * if nothing happened is FAIL.
     */
    public static Verdict connectionError(Peer peer, ErrorCode... codes) {
        String expected = "GOAWAY with " + names(codes) + " (connection error)";
        List<String> seen = new ArrayList<>();
        Verdict verdict = await(peer, expected, seen, event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return accepts(codes, g.errorCode())
                        ? Verdict.pass(expected, describe(g)) : Verdict.fail(expected, describe(g));
            }
            return closedOrHttp1(event, expected, "closed the connection without GOAWAY");
        }, "no GOAWAY");
        return verdict.strictly(peer.options().strict());
    }

    /**
     * RFC9113 §5.4.2: a stream error is RST_STREAM on {@code streamId} with one of {@code codes}. A
     * connection error with an accepted code also passes (RFC9113 §5.4.1: an endpoint "MAY choose
     * to treat a stream error as a connection error"); a bare close is PASS_LENIENT. A RST_STREAM
     * NO_ERROR or CANCEL after the target had already ended the stream with its response is its early
     * abort of the request (RFC9113 §8.1), not a reaction to our frame: PASS_LENIENT, see
     * {@link #afterAnswer}.
     */
    public static Verdict streamError(Peer peer, int streamId, ErrorCode... codes) {
        String expected = "RST_STREAM on stream " + streamId + " with " + names(codes)
                + " (or GOAWAY with " + names(codes) + ")";
        List<String> seen = new ArrayList<>();
        boolean[] answered = {false};
        Verdict verdict = await(peer, expected, seen, event -> {
            if (event instanceof PeerEvent.FrameReceived f) {
                Frame frame = f.frame();
                if (frame instanceof RstStreamFrame r && r.streamId() == streamId) {
                    if (accepts(codes, r.errorCode())) {
                        return Verdict.pass(expected, describe(r));
                    }
                    return answered[0] && isAbort(r) ? Verdict.lenient(expected, earlyAnswer(r)) : Verdict.fail(expected, describe(r));
                }
                if (frame.streamId() == streamId && endsStream(frame)) {
                    answered[0] = true;
                }
                if (frame instanceof GoAwayFrame g) {
                    return accepts(codes, g.errorCode()) ? Verdict.pass(expected, describe(g)) : Verdict.fail(expected, describe(g));
                }
            }
            return closedOrHttp1(event, expected, "closed the connection without RST_STREAM or GOAWAY");
        }, "no RST_STREAM on stream " + streamId);
        return verdict.strictly(peer.options().strict());
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
     * what counts is the RST_STREAM PROTOCOL_ERROR once that frame is seen. A response that ends the stream and is never followed by the reset
     * means the fault went unnoticed: FAIL for a 2xx/3xx, PASS_LENIENT for a 4xx.
     */
    public static Verdict malformedAfterHead(Peer peer, int streamId) {
        // RFC9113 §8.1: "A server can send a complete response prior to the client sending an entire request when
        // the response does not depend on any portion of the request that has not been sent and received."
        return malformed(peer, streamId, true);
    }

    private static Verdict malformed(Peer peer, int streamId, boolean earlyResponseAllowed) {
        String expected = "RST_STREAM PROTOCOL_ERROR on stream " + streamId + " (a 4xx response before it is allowed)";
        String[] refusal = {null};
        String[] answered = {null};
        Verdict verdict = await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f) {
                Frame frame = f.frame();
                String prefix = refusal[0] != null ? refusal[0] + ", then "
                        : answered[0] != null ? "response :status " + answered[0] + ", then " : "";
                if (frame instanceof RstStreamFrame r && r.streamId() == streamId) {
                    return r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()
                            ? Verdict.pass(expected, prefix + describe(r)) : Verdict.fail(expected, prefix + describe(r));
                }
                if (frame instanceof GoAwayFrame g) {
                    return g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()
                            ? Verdict.pass(expected, prefix + describe(g)) : Verdict.fail(expected, prefix + describe(g));
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
            return closedOrHttp1(event, expected, "closed the connection without RST_STREAM or GOAWAY");
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
     * noticed, after answering). Nothing more within 200 ms: the malformed request was processed.
     */
    private static Verdict afterAnswer(Peer peer, int streamId, String expected, String status) {
        long deadline = System.nanoTime() + Math.min(200, peer.timeout().toMillis()) * 1_000_000L;
        while (System.nanoTime() < deadline) {
            PeerEvent next = peer.nextEvent(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                if (r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                    return Verdict.lenient(expected, "response :status " + status + ", then " + describe(r));
                }
                return isAbort(r) ? Verdict.lenient(expected, "response :status " + status + " then " + earlyAnswer(r))
                        : Verdict.fail(expected, "the malformed request was answered with :status " + status + ", then " + describe(r));
            }
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g
                    && g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                return Verdict.lenient(expected, "response :status " + status + ", then " + describe(g));
            }
            if (!(next instanceof PeerEvent.FrameReceived)) {
                break;
            }
        }
        return Verdict.fail(expected, "the malformed request was answered with :status " + status);
    }

    /**
     * For a fault after a valid head: the target answered the head (non-4xx) and ended the stream. The fault
     * is caught when RST_STREAM PROTOCOL_ERROR (or GOAWAY) follows: PASS. RST_STREAM NO_ERROR or CANCEL means
     * it aborted the rest of the request unread, as RFC 9113 §8.1 allows: PASS_LENIENT. Nothing: the fault
     * went unnoticed, FAIL.
     */
    private static Verdict resetAfterEarlyAnswer(Peer peer, int streamId, String expected, String answer) {
        long deadline = System.nanoTime() + Math.min(200, peer.timeout().toMillis()) * 1_000_000L;
        while (System.nanoTime() < deadline) {
            PeerEvent next = peer.nextEvent(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                if (r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                    return Verdict.pass(expected, answer + ", then " + describe(r));
                }
                return isAbort(r) ? Verdict.lenient(expected, answer + " then " + earlyAnswer(r))
                        : Verdict.fail(expected, answer + ", then " + describe(r));
            }
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g
                    && g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                return Verdict.pass(expected, answer + ", then " + describe(g));
            }
            if (!(next instanceof PeerEvent.FrameReceived)) {
                break;
            }
        }
        return Verdict.fail(expected, answer + " ending the stream, and no RST_STREAM: the malformed part went unnoticed");
    }

    /** RST_STREAM NO_ERROR or CANCEL after the target's own END_STREAM: it stops reading a request it answered. */
    private static boolean isAbort(RstStreamFrame r) {
        return r.errorCode() == ErrorCode.NO_ERROR.code() || r.errorCode() == ErrorCode.CANCEL.code();
    }

    private static String earlyAnswer(RstStreamFrame r) {
        return describe(r) + " after its complete response: it answered before the request ended and aborted the rest "
                + "(RFC 9113 §8.1 early response), so our frame reached a stream it had closed (§5.1: discarded)";
    }

    /** A 4xx ended the stream: a RST_STREAM PROTOCOL_ERROR may still follow it at once. */
    private static Verdict resetAfterRefusal(Peer peer, int streamId, String expected, String refusal) {
        long deadline = System.nanoTime() + Math.min(200, peer.timeout().toMillis()) * 1_000_000L;
        while (System.nanoTime() < deadline) {
            PeerEvent next = peer.nextEvent(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (next instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId
                    && r.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                return Verdict.pass(expected, refusal + ", then " + describe(r));
            }
            if (!(next instanceof PeerEvent.FrameReceived)) {
                break;
            }
        }
        return Verdict.lenient(expected, refusal + " ending the stream, without RST_STREAM");
    }

    private static boolean endsStream(Frame frame) {
        return frame instanceof DataFrame d && d.endStream()
                || frame instanceof io.h2scope.engine.frame.HeadersFrame h && h.endStream();
    }

    /** RFC9113 §6.7: our PING with {@code payload} comes back with ACK and the same payload. */
    public static Verdict pingAck(Peer peer, long payload) {
        String expected = String.format("PING with ACK and opaque=%016x", payload);
        return await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()
                    && p.opaqueData() == payload) {
                return Verdict.pass(expected, "PING ACK with the same payload");
            }
            return errorOrClose(event, expected);
        }, "our PING was not answered");
    }

    /** A response on {@code streamId}: a field block with {@code :status}. */
    public static Verdict response(Peer peer, int streamId) {
        String expected = "a response (HEADERS with :status) on stream " + streamId;
        return await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == streamId && f.status().isPresent()) {
                return Verdict.pass(expected, "response :status " + f.status().get());
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof RstStreamFrame r && r.streamId() == streamId) {
                return Verdict.fail(expected, describe(r));
            }
            return errorOrClose(event, expected);
        }, "no response");
    }

    /** RFC9113 §6.5.3: our latest SETTINGS is acknowledged. */
    public static Verdict settingsAck(Peer peer) {
        String expected = "SETTINGS with ACK";
        return await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof SettingsFrame s && s.ack()) {
                return Verdict.pass(expected, "SETTINGS ACK");
            }
            return errorOrClose(event, expected);
        }, "no SETTINGS ACK");
    }

    /** A DATA frame on {@code streamId} whose Length is exactly {@code length} (flow-control cases). */
    public static Verdict dataOfLength(Peer peer, int streamId, int length) {
        String expected = "DATA on stream " + streamId + " with length " + length;
        return await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof DataFrame d && d.streamId() == streamId) {
                return d.payloadLength() == length ? Verdict.pass(expected, "DATA length " + length)
                        : Verdict.fail(expected, "DATA length " + d.payloadLength() + " on stream " + streamId);
            }
            return errorOrClose(event, expected);
        }, "no DATA on stream " + streamId);
    }

    /**
     * The target accepted what we sent: a fresh PING is still answered and no GOAWAY or close
     * came first (the frames before it, responses included, are fine).
     */
    public static Verdict noError(Peer peer) {
        long payload = peer.sendProbePing();
        String expected = "no error: the connection keeps working (our PING answered)";
        return await(peer, expected, new ArrayList<>(), event -> {
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()
                    && p.opaqueData() == payload) {
                return Verdict.pass(expected, "PING answered, no error");
            }
            return errorOrClose(event, expected);
        }, "our PING was not answered");
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
                goaway = describe(g);
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.fail(expected, (goaway == null ? "" : goaway + " but ") + "the connection was still open after "
                        + peer.timeout().toMillis() + " ms");
            }
        }
    }

    // ---- the shared loop -------------------------------------------------------------------

    private static Verdict await(Peer peer, String expected, List<String> seen, Judge judge, String silence) {
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
        peer.note("no decisive reaction in " + peer.timeout().toMillis() + " ms: liveness PING");
        long payload = peer.sendProbePing();
        while (true) {
            PeerEvent event = peer.nextEvent(peer.timeout());
            Verdict late = event instanceof PeerEvent.Timeout ? null : judge.judge(event);
            if (late != null) {
                return late;
            }
            if (event instanceof PeerEvent.Timeout) {
                return Verdict.inconclusive(expected, "nothing decisive within " + peer.timeout().toMillis()
                        + " ms and the liveness PING was not answered either");
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()
                    && p.opaqueData() == payload) {
                return Verdict.fail(expected, silence + "; the connection is alive (liveness PING answered)"
                        + (seen.isEmpty() ? "" : "; received " + String.join(", ", seen)));
            }
            remember(seen, event);
        }
    }

    private static Verdict closedOrHttp1(PeerEvent event, String expected, String lenientText) {
        if (event instanceof PeerEvent.ConnectionClosed c) {
            return Verdict.lenient(expected, lenientText + " (" + c.how() + ")");
        }
        if (event instanceof PeerEvent.Http1Response h) {
            return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
        }
        return null;
    }

    /** For positive expectations: GOAWAY, a close or an HTTP/1 answer all mean the target refused. */
    private static Verdict errorOrClose(PeerEvent event, String expected) {
        if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
            return Verdict.fail(expected, describe(g));
        }
        if (event instanceof PeerEvent.ConnectionClosed c) {
            return Verdict.fail(expected, "connection " + c.how());
        }
        if (event instanceof PeerEvent.Http1Response h) {
            return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
        }
        return null;
    }

    private static void remember(List<String> seen, PeerEvent event) {
        if (event instanceof PeerEvent.FrameReceived f) {
            Frame frame = f.frame();
            if (frame.type() == FrameType.SETTINGS || frame.type() == FrameType.PING || frame.type() == FrameType.WINDOW_UPDATE) {
                return; // connection housekeeping says nothing about the case
            }
            seen.add(frame instanceof RstStreamFrame r ? describe(r)
                    : FrameType.nameOf(frame.typeCode()) + "(stream " + frame.streamId() + ")");
        } else if (event instanceof PeerEvent.PeerViolation v) {
            seen.add("a broken " + FrameType.nameOf(v.header().typeCode()) + " (" + v.violation().detail() + ")");
        }
    }

    static boolean accepts(ErrorCode[] codes, int code) {
        return Arrays.stream(codes).anyMatch(c -> c.code() == code);
    }

    static String names(ErrorCode... codes) {
        return Arrays.stream(codes).map(Enum::name).collect(Collectors.joining(" or "));
    }

    static String describe(GoAwayFrame g) {
        return "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last_stream=" + g.lastStreamId() + ")";
    }

    static String describe(RstStreamFrame r) {
        return "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream " + r.streamId();
    }
}
