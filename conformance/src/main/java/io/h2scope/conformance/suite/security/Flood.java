package io.h2scope.conformance.suite.security;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.function.IntFunction;

/**
 * Sends a flood, bounded in frames and time, in batches of one write each, and watches what the
 * target does: GOAWAY, a close, resets, or nothing. Every verdict states the figures: frames and
 * octets sent, the time it took and what ended it.
 */
final class Flood {

    /** At most this many frames per case, so that a case against a server that sets no limit stays short. */
    static final int MAX_FRAMES = 20_000;
    /** At most this long per case. */
    static final Duration MAX_TIME = Duration.ofSeconds(3);
    private static final int BATCH_OCTETS = 16 * 1024;
    private static final Duration PEEK = Duration.ofMillis(1);
    /** The shortest wait for the barrier PING's ACK: a server decoding a flood on a loaded machine is slow, not silent. */
    private static final Duration MIN_BARRIER_WAIT = Duration.ofSeconds(3);

    /** What happened: the figures and the target's first decisive reaction. */
    record Result(String what, int frames, long octets, long millis, GoAwayFrame goAway, String closed, int resets,
            int responses, int refusals, boolean writeBlocked, boolean readDuring, boolean insideFieldBlock) {

        boolean ended() {
            return goAway != null || closed != null;
        }

        String figures() {
            return "sent " + frames + " " + what + " frames (" + octets + " octets) in " + millis + " ms"
                    + (readDuring ? "" : " without reading") + "; the target sent " + resets + " RST_STREAM and "
                    + responses + " responses (" + refusals + " of them 4xx/5xx)";
        }

        String endedBy() {
            if (goAway != null) {
                return "ended by GOAWAY " + ErrorCode.nameOf(goAway.errorCode()) + " (last_stream=" + goAway.lastStreamId() + ")";
            }
            if (closed != null) {
                return "ended by the target closing the connection (" + closed + ")";
            }
            if (writeBlocked) {
                return "our writes blocked for " + (MAX_TIME.toMillis() + 1000) + " ms: the target stopped reading";
            }
            return "nothing ended it";
        }
    }

    private final Peer peer;
    private final String what;
    private int frames;
    private long octets;
    private GoAwayFrame goAway;
    private boolean barrier = true;
    private String closed;
    private int resets;
    private int responses;
    private int refusals;

    private Flood(Peer peer, String what) {
        this.peer = peer;
        this.what = what;
    }

    /**
     * Sends {@code frameAt.apply(i)} for i = 0.. until {@code maxFrames}, {@link #MAX_TIME}, a null
     * frame, or the target ends the connection. With {@code readDuring} the target's frames are read
     * between batches; without, only afterwards (the "without reading" floods).
     */
    static Result send(Peer peer, String what, int maxFrames, IntFunction<byte[]> frameAt, boolean readDuring) {
        return new Flood(peer, what).run(Math.min(maxFrames, MAX_FRAMES), frameAt, readDuring);
    }

    /**
     * {@link #send} for a flood that leaves a field block open (CONTINUATION floods): no PING barrier
     * afterwards, since RFC9113 §6.10 makes any other frame there a PROTOCOL_ERROR that would end the
     * connection on our account, not the flood's.
     */
    static Result sendInsideFieldBlock(Peer peer, String what, int maxFrames, IntFunction<byte[]> frameAt, boolean readDuring) {
        Flood flood = new Flood(peer, what);
        flood.barrier = false;
        return flood.run(Math.min(maxFrames, MAX_FRAMES), frameAt, readDuring);
    }

    private Result run(int maxFrames, IntFunction<byte[]> frameAt, boolean readDuring) {
        long start = System.nanoTime();
        long deadline = start + MAX_TIME.toNanos();
        boolean[] finished = {false};
        boolean[] blocked = {false};
        Thread watchdog = watchdog(finished, blocked);
        try {
            boolean more = true;
            while (more && frames < maxFrames && System.nanoTime() < deadline && !ended()) {
                ByteArrayOutputStream batch = new ByteArrayOutputStream(BATCH_OCTETS + 1024);
                int first = frames;
                while (batch.size() < BATCH_OCTETS && frames < maxFrames) {
                    byte[] frame = frameAt.apply(frames);
                    if (frame == null) {
                        more = false;
                        break;
                    }
                    batch.writeBytes(frame);
                    frames++;
                }
                if (batch.size() == 0) {
                    break;
                }
                octets += batch.size();
                if (!peer.sendBatch(batch.toByteArray(), what + " frames " + (first + 1) + " to " + frames
                        + " (" + batch.size() + " octets in one write)")) {
                    break;
                }
                if (readDuring) {
                    drain(PEEK);
                }
            }
        } finally {
            synchronized (finished) {
                finished[0] = true;
            }
            watchdog.interrupt();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        peer.note("flood over: " + frames + " frames, " + octets + " octets, " + millis + " ms");
        if (!ended()) {
            settle();
        }
        return new Result(what, frames, octets, millis, goAway, closed, resets, responses, refusals, blocked[0], readDuring, !barrier);
    }

    /** Closes our socket when a write blocks past the time bound (the target stopped reading). */
    private Thread watchdog(boolean[] finished, boolean[] blocked) {
        Thread thread = new Thread(() -> {
            try {
                Thread.sleep(MAX_TIME.toMillis() + 1000);
            } catch (InterruptedException done) {
                return;
            }
            synchronized (finished) {
                if (!finished[0]) {
                    blocked[0] = true;
                    peer.note("writes blocked past the time bound: closing our side");
                    peer.close();
                }
            }
        }, "h2scope-flood-watchdog");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * After the flood: a PING as a barrier, read up to its ACK (the target handles frames in order, so
     * what it does about the flood comes first, however slow a loaded machine makes it), then on until
     * the target goes quiet (or ends the connection), at most {@link #barrierWait}.
     */
    private void settle() {
        long deadline = System.nanoTime() + barrierWait(peer).toNanos();
        long ping = barrier ? peer.sendProbePing() : 0;
        while (barrier && !ended() && System.nanoTime() < deadline) {
            PeerEvent event = peer.poll(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (event == null) {
                break;
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame ack && ack.ack()
                    && ack.opaqueData() == ping) {
                break;
            }
            observe(event);
        }
        while (!ended() && System.nanoTime() < deadline) {
            if (!drain(Duration.ofMillis(100))) {
                return;
            }
        }
    }

    /** Reads what is there; false when nothing arrived within {@code wait}. */
    private boolean drain(Duration wait) {
        boolean any = false;
        PeerEvent event;
        while (!ended() && (event = peer.poll(any ? PEEK : wait)) != null) {
            any = true;
            observe(event);
        }
        return any;
    }

    private void observe(PeerEvent event) {
        if (event instanceof PeerEvent.FrameReceived f) {
            if (f.frame() instanceof GoAwayFrame g) {
                goAway = g;
            } else if (f.frame() instanceof RstStreamFrame) {
                resets++;
            } else if (f.status().isPresent()) {
                responses++;
                if (f.status().get().startsWith("4") || f.status().get().startsWith("5")) {
                    refusals++;
                }
            }
        } else if (event instanceof PeerEvent.ConnectionClosed c) {
            closed = c.how();
        }
    }

    private boolean ended() {
        return goAway != null || closed != null;
    }

    // ---- judging ------------------------------------------------------------------------------

    /**
     * The common grading: GOAWAY ENHANCE_YOUR_CALM or PROTOCOL_ERROR, or a close, is PASS; GOAWAY
     * with another code, or writes blocked because the target stopped reading (its buffers bound the
     * damage), is PASS_LENIENT; serving on to the bound is FAIL when a PING still works.
     */
    static Verdict judge(Peer peer, Result r, String expected, String unbounded) {
        if (r.goAway() != null) {
            int code = r.goAway().errorCode();
            boolean calm = code == ErrorCode.ENHANCE_YOUR_CALM.code() || code == ErrorCode.PROTOCOL_ERROR.code();
            String actual = r.figures() + "; " + r.endedBy();
            return calm ? Verdict.pass(expected, actual) : Verdict.lenient(expected, actual + " (defended, with an unusual code)");
        }
        if (r.closed() != null) {
            return Verdict.pass(expected, r.figures() + "; " + r.endedBy());
        }
        if (r.writeBlocked()) {
            return Verdict.lenient(expected, r.figures() + "; " + r.endedBy() + " (TCP back-pressure bounds the damage)");
        }
        return stillServing(peer, r, expected, unbounded);
    }

    /** Three per-case timeouts, at least {@link #MIN_BARRIER_WAIT}: the ACK ends the wait as soon as it comes. */
    static Duration barrierWait(Peer peer) {
        Duration three = peer.timeout().multipliedBy(3);
        return three.compareTo(MIN_BARRIER_WAIT) < 0 ? MIN_BARRIER_WAIT : three;
    }

    /** Nothing ended the flood: is the connection still served (FAIL) or silent (INCONCLUSIVE)? */
    static Verdict stillServing(Peer peer, Result r, String expected, String unbounded) {
        long payload = peer.sendProbePing();
        long deadline = System.nanoTime() + barrierWait(peer).toNanos();
        while (System.nanoTime() < deadline) {
            PeerEvent event = peer.poll(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (event == null) {
                break;
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()
                    && p.opaqueData() == payload) {
                return Verdict.fail(expected, r.figures() + "; " + r.endedBy() + ": " + unbounded
                        + ", and the connection still answers PING");
            }
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(expected, r.figures() + "; the target closed the connection after the flood (" + c.how() + ")");
            }
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                if (r.insideFieldBlock() && g.errorCode() == ErrorCode.PROTOCOL_ERROR.code()) {
                    // RFC9113 §6.10: our PING inside the open field block is what this GOAWAY answers, not the flood
                    return Verdict.fail(expected, r.figures() + "; " + r.endedBy() + ": " + unbounded
                            + ", and it ended the connection only when our probe PING broke the field block");
                }
                return Verdict.pass(expected, r.figures() + "; GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " after the flood");
            }
        }
        return Verdict.inconclusive(expected, r.figures() + "; then the connection went silent (our PING unanswered)");
    }
}
