package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/** One look at whether a listener is up, as {@link TargetSpec.Readiness} asks. */
final class ReadinessCheck {

    private static final PeerOptions PROBE = PeerOptions.defaults().withInsecure(true).withTimeout(Duration.ofSeconds(2));

    private ReadinessCheck() {
    }

    /** Null when ready, else what is still missing (for the timeout message). */
    static String notReady(Target target, TargetSpec.Readiness readiness) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(target.host(), target.port()), 500);
        } catch (IOException e) {
            return target.url() + " refuses TCP connections (" + e.getMessage() + ")";
        }
        if (readiness == TargetSpec.Readiness.TCP) {
            return null;
        }
        try (Peer peer = Peer.connect(target, PROBE)) {
            peer.handshake();
            peer.sendHeaders(1, peer.requestHeaders(target.path()), true);
            Verdict verdict = Expect.response(peer, 1);
            return verdict.outcome() == Outcome.PASS ? null : target.url() + " did not answer a GET: " + verdict.actual();
        } catch (HandshakeException | RuntimeException e) {
            return target.url() + " did not complete an HTTP/2 handshake: " + e.getMessage();
        }
    }
}
