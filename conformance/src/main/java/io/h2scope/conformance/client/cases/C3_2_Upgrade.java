package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.Http1Side;
import io.h2scope.conformance.client.UpgradeRequestHead;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.client.drive.Connect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * h2c through an HTTP/1.1 Upgrade (RFC 7540 §3.2, deprecated by RFC 9113 §3.1 but still spoken): the client's Upgrade
 * request, and the Upgrade answered wrongly: ignored with an HTTP/1.1 200, a 101 to another protocol or to none, and a
 * 101 whose HTTP/2 does not start with the server's SETTINGS.
 */
public final class C3_2_Upgrade implements ClientSection {

    /** RFC 7540 §3.2's 101: the one that accepts the upgrade to h2c, its example saying so with Upgrade: h2c. */
    private static final String ACCEPTS_WITH_101 = "A server that supports HTTP/2 accepts the upgrade with a 101 "
            + "(Switching Protocols) response.";
    /** The server's rule a 101 to another protocol than the h2c asked for breaks. */
    private static final String NOT_ASKED_FOR = "RFC 9110 §7.8: a server MUST NOT switch to a protocol the client did "
            + "not ask for";

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
        return List.of(upgradeRequest(), upgradeIgnored(),
                switchingTo("websocket", "Connection: Upgrade\r\nUpgrade: websocket\r\n", "websocket", ACCEPTS_WITH_101,
                        NOT_ASKED_FOR),
                switchingTo("h2", "Connection: Upgrade\r\nUpgrade: h2\r\n", "h2 (HTTP/2 over TLS)",
                        "Presence of a token with \"h2\" implies HTTP/2 over TLS, which is instead negotiated as "
                                + "described in Section 3.3.",
                        NOT_ASKED_FOR),
                switchingTo("nothing", "Connection: Upgrade\r\n", "no protocol (no Upgrade field)", ACCEPTS_WITH_101,
                        "RFC 9110 §7.8, RFC 7230 §6.7: a 101 MUST send an Upgrade field naming the new protocol"),
                notSettingsFirst("upgrade-then-headers-before-settings", "the response HEADERS on stream 1",
                        (peer, stream) -> peer.headers(stream, List.of(new HeaderField(":status", "200")), true)),
                notSettingsFirst("upgrade-then-ping-before-settings", "a PING, then the response on stream 1,",
                        (peer, stream) -> {
                            peer.send(PingFrame.of(32));
                            ServerPart.respond(peer, stream);
                        }),
                notSettingsFirst("upgrade-then-window-update-before-settings", "a connection WINDOW_UPDATE, then the "
                        + "response on stream 1,", (peer, stream) -> {
                            peer.send(WindowUpdateFrame.of(0, 1 << 16));
                            ServerPart.respond(peer, stream);
                        }));
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

    /**
     * The server ignores the Upgrade and answers over HTTP/1.1, as RFC 7540 §3.2 shows. No RFC sentence makes the
     * client take that response (an HTTP/2-only client may refuse it: PASS-LENIENT), but it must not speak HTTP/2 on a
     * connection that was never switched, nor report another response than the one that came.
     */
    static ClientCase upgradeIgnored() {
        return ClientCase.define("client/3.2/upgrade-ignored-http11-response").rfc("RFC 7540 §3.2")
                .quote("A server that does not support HTTP/2 can respond to the request as though the Upgrade header "
                        + "field were absent")
                .does("answers the Upgrade request with an HTTP/1.1 200 (content-length 5, the connection kept open), "
                        + "then reads what the client sends")
                .needs(ClientAbility.UPGRADE).connect(Connect.UPGRADE)
                .run(stage -> {
                    stage.start("/");
                    String expected = "no HTTP/2 preface, the HTTP/1.1 200 and its " + ServerPart.BODY.length
                            + " body octets reported as the response";
                    try (Socket socket = stage.acceptUpgradeRequest()) {
                        stage.answerHttp1(socket, Http1Side.ordinaryResponse(false));
                        byte[] sent = Http1Side.clientOctets(stage, socket, Preface.LENGTH);
                        if (Preface.isPrefixOf(sent)) {
                            return Verdict.fail(expected, "it sent the HTTP/2 connection preface after an HTTP/1.1 200: "
                                    + "only a 101 switches the connection (RFC 7540 §3.2)");
                        }
                        ClientOutcome outcome = stage.outcomes().get(0);
                        String then = sent.length == 0 ? "" : "; it then sent \"" + Http1Side.printable(sent) + "\"";
                        return switch (outcome.kind()) {
                            case RESPONSE -> (outcome.status() == 200 || outcome.status() < 0)
                                    && (outcome.bodyOctets() == ServerPart.BODY.length || outcome.bodyOctets() < 0)
                                    ? Verdict.pass(expected, outcome + then)
                                    : Verdict.fail(expected, "reported another response than the 200 with "
                                    + ServerPart.BODY.length + " body octets that came: " + outcome + then);
                            case NOT_STARTED -> Verdict.inconclusive(expected, "the client did not start: "
                                    + outcome.detail());
                            case NOT_REPORTED -> Verdict.pass(expected, "no preface (the client tells nothing back)"
                                    + then);
                            case FAILED, TIMED_OUT -> Verdict.lenient(expected, "no preface, but the response that came "
                                    + "was not taken (" + outcome + ")" + then + ": RFC 9110 §7.8 lets the server "
                                    + "ignore the Upgrade, and no RFC sentence makes the client take the response");
                        };
                    }
                });
    }

    /**
     * A 101 that switches to another protocol than the h2c asked for, or names none: the server breaks RFC 9110 §7.8
     * ({@code serverRule}; RFC 7230 §6.7 before it). The client knows only that the connection no longer speaks
     * HTTP/1.1, and not that h2c was chosen: starting HTTP/2 on it is the FAIL. Reporting the 101 as the response, or
     * waiting until stopped, did not switch but told the caller nothing true: PASS-LENIENT.
     */
    static ClientCase switchingTo(String slug, String fieldLines, String named, String quote, String serverRule) {
        return ClientCase.define("client/3.2/switching-protocols-to-" + slug).rfc("RFC 7540 §3.2").quote(quote)
                .does("answers the Upgrade: h2c request with a 101 whose Upgrade names " + named + " (" + serverRule
                        + "), then reads what the client sends")
                .needs(ClientAbility.UPGRADE).connect(Connect.UPGRADE)
                .run(stage -> {
                    stage.start("/");
                    String expected = "no HTTP/2 preface after a 101 to " + named + ", the request reported as failed";
                    try (Socket socket = stage.acceptUpgradeRequest()) {
                        stage.answerHttp1(socket, Http1Side.switchingProtocols(fieldLines));
                        byte[] sent = Http1Side.clientOctets(stage, socket, Preface.LENGTH);
                        if (Preface.isPrefixOf(sent)) {
                            return Verdict.fail(expected, "it sent the HTTP/2 connection preface: it switched to h2c on "
                                    + "a 101 to " + named + " (only a 101 whose Upgrade names h2c accepts the h2c "
                                    + "Upgrade: RFC 9110 §7.8)");
                        }
                        socket.close(); // the client's read ends: one that waits for the new protocol is told
                        ClientOutcome outcome = stage.outcomes().get(0);
                        String then = sent.length == 0 ? "" : "; it sent \"" + Http1Side.printable(sent) + "\"";
                        return switch (outcome.kind()) {
                            case FAILED -> Verdict.pass(expected, outcome + then);
                            case NOT_REPORTED -> Verdict.pass(expected, "no preface (the client tells nothing back)"
                                    + then);
                            case NOT_STARTED -> Verdict.inconclusive(expected, "the client did not start: "
                                    + outcome.detail());
                            case RESPONSE, TIMED_OUT -> Verdict.lenient(expected, "no preface, but the request was not "
                                    + "reported as failed (" + outcome + ")" + then);
                        };
                    }
                });
    }

    /**
     * A correct 101, then HTTP/2 that does not start with the server's SETTINGS ({@code moves}: that frame, and the
     * response to stream 1 that a client which let it pass reports): an invalid server preface. A client that closes
     * at the first frame leaves the rest unsent: that is its reaction, judged.
     */
    static ClientCase notSettingsFirst(String slug, String first, ResponseScripts.Script moves) {
        return ClientCase.define("client/3.2/" + slug).rfc("RFC 9113 §3.4")
                .quote("Clients and servers MUST treat an invalid connection preface as a connection error (Section "
                        + "5.4.1) of type PROTOCOL_ERROR.")
                .does("switches protocols with 101, then sends " + first + " before any SETTINGS (no server "
                        + "connection preface)")
                .needs(ClientAbility.UPGRADE).connect(Connect.UPGRADE)
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        int stream = stage.request(peer);
                        ResponseScripts.playTolerant(peer, stream, moves);
                        return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.CONNECTION,
                                ErrorCode.PROTOCOL_ERROR);
                    }
                });
    }
}
