package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.suite.steps.ControlRun;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import java.util.Optional;

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
                        : attributed(p, expected, "GOAWAY " + ErrorCode.nameOf(g.errorCode()));
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

    /**
     * The error came after our GOAWAY and the PING that probes the connection: a control sends the same GOAWAY on a
     * fresh connection without the PING. The same error there is the GOAWAY's doing (FAIL); none within a timeout
     * means our PING drew it, which is not what this case tests.
     */
    private static Verdict attributed(Peer p, String expected, String error) {
        Optional<String> alone = ControlRun.run(p, "the same GOAWAY NO_ERROR without the PING", control -> {
            control.handshake();
            control.send(GoAwayFrame.of(0, ErrorCode.NO_ERROR, new byte[0]));
            PeerEvent event = control.nextEvent(control.timeout());
            while (!(event instanceof PeerEvent.Timeout) && !(event instanceof PeerEvent.ConnectionClosed)) {
                if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g && g.errorCode() != ErrorCode.NO_ERROR.code()) {
                    return "GOAWAY " + ErrorCode.nameOf(g.errorCode());
                }
                event = control.nextEvent(control.timeout());
            }
            return "";
        });
        if (alone.isEmpty()) {
            return Verdict.fail(expected, error + " after our GOAWAY and a PING (the control without the PING could not run)");
        }
        if (!alone.get().isEmpty()) {
            return Verdict.fail(expected, error + ", and " + alone.get() + " to the GOAWAY alone on a fresh connection (control)");
        }
        return Verdict.lenient(expected, error + " after our GOAWAY and a PING, but no error to the GOAWAY alone on a fresh connection "
                + "within " + p.timeout().toMillis() + " ms (control): the PING drew it, and RFC 9113 §6.8 keeps a connection usable after "
                + "GOAWAY (\"The sender of a GOAWAY frame might gracefully shut down a connection by sending a GOAWAY frame, maintaining "
                + "the connection in an 'open' state until all in-progress streams complete.\")").strictly(p.options().strict());
    }
}
