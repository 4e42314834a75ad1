package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.target.Target;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * After an error case: a fresh connection and one GET. A target that defended itself answers; one
 * that crashed or hangs does not, and the case FAILs with "server died" however its connection
 * ended (h2spec counts a crash as a correct close).
 */
final class LivenessProbe {

    /** The probe's outcome and its own frame exchange (appended to the case's evidence). */
    record Result(boolean alive, String detail, List<TraceEntry> evidence) {
    }

    private LivenessProbe() {
    }

    static Result check(Target target, PeerOptions options) {
        List<TraceEntry> evidence = new ArrayList<>();
        try (Peer peer = Peer.connect(target, options)) {
            try {
                peer.note("liveness probe: a fresh connection and one GET " + target.path());
                peer.handshake();
                peer.sendHeaders(1, peer.requestHeaders(target.path()), true);
                Verdict verdict = Expect.response(peer, 1);
                boolean alive = verdict.outcome() == Outcome.PASS;
                return new Result(alive, alive ? "answered the GET" : verdict.actual(), peer.trace());
            } catch (HandshakeException e) {
                return new Result(false, e.getMessage(), peer.trace());
            }
        } catch (HandshakeException e) {
            return new Result(false, e.getMessage(), evidence);
        }
    }
}
