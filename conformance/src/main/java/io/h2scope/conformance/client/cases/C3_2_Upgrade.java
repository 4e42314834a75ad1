package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.UpgradeRequestHead;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.ArrayList;
import java.util.List;

/**
 * h2c through an HTTP/1.1 Upgrade (RFC 7540 §3.2, deprecated by RFC 9113 §3.1 but still spoken): the client's Upgrade
 * request, and a server that switches protocols but does not start with its SETTINGS.
 */
public final class C3_2_Upgrade implements ClientSection {

    @Override
    public String id() {
        return "client/3.2";
    }

    @Override
    public String title() {
        return "Starting HTTP/2 for \"http\" URIs (h2c Upgrade)";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(upgradeRequest(), upgradeWithoutServerSettings());
    }

    /** RFC 9113 keeps only this sentence of the Upgrade; the rules checked are RFC 7540 §3.2 and §3.2.1's. */
    static ClientCase upgradeRequest() {
        return ClientCase.define("client/3.2/upgrade-request-has-http2-settings").rfc("RFC 9113 §3.1")
                .quote("The same applies to the HTTP2-Settings header field, which was used with the upgrade to \"h2c\".")
                .does("reads the client's Upgrade request (RFC 7540 §3.2.1: Upgrade: h2c, exactly one HTTP2-Settings "
                        + "holding a base64url SETTINGS payload, both named in Connection), then switches and answers on "
                        + "stream 1")
                .needs(ClientAbility.UPGRADE).connect(Connect.UPGRADE)
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        stage.serve(peer);
                        stage.outcomes();
                        UpgradeRequestHead request = stage.upgradeRequests().get(0);
                        List<String> wrong = new ArrayList<>();
                        if (request.values("http2-settings").size() != 1) {
                            wrong.add(request.values("http2-settings").size() + " HTTP2-Settings fields");
                        } else if (request.settingsPayload().isEmpty()) {
                            wrong.add("an HTTP2-Settings that is no base64url SETTINGS payload");
                        }
                        List<String> connection = request.tokens("connection");
                        if (!connection.contains("upgrade") || !connection.contains("http2-settings")) {
                            wrong.add("Connection: " + String.join(", ", request.values("connection"))
                                    + " (it must name Upgrade and HTTP2-Settings)");
                        }
                        String expected = "Upgrade: h2c, one HTTP2-Settings with a SETTINGS payload, Connection: Upgrade, "
                                + "HTTP2-Settings";
                        return wrong.isEmpty() ? Verdict.pass(expected, request.toString())
                                : Verdict.fail(expected, String.join("; ", wrong) + " in " + request);
                    }
                });
    }

    static ClientCase upgradeWithoutServerSettings() {
        return ClientCase.define("client/3.2/upgrade-then-headers-before-settings").rfc("RFC 9113 §3.4")
                .quote("Clients and servers MUST treat an invalid connection preface as a connection error (Section "
                        + "5.4.1) of type PROTOCOL_ERROR.")
                .does("switches protocols with 101, then sends the response HEADERS on stream 1 before any SETTINGS (no "
                        + "server connection preface)")
                .needs(ClientAbility.UPGRADE).connect(Connect.UPGRADE)
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        int stream = stage.request(peer);
                        peer.headers(stream, List.of(new HeaderField(":status", "200")), true);
                        return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.CONNECTION,
                                ErrorCode.PROTOCOL_ERROR);
                    }
                });
    }
}
