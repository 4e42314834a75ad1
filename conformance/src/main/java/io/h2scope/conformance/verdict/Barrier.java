package io.h2scope.conformance.verdict;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.engine.frame.PingFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what the target still sends in reaction to frames it already has, and no longer: a PING
 * sent now is answered after everything the target decided before reading it (RFC9113 §6.7 PINGs
 * are processed in order with the other frames), so its ACK ends the wait at once instead of a
 * fixed quiet period. Without a usable PING (our field block is open, or the target ignores PING)
 * the wait is bounded by {@link #MAX_QUIET} or the case timeout.
 */
final class Barrier {

    /** The longest a follow-up is waited for when no PING can mark the end of it. */
    static final Duration MAX_QUIET = Duration.ofMillis(250);

    private Barrier() {
    }

    /** The events before the barrier (the PING ACK itself is not included). */
    static List<PeerEvent> followUps(Peer peer) {
        List<PeerEvent> events = new ArrayList<>();
        if (peer.isClosed()) {
            return events;
        }
        boolean pinged = !peer.fieldBlockOpen();
        long payload = pinged ? peer.sendProbePing() : 0;
        Duration limit = pinged ? peer.timeout() : (peer.timeout().compareTo(MAX_QUIET) < 0 ? peer.timeout() : MAX_QUIET);
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return events;
            }
            PeerEvent event = peer.poll(Duration.ofNanos(left));
            if (event == null) {
                return events;
            }
            if (pinged && event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame p && p.ack()
                    && p.opaqueData() == payload) {
                return events;
            }
            events.add(event);
            if (event instanceof PeerEvent.ConnectionClosed) {
                return events;
            }
        }
    }
}
