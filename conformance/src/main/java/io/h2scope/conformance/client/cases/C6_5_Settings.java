package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.IOException;
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
        return List.of(settingsAcknowledged(), settingsAcknowledgedOnceEach(), settingsOnStreamOne(),
                settingsOfFiveOctets(), settingsAckWithPayload(), enablePushTwo(), enablePushOne(),
                initialWindowSizeAboveMaximum(), maxFrameSizeBelowInitial(), maxFrameSizeAboveMaximum(),
                unknownSettingIgnored());
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
                        boolean acked = ServerPart.owed(peer, f -> f instanceof SettingsFrame s && s.ack()) != null;
                        if (acked) { // else the verdict is made, and the client may be gone by the end of the wait
                            ServerPart.serve(peer);
                        }
                        stage.outcomes();
                        return acked ? Verdict.pass("SETTINGS with ACK", "SETTINGS with ACK")
                                : Verdict.fail("SETTINGS with ACK", "none, before the connection ended or within "
                                + stage.timeout().toSeconds() + " s");
                    }
                });
    }

    static ClientCase settingsAcknowledgedOnceEach() {
        return ClientCase.define("client/6.5/settings-acknowledged-once-each").rfc("RFC 9113 §6.5")
                .quote("ACK (0x01): When set, the ACK flag indicates that this frame acknowledges receipt and "
                        + "application of the peer's SETTINGS frame.")
                .does("sends two SETTINGS and an ACK of the client's, serves the request, and counts the client's ACKs")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        peer.send(SettingsFrame.of());
                        peer.send(SettingsFrame.ackFrame());
                        peer.send(SettingsFrame.of(new RawSetting(0x3, 100)));
                        // both ACKs before the response: a client that ends at once after it may not write them
                        long deadline = System.nanoTime() + stage.timeout().toNanos();
                        while (acks(peer) < 2 && !peer.isClosed() && System.nanoTime() - deadline < 0) {
                            peer.next(ServerMoves.LOOK);
                        }
                        try {
                            ServerPart.serve(peer);
                        } catch (IOException e) {
                            // the client gave up first (waiting for ACKs takes its whole timeout when none come):
                            // the ACKs it sent before are still its answer
                        }
                        stage.outcomes();
                        ServerMoves.drain(stage, peer);
                        long acks = acks(peer);
                        String expected = "2 SETTINGS ACKs: one for each SETTINGS, none for the ACK";
                        return acks == 2 ? Verdict.pass(expected, "2 SETTINGS ACKs")
                                : Verdict.fail(expected, acks + " SETTINGS ACKs");
                    }
                });
    }

    private static long acks(ScriptedPeer peer) {
        return peer.received().stream().filter(f -> f instanceof SettingsFrame s && s.ack()).count();
    }

    static ClientCase settingsOnStreamOne() {
        return ClientCase.define("client/6.5/settings-on-a-stream").rfc("RFC 9113 §6.5")
                .quote("If an endpoint receives a SETTINGS frame whose Stream Identifier field is anything other than "
                        + "0x00, the endpoint MUST respond with a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.")
                .does("sends an empty SETTINGS on the request's stream, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.SETTINGS.code(), 0, stream, new byte[0]);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase settingsOfFiveOctets() {
        return ClientCase.define("client/6.5/settings-of-five-octets").rfc("RFC 9113 §6.5")
                .quote("A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a "
                        + "connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends a SETTINGS frame with a 5-octet payload, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.SETTINGS.code(), 0, 0, new byte[] {0, 3, 0, 0, 0});
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase settingsAckWithPayload() {
        return ClientCase.define("client/6.5/settings-ack-with-payload").rfc("RFC 9113 §6.5")
                .quote("Receipt of a SETTINGS frame with the ACK flag set and a length field value other than 0 MUST "
                        + "be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends a SETTINGS ACK carrying one setting (6 octets), then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.SETTINGS.code(), Flags.ACK, 0, new byte[] {0, 3, 0, 0, 0, 100});
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase enablePushTwo() {
        return badValue("client/6.5.2/enable-push-two", 0x2, 2, ErrorCode.PROTOCOL_ERROR,
                "Any value other than 0 or 1 MUST be treated as a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.");
    }

    static ClientCase enablePushOne() {
        return badValue("client/6.5.2/enable-push-one-from-server", 0x2, 1, ErrorCode.PROTOCOL_ERROR,
                "A client MUST treat receipt of a SETTINGS frame with SETTINGS_ENABLE_PUSH set to 1 as a connection "
                        + "error (Section 5.4.1) of type PROTOCOL_ERROR.");
    }

    static ClientCase initialWindowSizeAboveMaximum() {
        return badValue("client/6.5.2/initial-window-size-above-maximum", 0x4, 0x8000_0000L,
                ErrorCode.FLOW_CONTROL_ERROR, "Values above the maximum flow-control window size of 2^31-1 MUST be "
                        + "treated as a connection error (Section 5.4.1) of type FLOW_CONTROL_ERROR.");
    }

    static ClientCase maxFrameSizeBelowInitial() {
        return badValue("client/6.5.2/max-frame-size-below-initial", 0x5, 16_383, ErrorCode.PROTOCOL_ERROR,
                "Values outside this range MUST be treated as a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.");
    }

    static ClientCase maxFrameSizeAboveMaximum() {
        return badValue("client/6.5.2/max-frame-size-above-maximum", 0x5, 1 << 24, ErrorCode.PROTOCOL_ERROR,
                "Values outside this range MUST be treated as a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.");
    }

    /** A SETTINGS with one value out of its range, after the request and before the response. */
    private static ClientCase badValue(String id, int setting, long value, ErrorCode code, String quote) {
        return ClientCase.define(id).rfc("RFC 9113 §6.5.2").quote(quote)
                .does("sends SETTINGS with " + String.format("0x%x", setting) + " = " + value
                        + " after the request, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, code, (peer, stream) -> {
                    peer.send(SettingsFrame.of(new RawSetting(setting, value)));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase unknownSettingIgnored() {
        return ClientCase.define("client/6.5.2/unknown-setting-ignored").rfc("RFC 9113 §6.5.2")
                .quote("An endpoint that receives a SETTINGS frame with any unknown or unsupported identifier MUST "
                        + "ignore that setting.")
                .does("sends SETTINGS with the unknown identifiers 0x0a0a and 0xfafa, then a response")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(SettingsFrame.of(new RawSetting(0x0a0a, 7), new RawSetting(0xfafa, 0xffff_ffffL)));
                    ServerPart.respond(peer, stream);
                }));
    }
}
