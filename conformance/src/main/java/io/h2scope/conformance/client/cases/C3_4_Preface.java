package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §3.4: the client's connection preface. */
public final class C3_4_Preface implements ClientSection {

    @Override
    public String id() {
        return "client/3.4";
    }

    @Override
    public String title() {
        return "HTTP/2 Connection Preface";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(prefaceThenSettings());
    }

    public static ClientCase prefaceThenSettings() {
        return ClientCase.define("client/3.4/preface-then-settings").rfc("RFC 9113 §3.4")
                .quote("That is, the connection preface starts with the string \"PRI * HTTP/2.0\\r\\n\\r\\nSM\\r\\n\\r\\n\"."
                        + " This sequence MUST be followed by a SETTINGS frame (Section 6.5), which MAY be empty.")
                .does("reads the client's first octets and its first frame")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        Incoming first = peer.next();
                        ServerPart.settings(peer);
                        ServerPart.serve(peer);
                        stage.outcomes();
                        String expected = "the preface, then a SETTINGS frame";
                        if (first instanceof Incoming.FrameIn in && in.frame() instanceof SettingsFrame s && !s.ack()) {
                            return Verdict.pass(expected, "SETTINGS with " + s.settings().size() + " parameters");
                        }
                        return Verdict.fail(expected, "after the preface: " + ServerPart.describe(first));
                    }
                });
    }
}
