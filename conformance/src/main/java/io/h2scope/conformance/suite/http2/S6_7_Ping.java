package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.peer.PeerEvent;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.PingFrame;
import java.util.List;

/** RFC 7540 §6.7 (RFC 9113 §6.7): PING. */
public final class S6_7_Ping implements Section {

    @Override
    public String id() {
        return "http2/6.7";
    }

    @Override
    public String title() {
        return "PING";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.7/ping-is-acked").h2spec("http2/6.7/1").rfc("6.7", "6.7")
                        .sends("a PING with payload \"h2spec\\0\\0\"")
                        .quote("Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag set in response, with an identical frame payload.")
                        .accepts("PING with ACK and the identical payload (the target's own PINGs are answered, never mistaken for it)")
                        .run(p -> {
                            p.handshake();
                            long payload = 0x6832737065630000L; // "h2spec\0\0"
                            p.send(PingFrame.of(payload));
                            return Expect.pingAck(p, payload);
                        }),
                CaseDef.define("http2/6.7/ack-is-not-answered").h2spec("http2/6.7/2").rfc("6.7", "6.7")
                        .sends("a PING with ACK (payload \"invalid\"), then a normal PING")
                        .quote("An endpoint MUST NOT respond to PING frames containing this flag.")
                        .accepts("only the second PING is answered")
                        .run(S6_7_Ping::ackNotAnswered),
                CaseDef.define("http2/6.7/nonzero-stream-id").h2spec("http2/6.7/3").rfc("6.7", "6.7")
                        .sends("a PING on stream 1")
                        .quote("If a PING frame is received with a Stream Identifier field value other than 0x00, the recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 8, type: PING, flags: 0, stream: 1
                            p.writeRawFrame(FrameType.PING.code(), 0, 1, new byte[8]);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.7/length-not-8").h2spec("http2/6.7/4").rfc("6.7", "6.7")
                        .sends("a PING of length 6 on stream 0")
                        .quote("Receipt of a PING frame with a length field value other than 8 MUST be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 6, type: PING, flags: 0, stream: 0 (h2spec sends stream 1, which mixes two errors)
                            p.writeRawFrame(FrameType.PING.code(), 0, 0, new byte[6]);
                            return Expect.connectionError(p, FRAME_SIZE_ERROR);
                        }));
    }

    private static Verdict ackNotAnswered(Peer p) throws Exception {
        p.handshake();
        long unexpected = 0x696e76616c696400L; // "invalid\0"
        p.send(PingFrame.ackOf(unexpected));
        long expectedPayload = p.sendProbePing();
        String expected = "no answer to the PING ACK; the following PING answered";
        while (true) {
            PeerEvent event = p.nextEvent(p.timeout());
            if (event instanceof PeerEvent.FrameReceived f && f.frame() instanceof PingFrame ping) {
                if (ping.opaqueData() == unexpected) {
                    return Verdict.fail(expected, "the target answered our PING ACK: " + (ping.ack() ? "PING ACK" : "PING")
                            + " with the same payload");
                }
                if (ping.ack() && ping.opaqueData() == expectedPayload) {
                    return Verdict.pass(expected, "only the second PING was answered");
                }
                if (ping.ack() && !p.sentPing(ping.opaqueData())) {
                    return Verdict.fail(expected, "PING ACK " + Long.toHexString(ping.opaqueData()) + ", a payload no PING of ours carried");
                }
            } else if (event instanceof PeerEvent.Timeout) {
                // silence: the common verifier probes (another PING, then a GET) and judges
                return Expect.pingAck(p, expectedPayload);
            } else if (!(event instanceof PeerEvent.FrameReceived)) {
                return Verdict.fail(expected, event.describe());
            }
        }
    }
}
