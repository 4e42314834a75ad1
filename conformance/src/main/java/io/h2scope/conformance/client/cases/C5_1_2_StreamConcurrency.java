package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * RFC 9113 §5.1.2: the client never has more streams open than the server's SETTINGS_MAX_CONCURRENT_STREAMS, from
 * the moment it has acknowledged the SETTINGS that set it. The server answers one stream at a time, each once the
 * client has been quiet for a moment, so a client that would open more has the time to. Streams opened before the
 * acknowledgement beyond the limit are refused with REFUSED_STREAM (RFC 9113 §5.1.2: the server "can either close
 * streams that exceed the new value or allow streams to complete"), which a client may retry.
 */
public final class C5_1_2_StreamConcurrency implements ClientSection {

    /** Requests the client is asked to make at once. */
    static final int REQUESTS = 4;

    /**
     * Quiet reads with no stream open after which the client is taken to have made all it will on this connection
     * (a client that retries a refused stream on it does so at once).
     */
    static final int IDLE_ROUNDS = 10;

    private static final String QUOTE = "Endpoints MUST NOT exceed the limit set by their peer.";

    @Override
    public String id() {
        return "client/5.1.2";
    }

    @Override
    public String title() {
        return "Stream Concurrency";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(limitOfOne(), limitLoweredToOne());
    }

    static ClientCase limitOfOne() {
        return ClientCase.define("client/5.1.2/max-concurrent-streams-one").rfc("RFC 9113 §5.1.2").quote(QUOTE)
                .does("sets SETTINGS_MAX_CONCURRENT_STREAMS 1 in its first SETTINGS; " + REQUESTS
                        + " requests at once, answered one at a time")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> watch(stage, true));
    }

    static ClientCase limitLoweredToOne() {
        return ClientCase.define("client/5.1.2/max-concurrent-streams-lowered").rfc("RFC 9113 §5.1.2").quote(QUOTE)
                .does("sends an empty SETTINGS, then SETTINGS_MAX_CONCURRENT_STREAMS 1 once the first request came; "
                        + REQUESTS + " requests at once, answered one at a time")
                .needs(ClientAbility.PARALLEL)
                .run(stage -> watch(stage, false));
    }

    private static Verdict watch(ClientStage stage, boolean fromTheStart) throws Exception {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            paths.add("/" + i);
        }
        stage.start(paths.toArray(String[]::new));
        try (ScriptedPeer peer = stage.accept()) {
            Watch watch = new Watch(peer);
            peer.send(fromTheStart ? SettingsFrame.of(new RawSetting(0x3, 1)) : SettingsFrame.of());
            peer.send(SettingsFrame.ackFrame());
            watch.unacknowledged = 1;
            watch.limitAfterAck = fromTheStart ? 1 : Integer.MAX_VALUE;
            long deadline = System.nanoTime() + stage.timeout().toNanos();
            int idle = 0;
            while (watch.violation == null && System.nanoTime() - deadline < 0 && idle < IDLE_ROUNDS) {
                Incoming in = peer.next(Uploads.QUIET);
                if (in instanceof Incoming.Closed) {
                    break;
                }
                idle = in == null && watch.open.isEmpty() ? idle + 1 : 0;
                try {
                    if (in instanceof Incoming.FrameIn f) {
                        watch.take(f);
                        if (!fromTheStart && !watch.lowered && !watch.open.isEmpty()) {
                            watch.lower();
                        }
                    } else if (in == null) {
                        if (!watch.open.isEmpty()) {
                            ServerPart.respond(peer, watch.open.poll());
                        } else if (stage.clientFinished()) {
                            break;
                        }
                    }
                } catch (IOException e) {
                    break; // the client closed the connection: the streams it opened until then are judged
                }
            }
            // not waiting for the client's report: one that retries refused requests on a new connection (Go's
            // Transport) would wait for it until the case's timeout; the stage's close resets that connection
            String expected = "at most 1 open stream once the client acknowledged SETTINGS_MAX_CONCURRENT_STREAMS 1";
            if (watch.violation != null) {
                return Verdict.fail(expected, watch.violation);
            }
            if (watch.underLimit == 0) {
                // nothing broke a limit the client knew: it opened every stream before the SETTINGS reached it, or
                // made fewer requests on this connection than it was asked to
                return Verdict.skip("the limit never bound the client: it opened no stream after it acknowledged it "
                        + "(streams " + watch.seen + "; refused " + watch.refused + ", not retried on this "
                        + "connection)");
            }
            return Verdict.pass(expected, watch.underLimit + " streams opened under the limit, one at a time (streams "
                    + watch.seen + (watch.refused.isEmpty() ? "" : "; refused before the limit applied: "
                    + watch.refused) + ")");
        }
    }

    /** The server's view of the client's open streams and of the limit in force. */
    private static final class Watch {
        final ScriptedPeer peer;
        final Deque<Integer> open = new ArrayDeque<>();
        final Set<Integer> seen = new java.util.LinkedHashSet<>();
        final List<Integer> refused = new ArrayList<>();
        int unacknowledged;
        int limitAfterAck;
        int limit = Integer.MAX_VALUE;
        boolean lowered;
        int underLimit;
        String violation;

        Watch(ScriptedPeer peer) {
            this.peer = peer;
        }

        void take(Incoming.FrameIn f) throws IOException {
            if (f.frame() instanceof SettingsFrame s && s.ack() && unacknowledged > 0 && --unacknowledged == 0) {
                limit = limitAfterAck;
                refuseExcess();
            } else if (f.frame() instanceof HeadersFrame h && seen.add(h.streamId())) {
                if (open.size() >= limit) {
                    violation = "opened stream " + h.streamId() + " while " + open.size() + " were open " + open
                            + " under SETTINGS_MAX_CONCURRENT_STREAMS " + limit + ", acknowledged";
                }
                if (limit != Integer.MAX_VALUE) {
                    underLimit++;
                }
                open.add(h.streamId());
            } else if (f.frame() instanceof RstStreamFrame r) {
                open.remove(r.streamId());
            }
        }

        /** SETTINGS_MAX_CONCURRENT_STREAMS 1, in force once acknowledged. */
        void lower() throws IOException {
            lowered = true;
            peer.send(SettingsFrame.of(new RawSetting(0x3, 1)));
            unacknowledged++;
            limitAfterAck = 1;
        }

        /** The streams beyond the limit that were opened before the client knew it: refused, newest first. */
        private void refuseExcess() throws IOException {
            while (open.size() > limit) {
                int stream = open.pollLast();
                refused.add(stream);
                peer.send(RstStreamFrame.of(stream, ErrorCode.REFUSED_STREAM));
            }
        }
    }
}
