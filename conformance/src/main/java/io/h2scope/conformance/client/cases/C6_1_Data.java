package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.ByteArrayOutputStream;
import java.util.List;

/** RFC 9113 §6.1: DATA from the server. */
public final class C6_1_Data implements ClientSection {

    /** The body of {@link #dataInOneOctetFrames}, one octet per frame. */
    static final int SMALL_FRAMES = 200;

    @Override
    public String id() {
        return "client/6.1";
    }

    @Override
    public String title() {
        return "DATA";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(dataOnStreamZero(), paddingAsLongAsPayload(), largePaddingAccepted(), dataInOneOctetFrames(),
                emptyDataWithEndStream(), dataAfterEndStream());
    }

    static ClientCase dataOnStreamZero() {
        return ClientCase.define("client/6.1/data-on-stream-zero").rfc("RFC 9113 §6.1")
                .quote("If a DATA frame is received whose Stream Identifier field is 0x00, the recipient MUST respond "
                        + "with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("answers with HEADERS, a DATA frame on stream 0, then the DATA with END_STREAM")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.headers(stream, ServerMoves.OK, false);
                    peer.sendRaw(FrameType.DATA.code(), 0, 0, ServerPart.BODY);
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase paddingAsLongAsPayload() {
        return ClientCase.define("client/6.1/padding-as-long-as-payload").rfc("RFC 9113 §6.1")
                .quote("If the length of the padding is the length of the frame payload or greater, the recipient MUST "
                        + "treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                .does("answers with a padded DATA frame of 5 octets whose Pad Length is 5, then the DATA with END_STREAM")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.headers(stream, ServerMoves.OK, false);
                    peer.sendRaw(FrameType.DATA.code(), Flags.PADDED, stream, new byte[] {5, 'a', 'b', 'c', 'd'});
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase largePaddingAccepted() {
        return ClientCase.define("client/6.1/large-padding-accepted").rfc("RFC 9113 §6.1")
                .quote("PADDED (0x08): When set, the PADDED flag indicates that the Pad Length field and any padding "
                        + "that it describes are present.")
                .does("answers with a DATA frame of 5 octets and 255 octets of padding")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.headers(stream, ServerMoves.OK, false);
                    peer.send(DataFrame.padded(stream, ServerPart.BODY, true, 255));
                }));
    }

    static ClientCase dataInOneOctetFrames() {
        return ClientCase.define("client/6.1/data-in-one-octet-frames").rfc("RFC 9113 §4.2")
                .quote("Endpoints are not obligated to use all available space in a frame.")
                .does("answers with a content-length: 200 body in 200 DATA frames of one octet, sent in one write")
                .run(ServerMoves.accepts(SMALL_FRAMES, (peer, stream) -> {
                    peer.headers(stream, List.of(new HeaderField(":status", "200"),
                            new HeaderField("content-length", Integer.toString(SMALL_FRAMES))), false);
                    ByteArrayOutputStream frames = new ByteArrayOutputStream();
                    for (int i = 0; i < SMALL_FRAMES; i++) {
                        frames.writeBytes(FrameWriter.encode(DataFrame.of(stream, new byte[] {'x'},
                                i == SMALL_FRAMES - 1)));
                    }
                    peer.send(frames.toByteArray());
                }));
    }

    static ClientCase emptyDataWithEndStream() {
        return ClientCase.define("client/6.1/empty-data-with-end-stream").rfc("RFC 9113 §6.9.1")
                .quote("Frames with zero length with the END_STREAM flag set (that is, an empty DATA frame) MAY be sent "
                        + "if there is no available space in either flow-control window.")
                .does("answers with the body in DATA without END_STREAM, then an empty DATA frame with END_STREAM")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.headers(stream, ServerMoves.OK, false);
                    peer.send(DataFrame.of(stream, ServerPart.BODY, false));
                    peer.send(DataFrame.of(stream, new byte[0], true));
                }));
    }

    static ClientCase dataAfterEndStream() {
        return ClientCase.define("client/6.1/data-after-end-stream").rfc("RFC 9113 §6.1")
                .quote("If a DATA frame is received whose stream is not in the \"open\" or \"half-closed (local)\" "
                        + "state, the recipient MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.")
                .does("answers with HEADERS and DATA with END_STREAM, then 5 more octets of DATA on the stream, in one "
                        + "write")
                .run(ServerMoves.onRequest((stage, peer, stream) -> {
                    ByteArrayOutputStream frames = new ByteArrayOutputStream();
                    frames.writeBytes(FrameWriter.encode(io.h2scope.engine.frame.HeadersFrame.of(stream,
                            peer.encode(ServerMoves.OK), false, true)));
                    frames.writeBytes(FrameWriter.encode(DataFrame.of(stream, ServerPart.BODY, true)));
                    frames.writeBytes(FrameWriter.encode(DataFrame.of(stream, ServerPart.BODY, false)));
                    peer.send(frames.toByteArray());
                    return ServerMoves.afterEndStream(stage, peer, stream, ErrorCode.STREAM_CLOSED);
                }));
    }
}
