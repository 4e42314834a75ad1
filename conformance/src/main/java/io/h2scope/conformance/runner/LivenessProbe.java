package io.h2scope.conformance.runner;

import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.conformance.peer.HandshakeException;
import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import java.time.Duration;
import java.util.List;

/**
 * After an error case: a fresh connection, one GET and one PING. A target that defended itself
 * answers either; one that crashed or hangs answers neither, and the case FAILs with "server died"
 * however its connection ended (h2spec counts a crash as a correct close). A slow target gets a
 * longer wait than a case ({@link #wait}), and a PING answered proves it alive even when its GET is
 * slower still; a target that refuses the new connection with GOAWAY is alive too (it is defending
 * itself, e.g. after a flood).
 */
final class LivenessProbe {

    /** The probe's outcome and its own frame exchange (appended to the case's evidence). */
    record Result(boolean alive, String detail, List<TraceEntry> evidence) {
    }

    private LivenessProbe() {
    }

    /** Three case timeouts, at least 3 s: a server busy cleaning up after an attack is slow, not dead. */
    static Duration wait(PeerOptions options) {
        Duration three = options.timeout().multipliedBy(3);
        return three.compareTo(Duration.ofSeconds(3)) < 0 ? Duration.ofSeconds(3) : three;
    }

    /** The probe; its connection, once served, is a sign of life for other cases too ({@code signs}). */
    static Result check(Target target, PeerOptions options, LifeSigns signs) {
        Peer peer;
        try {
            peer = Peer.connect(target, options);
        } catch (HandshakeException e) {
            return new Result(false, e.getMessage(), List.of());
        }
        long opened = peer.connectStartedNanos();
        peer.whenServed(() -> signs.served(opened, "a liveness probe's connection"));
        try (peer) {
            peer.note("liveness probe: a fresh connection, one GET " + target.path() + " and one PING");
            try {
                peer.handshake();
            } catch (HandshakeException e) {
                boolean refusedButAlive = e.kind() == HandshakeException.Kind.REFUSED || e.kind() == HandshakeException.Kind.NO_SETTINGS_ACK;
                return new Result(refusedButAlive, e.getMessage(), peer.trace());
            }
            peer.sendHeaders(1, peer.requestHeaders(target.path()), true);
            long payload = peer.sendProbePing();
            Duration wait = wait(options);
            long deadline = System.nanoTime() + wait.toNanos();
            while (true) {
                long left = deadline - System.nanoTime();
                PeerEvent event = left <= 0 ? new PeerEvent.Timeout(wait) : peer.nextEvent(Duration.ofNanos(left));
                if (event instanceof PeerEvent.FrameReceived f && f.frame().streamId() == 1 && f.status().isPresent()) {
                    return new Result(true, "answered the GET", peer.trace());
                }
                if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack() && p.opaqueData() == payload) {
                    return new Result(true, "answered the PING", peer.trace());
                }
                if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                    return new Result(true, "refused the new connection's GET with " + FrameWords.goAway(g), peer.trace());
                }
                if (event instanceof PeerEvent.Timeout || event instanceof PeerEvent.ConnectionClosed) {
                    return new Result(false, "a new connection got its SETTINGS, but neither the GET nor the PING was answered: "
                            + event.describe() + " (waited " + wait.toMillis() + " ms)", peer.trace());
                }
            }
        }
    }
}
