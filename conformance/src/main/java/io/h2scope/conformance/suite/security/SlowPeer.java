package io.h2scope.conformance.suite.security;

import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A client that is slow in ways the RFC allows, held for the case's budget: it never opens its receive
 * window (the response waits forever), or it sends a request body one octet a second. Either holds a
 * server's stream, and its memory, for as long as the server lets it. The RFC sets no deadline, so a
 * server that has not acted when the budget runs out is INCONCLUSIVE, not FAIL: its limit may be longer
 * than the budget ({@code --budget-scale} waits longer) or missing.
 */
final class SlowPeer {

    /** The zero-window case's budget: long enough for a 10 s stall timeout on a loaded machine. */
    static final Duration STALL_BUDGET = Duration.ofSeconds(20);
    /** The slow-body case's budget: a 20 s grace before a minimum rate applies, with room. */
    static final Duration BODY_BUDGET = Duration.ofSeconds(30);
    static final String STALL_EXPECTED = "RST_STREAM on the stalled stream (its queued response dropped), or the connection"
            + " ended, within the budget";
    static final String BODY_EXPECTED = "RST_STREAM or 408 on the dribbled stream, or the connection ended, within the budget";
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(5);
    private static final Duration DRIBBLE = Duration.ofSeconds(1);
    private static final int STREAM = 1;
    /** Announced and never reached: the body stays unfinished for the whole budget. */
    private static final long DECLARED_BODY = 1_000_000;

    private SlowPeer() {
    }

    /** SETTINGS_INITIAL_WINDOW_SIZE 0, one GET, then PINGs only: the response can never be sent. */
    static Verdict zeroWindowReset(Peer p) throws Exception {
        p.handshake();
        Script.initialWindow(p, 0);
        Optional<Verdict> acked = Script.awaitSettingsAck(p);
        if (acked.isPresent()) {
            return acked.get();
        }
        p.sendHeaders(STREAM, p.requestHeaders(p.target().path()), true);
        Duration budget = p.budget();
        p.note("GET " + p.target().path() + " on stream 1 with our window at 0; from now on only a PING every "
                + KEEP_ALIVE.toSeconds() + " s, for at most " + budget.toSeconds() + " s");
        long start = System.nanoTime();
        long deadline = start + budget.toNanos();
        long nextPing = start + KEEP_ALIVE.toNanos();
        long headAt = -1;
        while (System.nanoTime() < deadline) {
            if (System.nanoTime() >= nextPing) {
                p.sendProbePing();
                nextPing += KEEP_ALIVE.toNanos();
            }
            PeerEvent event = p.poll(Duration.ofMillis(500));
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(STALL_EXPECTED, "the connection " + c.how() + " after " + millisSince(start) + " ms"
                        + head(headAt, start) + ": the stalled stream went with it");
            }
            if (!(event instanceof PeerEvent.FrameReceived f)) {
                continue;
            }
            Frame frame = f.frame();
            if (frame instanceof GoAwayFrame g) {
                return Verdict.pass(STALL_EXPECTED, FrameWords.goAway(g) + " after " + millisSince(start) + " ms"
                        + head(headAt, start) + ": the connection and its stalled stream end");
            }
            if (frame.streamId() != STREAM) {
                continue;
            }
            if (frame instanceof RstStreamFrame r) {
                return Verdict.pass(STALL_EXPECTED, FrameWords.rstStream(r) + " after " + millisSince(start) + " ms"
                        + head(headAt, start) + ", while the response waited for window");
            }
            if (frame instanceof HeadersFrame h && f.status().isPresent()) {
                headAt = System.nanoTime();
                if (h.endStream()) {
                    return Verdict.skip("the response to GET " + p.target().path() + " has no body (HEADERS with END_STREAM):"
                            + " nothing waits for window; test a path with a body");
                }
            } else if (frame instanceof DataFrame d) {
                if (d.data().length > 0) {
                    return Verdict.fail(STALL_EXPECTED, "it sent " + d.data().length + " octets of DATA on stream 1 with our"
                            + " stream window at 0 (RFC 9113 §6.9.1: a sender MUST NOT send a flow-controlled frame with a"
                            + " length that exceeds the space available)");
                }
                if (d.endStream()) {
                    return Verdict.skip("the response to GET " + p.target().path() + " ended with an empty DATA frame:"
                            + " nothing waits for window; test a path with a body");
                }
            }
        }
        return Verdict.inconclusive(STALL_EXPECTED, "no RST_STREAM on stream 1 within the " + budget.toSeconds()
                + " s budget" + head(headAt, start) + ", and the connection stayed open: the RFC sets no deadline, so the"
                + " server's stall limit is longer than the budget (nginx's send_timeout is 60 s, the engine's"
                + " sendStallTimeout 60 s) or it has none; --budget-scale 4 waits " + budget.multipliedBy(4).toSeconds() + " s");
    }

    /** A POST announcing a large body, then one octet a second: far below any minimum rate. */
    static Verdict slowBody(Peer p) throws Exception {
        p.handshake();
        List<HeaderField> head = new ArrayList<>(p.requestHeaders("POST", p.target().path()));
        head.add(new HeaderField("content-length", Long.toString(DECLARED_BODY)));
        p.sendHeaders(STREAM, head, false);
        Duration budget = p.budget();
        p.note("POST " + p.target().path() + " on stream 1 announcing " + DECLARED_BODY + " octets; from now on one octet of"
                + " DATA every " + DRIBBLE.toSeconds() + " s, for at most " + budget.toSeconds() + " s");
        byte[] octet = "x".getBytes(StandardCharsets.US_ASCII);
        long start = System.nanoTime();
        long deadline = start + budget.toNanos();
        long nextOctet = start;
        int sent = 0;
        String answered = null;
        long answeredAt = -1;
        while (System.nanoTime() < deadline) {
            if (System.nanoTime() >= nextOctet) {
                p.send(DataFrame.of(STREAM, octet, false));
                sent++;
                nextOctet += DRIBBLE.toNanos();
            }
            PeerEvent event = p.poll(Duration.ofMillis(200));
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(BODY_EXPECTED, "the connection " + c.how() + " after " + millisSince(start) + " ms, "
                        + sent + " octets of the body sent" + early(answered));
            }
            if (!(event instanceof PeerEvent.FrameReceived f)) {
                continue;
            }
            Frame frame = f.frame();
            if (frame instanceof GoAwayFrame g) {
                return Verdict.pass(BODY_EXPECTED, FrameWords.goAway(g) + " after " + millisSince(start) + " ms, " + sent
                        + " octets of the body sent" + early(answered));
            }
            if (frame.streamId() != STREAM) {
                continue;
            }
            if (frame instanceof RstStreamFrame r) {
                return Verdict.pass(BODY_EXPECTED, FrameWords.rstStream(r) + " after " + millisSince(start) + " ms, " + sent
                        + " octets of the body sent" + early(answered));
            }
            if (f.status().isPresent()) {
                answered = f.status().get();
                if (answered.equals("408")) {
                    return Verdict.pass(BODY_EXPECTED, "408 after " + millisSince(start) + " ms, " + sent + " octets of the body sent");
                }
                p.note("answered " + answered + " before the body was in; the dribble goes on");
            }
            if (answered != null && answeredAt < 0 && (frame instanceof HeadersFrame h && h.endStream()
                    || frame instanceof DataFrame d && d.endStream())) {
                answeredAt = System.nanoTime();
            }
        }
        if (answeredAt >= 0) {
            return Verdict.lenient(BODY_EXPECTED, "it answered " + answered + " at " + (answeredAt - start) / 1_000_000
                    + " ms without waiting for the body (RFC 9113 §8.1 allows that), then kept the stream open for our "
                    + sent + " octets to the end of the " + budget.toSeconds() + " s budget, with no RST_STREAM (NO_ERROR,"
                    + " which §8.1 suggests, would free it)");
        }
        return Verdict.inconclusive(BODY_EXPECTED, "it waited " + budget.toSeconds() + " s (the whole budget) for a body"
                + " arriving at 1 octet/s (" + sent + " octets) with no 408 or RST_STREAM" + early(answered) + ": the RFC sets"
                + " no rate, so the server's body deadline is longer than the budget or it has none; --budget-scale 4 waits "
                + budget.multipliedBy(4).toSeconds() + " s");
    }

    private static String head(long headAt, long start) {
        return headAt < 0 ? " (no response head came)" : " (its response head came at " + (headAt - start) / 1_000_000 + " ms)";
    }

    private static String early(String answered) {
        return answered == null ? "" : " (it had answered " + answered + " before the body was in)";
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
