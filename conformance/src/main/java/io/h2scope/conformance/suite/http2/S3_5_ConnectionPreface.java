package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.SettingsFrame;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** RFC 7540 §3.5 (RFC 9113 §3.4): the connection preface. */
public final class S3_5_ConnectionPreface implements Section {

    @Override
    public String id() {
        return "http2/3.5";
    }

    @Override
    public String title() {
        return "HTTP/2 Connection Preface";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/3.5/server-preface-is-settings").h2spec("http2/3.5/1").rfc("3.5", "3.4")
                        .sends("the client connection preface and a SETTINGS frame")
                        .quote("The server connection preface consists of a potentially empty SETTINGS frame (Section 6.5) that MUST be the first frame the server sends in the HTTP/2 connection.")
                        .accepts("the first frame received is SETTINGS without ACK")
                        .run(p -> firstFrameIsSettings(p)),
                CaseDef.define("http2/3.5/invalid-preface").h2spec("http2/3.5/2").rfc("3.5", "3.4")
                        .sends("\"INVALID CONNECTION PREFACE\\r\\n\\r\\n\" instead of the preface")
                        .quote("Clients and servers MUST treat an invalid connection preface as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("the connection is closed (GOAWAY PROTOCOL_ERROR optional); an HTTP/1 refusal on a shared port")
                        .errorCase()
                        .run(p -> {
                            p.sendRaw("INVALID CONNECTION PREFACE\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                            return Expect.connectionClose(p);
                        }));
    }

    /**
     * Also used by generic/1: the target's very first frame must be a non-ACK SETTINGS, and the SETTINGS
     * of our preface must be acknowledged (RFC9113 §3.4: "The SETTINGS frames received from a peer as
     * part of the connection preface MUST be acknowledged").
     */
    public static Verdict firstFrameIsSettings(io.h2scope.conformance.peer.Peer p) {
        String expected = "SETTINGS (no ACK) as the first frame, and an ACK of our preface SETTINGS";
        p.sendPreface();
        p.send(SettingsFrame.of());
        PeerEvent event = p.nextEvent(p.timeout());
        if (event instanceof PeerEvent.Timeout) {
            return Verdict.inconclusive(expected, "nothing within " + p.timeout().toMillis() + " ms");
        }
        if (!(event instanceof PeerEvent.FrameReceived f && f.frame() instanceof SettingsFrame s && !s.ack())) {
            return Verdict.fail(expected, "the first thing the target sent was " + event.describe());
        }
        Verdict acked = Expect.settingsAck(p);
        if (acked.outcome() != io.h2scope.conformance.verdict.Outcome.PASS) {
            return Verdict.fail(expected, "SETTINGS with " + s.settings().size() + " parameters first, but our preface "
                    + "SETTINGS was not acknowledged: " + acked.actual());
        }
        return Verdict.pass(expected, "SETTINGS with " + s.settings().size() + " parameters, then the ACK of ours");
    }
}
