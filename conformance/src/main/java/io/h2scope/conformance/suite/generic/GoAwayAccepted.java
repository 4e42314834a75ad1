package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;

/**
 * After our GOAWAY NO_ERROR the target may close, answer GOAWAY NO_ERROR, or simply keep the
 * connection (RFC 9113 §6.8 does not require the receiver to close). Only an error is a failure.
 * h2spec demands a close, which fails servers that wait for their idle timeout.
 */
final class GoAwayAccepted {

    private GoAwayAccepted() {
    }

    static Verdict judge(Peer p) {
        String expected = "no error after our GOAWAY NO_ERROR";
        long payload = p.sendProbePing();
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(expected, "connection " + c.how());
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return g.errorCode() == ErrorCode.NO_ERROR.code() ? Verdict.pass(expected, "GOAWAY NO_ERROR")
                        : Verdict.fail(expected, "GOAWAY " + ErrorCode.nameOf(g.errorCode()));
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame ping && ping.ack()
                    && ping.opaqueData() == payload) {
                return Verdict.pass(expected, "the connection stays usable (PING answered)");
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.inconclusive(expected, "no close, no GOAWAY and no PING answer within " + p.timeout().toMillis() + " ms");
            } else if (event instanceof PeerEvent.Http1Response h) {
                return Verdict.fail(expected, "answered in HTTP/1: " + h.statusLine());
            }
        }
    }
}
