package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import java.util.List;

/** RFC 7540 §5.4.1 (RFC 9113 §5.4.1): after a connection error, GOAWAY then close. */
public final class S5_4_1_ConnectionErrorHandling implements Section {

    @Override
    public String id() {
        return "http2/5.4.1";
    }

    @Override
    public String title() {
        return "Connection Error Handling";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/5.4.1/close-after-connection-error").h2spec("http2/5.4.1/1").rfc("5.4.1", "5.4.1")
                        .sends("a PING on stream 3 (a connection error)")
                        .quote("After sending the GOAWAY frame for an error condition, the endpoint MUST close the TCP connection.")
                        .accepts("the TCP connection is closed (with or without GOAWAY first)").errorCase()
                        .run(p -> {
                            invalidPing(p);
                            return closes(p);
                        }),
                CaseDef.define("http2/5.4.1/goaway-before-close").h2spec("http2/5.4.1/2").rfc("5.4.1", "5.4.1").should()
                        .sends("a PING on stream 3 (a connection error)")
                        .quote("An endpoint that encounters a connection error SHOULD first send a GOAWAY frame (Section 6.8) with the stream identifier of the last stream that it successfully received from its peer.")
                        .accepts("a GOAWAY frame before the close").errorCase()
                        .run(p -> {
                            invalidPing(p);
                            return goAwayFirst(p);
                        }));
    }

    private static void invalidPing(Peer p) throws Exception {
        p.handshake();
        // length: 8, type: PING, flags: 0, stream: 3 (PING must be on stream 0)
        p.writeRawFrame(FrameType.PING.code(), 0, 3, new byte[8]);
    }

    private static Verdict closes(Peer p) {
        String expected = "the connection is closed";
        String goaway = "";
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout().multipliedBy(2));
            if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.pass(expected, goaway + "connection " + c.how());
            } else if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                goaway = "GOAWAY " + io.h2scope.engine.error.ErrorCode.nameOf(g.errorCode()) + ", then ";
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.fail(expected, goaway + "the connection was still open " + p.timeout().multipliedBy(2).toMillis()
                        + " ms later");
            }
        }
    }

    private static Verdict goAwayFirst(Peer p) {
        String expected = "GOAWAY before the connection closes";
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof GoAwayFrame g) {
                return Verdict.pass(expected, "GOAWAY " + io.h2scope.engine.error.ErrorCode.nameOf(g.errorCode()));
            } else if (event instanceof PeerEvent.ConnectionClosed c) {
                return Verdict.fail(expected, "closed without GOAWAY (" + c.how() + ")");
            } else if (event instanceof PeerEvent.Timeout) {
                return Verdict.fail(expected, "neither GOAWAY nor close within " + p.timeout().toMillis() + " ms");
            }
        }
    }
}
