package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §4.1: the frame header as the client must read and write it. */
public final class C4_1_FrameFormat implements ClientSection {

    /** Flags no frame type defines: 0x02, 0x10, 0x40 and 0x80 are unused on both DATA and HEADERS. */
    private static final int UNUSED = 0x02 | 0x10 | 0x40 | 0x80;

    @Override
    public String id() {
        return "client/4.1";
    }

    @Override
    public String title() {
        return "Frame Format";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(unknownFrameTypeIgnored(), unusedFlagsIgnored(), reservedBitIgnored(), noUnusedFlagsSent());
    }

    static ClientCase unknownFrameTypeIgnored() {
        return ClientCase.define("client/4.1/unknown-frame-type-ignored").rfc("RFC 9113 §4.1")
                .quote("Implementations MUST ignore and discard frames of unknown types.")
                .does("sends frames of types 0xfa (stream 0) and 0xfb (the request's stream) before an ordinary response")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.sendRaw(0xfa, 0, 0, ServerMoves.octets(8));
                    peer.sendRaw(0xfb, 0xff, stream, ServerMoves.octets(16));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase unusedFlagsIgnored() {
        return ClientCase.define("client/4.1/unused-flags-ignored").rfc("RFC 9113 §4.1")
                .quote("Unused flags MUST be ignored on receipt and MUST be left unset (0x00) when sending.")
                .does("answers with HEADERS and DATA that carry the unused flags 0x02, 0x10, 0x40 and 0x80")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.sendRaw(FrameType.HEADERS.code(), Flags.END_HEADERS | UNUSED, stream,
                            peer.encode(ServerMoves.OK));
                    peer.sendRaw(FrameType.DATA.code(), Flags.END_STREAM | UNUSED, stream, ServerPart.BODY);
                }));
    }

    static ClientCase reservedBitIgnored() {
        return ClientCase.define("client/4.1/reserved-bit-ignored").rfc("RFC 9113 §4.1")
                .quote("The semantics of this bit are undefined, and the bit MUST remain unset (0x00) when sending and "
                        + "MUST be ignored when receiving.")
                .does("answers with HEADERS and DATA whose stream identifier has the reserved bit set")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(ServerMoves.withReservedBit(FrameType.HEADERS.code(), Flags.END_HEADERS, stream,
                            peer.encode(ServerMoves.OK)));
                    peer.send(ServerMoves.withReservedBit(FrameType.DATA.code(), Flags.END_STREAM, stream,
                            ServerPart.BODY));
                }));
    }

    static ClientCase noUnusedFlagsSent() {
        return ClientCase.define("client/4.1/no-unused-flags-sent").rfc("RFC 9113 §4.1")
                .quote("Unused flags MUST be ignored on receipt and MUST be left unset (0x00) when sending.")
                .does("serves one request and reads the flags of every frame the client sent")
                .run(stage -> {
                    stage.start("/");
                    try (ScriptedPeer peer = stage.accept()) {
                        ServerPart.settings(peer);
                        ServerPart.serve(peer);
                        stage.outcomes();
                        ServerMoves.drain(stage, peer);
                        String expected = "no frame with a flag its type does not define";
                        for (Frame f : peer.received()) {
                            if (!(f instanceof UnknownFrame) && (f.flags() & ~Flags.definedMask(f.typeCode())) != 0) {
                                return Verdict.fail(expected, f + " has flags " + String.format("0x%02x", f.flags()));
                            }
                        }
                        return Verdict.pass(expected, peer.received().size() + " frames, none with an unused flag");
                    }
                });
    }
}
