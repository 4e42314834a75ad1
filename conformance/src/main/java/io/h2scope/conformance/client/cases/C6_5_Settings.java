package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §6.5: SETTINGS the server sends, as the client must take them. */
public final class C6_5_Settings implements ClientSection {

    @Override
    public String id() {
        return "client/6.5";
    }

    @Override
    public String title() {
        return "SETTINGS";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(settingsAcknowledged());
    }

    static ClientCase settingsAcknowledged() {
        return ClientCase.define("client/6.5.3/settings-acknowledged").rfc("RFC 9113 §6.5.3")
                .quote("Once all values have been processed, the recipient MUST immediately emit a SETTINGS frame with "
                        + "the ACK flag set.")
                .does("sends SETTINGS_MAX_CONCURRENT_STREAMS 100 and waits for the ACK")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        peer.send(SettingsFrame.of(new RawSetting(0x3, 100)));
                        boolean acked = peer.await(f -> f instanceof SettingsFrame s && s.ack()) != null;
                        ServerPart.serve(peer);
                        stage.outcomes();
                        return acked ? Verdict.pass("SETTINGS with ACK", "SETTINGS with ACK")
                                : Verdict.fail("SETTINGS with ACK", "the connection ended without it");
                    }
                });
    }
}
