package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
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
        return List.of(pingAcknowledged());
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
                        PingFrame ack = (PingFrame) peer.await(f -> f instanceof PingFrame p && p.ack());
                        ServerPart.serve(peer);
                        stage.outcomes();
                        String expected = String.format("PING ACK with %016x", PING_DATA);
                        if (ack == null) {
                            return Verdict.fail(expected, "the connection ended without it");
                        }
                        return ack.opaqueData() == PING_DATA ? Verdict.pass(expected, expected)
                                : Verdict.fail(expected, String.format("PING ACK with %016x", ack.opaqueData()));
                    }
                });
    }
}
