package io.h2scope.conformance.client;

import io.h2scope.conformance.client.drive.ClientOutcome;
import io.h2scope.conformance.spec.CaseId;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;

import java.util.List;
import java.util.Set;

/**
 * The client cases, in RFC order: starting HTTP/2 (§3.4), SETTINGS and PING (§6.5.3, §6.7), message validity
 * (§8.1.1). Each judges what the client sent, or what it reported to its caller.
 */
public final class ClientCases {

    private static final long PING_DATA = 0x6832_7363_6f70_6521L;

    private ClientCases() {
    }

    public static List<ClientCase> all() {
        return List.of(prefaceThenSettings(), settingsAcknowledged(), pingAcknowledged(), contentLengthTooLong());
    }

    static ClientCase prefaceThenSettings() {
        return new ClientCase(CaseId.of("client/3.4/preface-then-settings"), "RFC 9113 §3.4",
                "That is, the connection preface starts with the string \"PRI * HTTP/2.0\\r\\n\\r\\nSM\\r\\n\\r\\n\". This "
                        + "sequence MUST be followed by a SETTINGS frame, which MAY be empty.",
                "reads the client's first octets and its first frame", Set.of(), stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        Incoming first = peer.next();
                        ServerPart.settings(peer);
                        int stream = ServerPart.request(peer);
                        if (stream > 0) {
                            ServerPart.respond(peer, stream);
                        }
                        stage.outcomes();
                        String expected = "the preface, then a SETTINGS frame";
                        if (first instanceof Incoming.FrameIn in && in.frame() instanceof SettingsFrame s && !s.ack()) {
                            return Verdict.pass(expected, "SETTINGS with " + s.settings().size() + " parameters");
                        }
                        return Verdict.fail(expected, "after the preface: " + describe(first));
                    }
                });
    }

    static ClientCase settingsAcknowledged() {
        return new ClientCase(CaseId.of("client/6.5.3/settings-acknowledged"), "RFC 9113 §6.5.3",
                "Upon receiving and applying the parameters, the recipient MUST immediately emit a SETTINGS frame "
                        + "with the ACK flag set.",
                "sends SETTINGS_MAX_CONCURRENT_STREAMS 100 and waits for the ACK", Set.of(), stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        peer.send(SettingsFrame.of(new RawSetting(0x3, 100)));
                        boolean acked = peer.await(f -> f instanceof SettingsFrame s && s.ack()) != null;
                        int stream = ServerPart.request(peer);
                        if (stream > 0) {
                            ServerPart.respond(peer, stream);
                        }
                        stage.outcomes();
                        return acked ? Verdict.pass("SETTINGS with ACK", "SETTINGS with ACK")
                                : Verdict.fail("SETTINGS with ACK", "the connection ended without it");
                    }
                });
    }

    static ClientCase pingAcknowledged() {
        return new ClientCase(CaseId.of("client/6.7/ping-acknowledged"), "RFC 9113 §6.7",
                "Receivers of a PING frame that does not include an ACK flag MUST send a PING frame with the ACK flag "
                        + "set in response, with an identical frame payload.",
                "sends a PING before answering the request and waits for its ACK", Set.of(), stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        peer.send(PingFrame.of(PING_DATA));
                        PingFrame ack = (PingFrame) peer.await(f -> f instanceof PingFrame p && p.ack());
                        int stream = ServerPart.request(peer);
                        if (stream > 0) {
                            ServerPart.respond(peer, stream);
                        }
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

    static ClientCase contentLengthTooLong() {
        return new ClientCase(CaseId.of("client/8.1.1/content-length-above-data"), "RFC 9113 §8.1.1",
                "A request or response is also malformed if the value of a content-length header field does not "
                        + "equal the sum of the DATA frame payload lengths that form the content, unless the message "
                        + "is defined as having no content.",
                "answers content-length: 10 with 5 octets and END_STREAM", Set.of(), stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        int stream = ServerPart.request(peer);
                        if (stream > 0) {
                            peer.headers(stream, List.of(new HeaderField(":status", "200"),
                                    new HeaderField("content-length", "10")), false);
                            peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                        }
                        ClientOutcome outcome = stage.outcomes().get(0);
                        String expected = "the response reported as failed (malformed: 5 octets of 10)";
                        return outcome.reportedSuccess()
                                ? Verdict.fail(expected, "reported as a success: " + outcome)
                                : Verdict.pass(expected, outcome.toString());
                    }
                });
    }

    private static String describe(Incoming in) {
        if (in instanceof Incoming.FrameIn f) {
            return f.frame().getClass().getSimpleName().replace("Frame", "") + " on stream " + f.frame().streamId();
        }
        return in == null ? "nothing within the case's timeout" : in.toString();
    }
}
