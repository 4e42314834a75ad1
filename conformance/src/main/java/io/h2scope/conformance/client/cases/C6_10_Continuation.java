package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.Arrays;
import java.util.List;

/** RFC 9113 §6.10: CONTINUATION from the server. */
public final class C6_10_Continuation implements ClientSection {

    private static final String PRECEDED = "A CONTINUATION frame MUST be preceded by a HEADERS, PUSH_PROMISE or "
            + "CONTINUATION frame without the END_HEADERS flag set. A recipient that observes violation of this rule "
            + "MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";
    private static final String FOLLOWED = "If the END_HEADERS flag is not set, this frame MUST be followed by another "
            + "CONTINUATION frame. A receiver MUST treat the receipt of any other type of frame or a frame on a "
            + "different stream as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "client/6.10";
    }

    @Override
    public String title() {
        return "CONTINUATION";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(continuationsAccepted(), continuationWithoutHeaders(), continuationAfterEndHeaders(),
                continuationOnAnotherStream(), dataInsteadOfContinuation(), continuationOnStreamZero());
    }

    static ClientCase continuationsAccepted() {
        return ClientCase.define("client/6.10/continuations-accepted").rfc("RFC 9113 §6.10")
                .quote("Any number of CONTINUATION frames can be sent, as long as the preceding frame is on the same "
                        + "stream and is a HEADERS, PUSH_PROMISE, or CONTINUATION frame without the END_HEADERS flag "
                        + "set.")
                .does("answers with a field block split over HEADERS and two CONTINUATION frames")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    byte[] block = peer.encode(List.of(new HeaderField(":status", "200"),
                            new HeaderField("x-split", "one block in three frames")));
                    int third = block.length / 3;
                    peer.send(HeadersFrame.of(stream, Arrays.copyOfRange(block, 0, third), false, false));
                    peer.send(ContinuationFrame.of(stream, Arrays.copyOfRange(block, third, 2 * third), false));
                    peer.send(ContinuationFrame.of(stream, Arrays.copyOfRange(block, 2 * third, block.length), true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase continuationWithoutHeaders() {
        return ClientCase.define("client/6.10/continuation-without-headers").rfc("RFC 9113 §6.10").quote(PRECEDED)
                .does("sends a CONTINUATION (:status 200) on the request's stream with no HEADERS before it, then a "
                        + "response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(ContinuationFrame.of(stream, C5_5_Extending.STATUS_200, true));
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase continuationAfterEndHeaders() {
        return ClientCase.define("client/6.10/continuation-after-end-headers").rfc("RFC 9113 §6.10").quote(PRECEDED)
                .does("answers with HEADERS with END_HEADERS, then an empty CONTINUATION, then DATA")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, true));
                    peer.send(ContinuationFrame.of(stream, new byte[0], true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase continuationOnAnotherStream() {
        return ClientCase.define("client/6.10/continuation-on-another-stream").rfc("RFC 9113 §6.2")
                .quote("A HEADERS frame without the END_HEADERS flag set MUST be followed by a CONTINUATION frame for "
                        + "the same stream. A receiver MUST treat the receipt of any other type of frame or a frame on "
                        + "a different stream as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends HEADERS without END_HEADERS, a CONTINUATION on the stream 2 above, then the right one")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, false));
                    peer.send(ContinuationFrame.of(stream + 2, new byte[0], true));
                    peer.send(ContinuationFrame.of(stream, new byte[0], true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase dataInsteadOfContinuation() {
        return ClientCase.define("client/6.10/data-after-unfinished-continuation").rfc("RFC 9113 §6.10")
                .quote(FOLLOWED)
                .does("sends HEADERS and a CONTINUATION, neither with END_HEADERS, then DATA with END_STREAM")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, false));
                    peer.send(ContinuationFrame.of(stream, new byte[0], false));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase continuationOnStreamZero() {
        return ClientCase.define("client/6.10/continuation-on-stream-zero").rfc("RFC 9113 §6.10")
                .quote("If a CONTINUATION frame is received with a Stream Identifier field of 0x00, the recipient MUST "
                        + "respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("sends HEADERS without END_HEADERS, a CONTINUATION on stream 0, then the right one and DATA")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, C5_5_Extending.STATUS_200, false, false));
                    peer.sendRaw(io.h2scope.engine.frame.FrameType.CONTINUATION.code(), 0x4, 0, new byte[0]);
                    peer.send(ContinuationFrame.of(stream, new byte[0], true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }
}
