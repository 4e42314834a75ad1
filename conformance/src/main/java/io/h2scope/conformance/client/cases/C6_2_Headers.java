package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import java.util.List;

/** RFC 9113 §6.2: HEADERS from the server. */
public final class C6_2_Headers implements ClientSection {

    private static final String FOLLOWED = "A HEADERS frame without the END_HEADERS flag set MUST be followed by a "
            + "CONTINUATION frame for the same stream. A receiver MUST treat the receipt of any other type of frame or "
            + "a frame on a different stream as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "client/6.2";
    }

    @Override
    public String title() {
        return "HEADERS";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(headersOnStreamZero(), paddingAsLongAsPayload(), pingInsideFieldBlock(),
                dataInsteadOfContinuation(), priorityFieldsAccepted(), paddedHeadersAccepted());
    }

    static ClientCase headersOnStreamZero() {
        return ClientCase.define("client/6.2/headers-on-stream-zero").rfc("RFC 9113 §6.2")
                .quote("If a HEADERS frame is received whose Stream Identifier field is 0x00, the recipient MUST "
                        + "respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends a HEADERS frame (:status 200) on stream 0, then an ordinary response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.HEADERS.code(), Flags.END_HEADERS | Flags.END_STREAM, 0,
                            C5_5_Extending.STATUS_200);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase paddingAsLongAsPayload() {
        return ClientCase.define("client/6.2/padding-as-long-as-payload").rfc("RFC 9113 §6.2")
                .quote("If the length of the padding is the length of the frame payload or greater, the recipient MUST "
                        + "treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("answers with a padded HEADERS frame of 3 octets whose Pad Length is 3, then DATA")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.HEADERS.code(), Flags.END_HEADERS | Flags.PADDED, stream,
                            new byte[] {3, (byte) 0x88, 0});
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase pingInsideFieldBlock() {
        return ClientCase.define("client/6.2/ping-inside-field-block").rfc("RFC 9113 §6.2").quote(FOLLOWED)
                .does("sends HEADERS without END_HEADERS, a PING, then the CONTINUATION and DATA")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, false));
                    peer.send(PingFrame.of(62));
                    peer.send(ContinuationFrame.of(stream, new byte[0], true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase dataInsteadOfContinuation() {
        return ClientCase.define("client/6.2/data-instead-of-continuation").rfc("RFC 9113 §6.2").quote(FOLLOWED)
                .does("sends HEADERS without END_HEADERS, then DATA with END_STREAM and no CONTINUATION")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, false));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase priorityFieldsAccepted() {
        return ClientCase.define("client/6.2/priority-fields-accepted").rfc("RFC 9113 §6.2")
                .quote("PRIORITY (0x20): When set, the PRIORITY flag indicates that the Exclusive, Stream Dependency, "
                        + "and Weight fields are present.")
                .does("answers with HEADERS carrying the PRIORITY flag and its fields (weight 201)")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(HeadersFrame.withPriority(stream, peer.encode(ServerMoves.OK), false, true,
                            new Priority(0, false, 201)));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase paddedHeadersAccepted() {
        return ClientCase.define("client/6.2/padded-headers-accepted").rfc("RFC 9113 §6.2")
                .quote("PADDED (0x08): When set, the PADDED flag indicates that the Pad Length field and any padding "
                        + "that it describes are present.")
                .does("answers with a HEADERS frame carrying 200 octets of padding")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.send(HeadersFrame.padded(stream, peer.encode(ServerMoves.OK), false, true, 200, null));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }
}
