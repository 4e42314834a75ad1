package io.h2scope.conformance.verdict;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.engine.frame.PingFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what the target still sends in reaction to frames it already has, and no longer: a PING
 * sent now is answered after everything the target's connection reader decided before reading it
 * (RFC9113 §6.7 PINGs are processed in order with the other frames), so its ACK all but ends the
 * wait. A server that judges a stream in another thread (apache2's mod_http2 workers) can send that
 * stream's RST_STREAM just after the ACK, so reading goes on for {@link #SETTLE} after it. Without a
 * usable PING (our field block is open, or the target ignores PING) the wait is bounded by
 * {@link #MAX_QUIET} or the case timeout.
 */
final class Barrier {

    /** The longest a follow-up is waited for when no PING can mark the end of it. */
    static final Duration MAX_QUIET = Duration.ofMillis(250);

    /** How long the wait goes on after the PING's ACK, for answers decided off the connection's thread. */
    static final Duration SETTLE = Duration.ofMillis(50);

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
                pinged = false; // the barrier is passed: only the settle time is left
                deadline = Math.min(deadline, System.nanoTime() + SETTLE.toNanos());
                continue;
            }
            events.add(event);
            if (event instanceof PeerEvent.ConnectionClosed) {
                return events;
            }
        }
    }
}
