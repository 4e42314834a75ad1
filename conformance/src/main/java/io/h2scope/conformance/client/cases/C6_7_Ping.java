package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §6.7: PING from the server. */
public final class C6_7_Ping implements ClientSection {

    private static final long PING_DATA = 0x6832_7363_6f70_6521L;

    @Override
    public String id() {
        return "client/6.7";
    }

    @Override
    public String title() {
        return "PING";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(pingAcknowledged(), pingAckNotAnswered(), pingOnAStream(), pingOfSixOctets());
    }

    static ClientCase pingAcknowledged() {
        return ClientCase.define("client/6.7/ping-acknowledged").rfc("RFC 9113 §6.7")
                .quote("Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK "
                        + "flag set in response, with an identical frame payload.")
                .does("sends a PING before answering the request and waits for its ACK")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        peer.send(PingFrame.of(PING_DATA));
                        PingFrame ack = (PingFrame) ServerPart.owed(peer, f -> f instanceof PingFrame p && p.ack());
                        if (ack != null) { // else the verdict is made, and the client may be gone by the end of the wait
                            ServerPart.serve(peer);
                        }
                        stage.outcomes();
                        String expected = String.format("PING ACK with %016x", PING_DATA);
                        if (ack == null) {
                            return Verdict.fail(expected, "none, before the connection ended or within "
                                    + stage.timeout().toSeconds() + " s");
                        }
                        return ack.opaqueData() == PING_DATA ? Verdict.pass(expected, expected)
                                : Verdict.fail(expected, String.format("PING ACK with %016x", ack.opaqueData()));
                    }
                });
    }

    static ClientCase pingAckNotAnswered() {
        return ClientCase.define("client/6.7/ping-ack-not-answered").rfc("RFC 9113 §6.7")
                .quote("An endpoint MUST NOT respond to PING frames containing this flag.")
                .does("sends a PING with the ACK flag that answers nothing, serves the request, and reads every PING "
                        + "the client sent")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        peer.send(PingFrame.ackOf(PING_DATA));
                        ServerPart.serve(peer);
                        stage.outcomes();
                        ServerMoves.drain(stage, peer);
                        String expected = "no PING in answer to the PING ACK";
                        boolean answered = peer.received().stream()
                                .anyMatch(f -> f instanceof PingFrame p && p.opaqueData() == PING_DATA);
                        return answered ? Verdict.fail(expected, String.format("a PING with %016x", PING_DATA))
                                : Verdict.pass(expected, "none");
                    }
                });
    }

    static ClientCase pingOnAStream() {
        return ClientCase.define("client/6.7/ping-on-a-stream").rfc("RFC 9113 §6.7")
                .quote("If a PING frame is received with a Stream Identifier field value other than 0x00, the "
                        + "recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends a PING on the request's stream, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.PING.code(), 0, stream, new byte[8]);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase pingOfSixOctets() {
        return ClientCase.define("client/6.7/ping-of-six-octets").rfc("RFC 9113 §6.7")
                .quote("Receipt of a PING frame with a length field value other than 8 MUST be treated as a connection "
                        + "error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends a PING with a 6-octet payload, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.PING.code(), 0, 0, new byte[6]);
                    ServerPart.respond(peer, stream);
                }));
    }
}
