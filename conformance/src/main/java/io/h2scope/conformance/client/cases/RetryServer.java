package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientStage;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * After a case's fault (GOAWAY, REFUSED_STREAM, a closed connection), plays an ordinary server for whatever the
 * client does next until it has reported: a request on a new stream of a connection the case already has, or on a new
 * connection, is answered. What it answered is the evidence that a success the client reports came from a response,
 * not from the connection the case broke.
 */
final class RetryServer {

    /** How long one look at the listener or a connection waits while nothing happens. */
    private static final Duration LOOK = Duration.ofMillis(20);

    private final ClientStage stage;
    private final List<ScriptedPeer> peers = new ArrayList<>();
    private final Map<ScriptedPeer, Set<Integer>> streams = new HashMap<>();
    private final Map<ScriptedPeer, List<Integer>> opened = new HashMap<>();
    private final Map<ScriptedPeer, List<String>> seen = new HashMap<>();
    private int answered;
    private int answeredOnNewConnections;
    private int newConnections;

    /**
     * @param stage    the case's stage, whose listener a retry connects to
     * @param existing connections the case has, with the streams on them the case itself dealt with (not answered
     *                 here)
     */
    RetryServer(ClientStage stage, Map<ScriptedPeer, Set<Integer>> existing) {
        this.stage = stage;
        existing.forEach((peer, handled) -> track(peer, new HashSet<>(handled)));
    }

    /** For a case with one connection whose stream {@code handled} it dealt with itself. */
    static RetryServer after(ClientStage stage, ScriptedPeer peer, int... handled) {
        Set<Integer> ids = new HashSet<>();
        for (int id : handled) {
            ids.add(id);
        }
        return new RetryServer(stage, Map.of(peer, ids));
    }

    private void track(ScriptedPeer peer, Set<Integer> handled) {
        peers.add(peer);
        streams.put(peer, handled);
        opened.put(peer, new ArrayList<>());
        seen.put(peer, new ArrayList<>());
    }

    /** Serves until the client has reported on every request (or the case's timeout). */
    RetryServer serve() {
        long deadline = System.nanoTime() + stage.timeout().toNanos();
        boolean finished = false;
        while (System.nanoTime() - deadline < 0) {
            boolean idle = true;
            ScriptedPeer fresh = accept();
            if (fresh != null) {
                track(fresh, new HashSet<>());
                newConnections++;
                idle = false;
            }
            for (ScriptedPeer peer : List.copyOf(peers)) {
                idle &= !drain(peer);
            }
            if (idle) {
                if (finished) {
                    return this; // one more look after the client finished found nothing
                }
                finished = stage.clientFinished();
            }
        }
        return this;
    }

    /**
     * A new connection with the server's SETTINGS sent, or null when none came; one that ended before its preface
     * or our SETTINGS is no retry (the client reports what became of its request).
     */
    private ScriptedPeer accept() {
        try {
            ScriptedPeer fresh = stage.acceptWithin(LOOK);
            if (fresh != null) {
                ServerPart.settings(fresh);
            }
            return fresh;
        } catch (IOException e) {
            return null;
        }
    }

    /** Reads what {@code peer} has; answers each request once it has ended. True when anything came. */
    private boolean drain(ScriptedPeer peer) {
        boolean any = false;
        Incoming in;
        while (!peer.isClosed() && (in = peer.next(Duration.ZERO)) != null) {
            any = true;
            if (!(in instanceof Incoming.FrameIn f)) {
                continue;
            }
            seen.get(peer).add(ServerPart.describe(in));
            int id = f.frame().streamId();
            boolean ended = false;
            if (f.frame() instanceof HeadersFrame h && streams.get(peer).add(id)) {
                opened.get(peer).add(id);
                ended = h.endStream();
            } else if (f.frame() instanceof DataFrame d && d.endStream() && opened.get(peer).contains(id)) {
                ended = true;
            }
            if (ended) {
                try {
                    ServerPart.respond(peer, id);
                    answered++;
                    if (newConnections > 0 && peer != peers.get(0)) {
                        answeredOnNewConnections++;
                    }
                } catch (IOException e) {
                    // the client went: it reports that itself
                }
            }
        }
        return any;
    }

    /** Requests answered here (retries), on any connection. */
    int answered() {
        return answered;
    }

    /** Streams the client opened on {@code peer} while this served (not the ones the case dealt with). */
    List<Integer> opened(ScriptedPeer peer) {
        return opened.getOrDefault(peer, List.of());
    }

    /** How many connections the client opened while this served. */
    int newConnections() {
        return newConnections;
    }

    /**
     * The verdict for a request the server did not answer where the case broke it: failed is right, and a success is
     * right only when this server answered a retry of it; a success without that, or a hang, is a FAIL.
     */
    Verdict retriedOrFailed(String expected, ClientOutcome outcome) {
        return retriedOrFailed(expected, outcome, false);
    }

    /**
     * As {@link #retriedOrFailed(String, ClientOutcome)}; with {@code newConnectionOnly}, only a retry answered on a
     * new connection counts (after GOAWAY, a stream on the old one is itself against the rules).
     */
    Verdict retriedOrFailed(String expected, ClientOutcome outcome, boolean newConnectionOnly) {
        int answered = newConnectionOnly ? answeredOnNewConnections : this.answered;
        String retries = answered == 0 ? "no retry answered" : answered + " retr" + (answered == 1 ? "y" : "ies")
                + " answered (" + newConnections + " new connection" + (newConnections == 1 ? "" : "s") + ")";
        return switch (outcome.kind()) {
            case NOT_STARTED -> Verdict.inconclusive(expected, "the client did not start: " + outcome.detail());
            case NOT_REPORTED -> Verdict.inconclusive(expected, "the client tells nothing back; " + retries);
            case TIMED_OUT -> Verdict.fail(expected, "left the request hanging (" + outcome + "); " + retries);
            case FAILED -> Verdict.pass(expected, "reported it failed (" + outcome + "); " + retries);
            case RESPONSE -> answered > 0 ? Verdict.pass(expected, "retried it: " + retries + "; " + outcome)
                    : Verdict.fail(expected, (this.answered > answered
                            ? "retried it only on the connection that sent GOAWAY (" + outcome + ")"
                            : "reported a success no response was sent for (" + outcome + ")") + "; " + retries);
        };
    }
}
