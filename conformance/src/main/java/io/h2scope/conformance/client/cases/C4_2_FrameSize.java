package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.conformance.client.drive.ClientAbility;
import io.h2scope.conformance.client.drive.ClientRequest;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.util.List;

/** RFC 9113 §4.2 (and the fixed lengths of §6.4): frame sizes, as the client must check and respect them. */
public final class C4_2_FrameSize implements ClientSection {

    /** Beyond this a frame above the client's SETTINGS_MAX_FRAME_SIZE is not worth sending (16 MiB). */
    static final int LARGEST_SENT = 1 << 24;

    private static final String FRAME_SIZE = "An endpoint MUST send an error code of FRAME_SIZE_ERROR if a frame "
            + "exceeds the size defined in SETTINGS_MAX_FRAME_SIZE, exceeds any limit defined for the frame type, or "
            + "is too small to contain mandatory frame data.";

    /** The upload of {@link #uploadSplitAtMaxFrameSize}: several frames' worth at the default size. */
    static final int UPLOAD = 60_000;

    @Override
    public String id() {
        return "client/4.2";
    }

    @Override
    public String title() {
        return "Frame Size";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(dataAboveMaxFrameSize(), headersAboveMaxFrameSize(), rstStreamOfThreeOctets(),
                uploadSplitAtMaxFrameSize());
    }

    static ClientCase dataAboveMaxFrameSize() {
        return ClientCase.define("client/4.2/data-above-max-frame-size").rfc("RFC 9113 §4.2").quote(FRAME_SIZE)
                .does("answers with a DATA frame one octet longer than the client's SETTINGS_MAX_FRAME_SIZE")
                .run(ServerMoves.onRequest((stage, peer, stream) -> {
                    ClientWindows windows = new ClientWindows(peer);
                    int size = windows.maxFrame() + 1;
                    if (size > LARGEST_SENT || size > Math.min(windows.space(stream), windows.space(0))) {
                        return Verdict.skip("the client's SETTINGS_MAX_FRAME_SIZE (" + (size - 1) + ") is not "
                                + "below its flow-control windows: a larger frame would overrun them first");
                    }
                    try {
                        peer.headers(stream, ServerMoves.OK, false);
                        peer.send(DataFrame.of(stream, ServerMoves.octets(size), true));
                    } catch (java.io.IOException e) {
                        // closed while the frame was written: judged below
                    }
                    return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.STREAM,
                            ErrorCode.FRAME_SIZE_ERROR);
                }));
    }

    static ClientCase headersAboveMaxFrameSize() {
        return ClientCase.define("client/4.2/headers-above-max-frame-size").rfc("RFC 9113 §4.2")
                .quote("A frame size error in a frame that could alter the state of the entire connection MUST be "
                        + "treated as a connection error (Section 5.4.1); this includes any frame carrying a field "
                        + "block (Section 4.3) (that is, HEADERS, PUSH_PROMISE, and CONTINUATION), a SETTINGS frame, "
                        + "and any frame with a stream identifier of 0.")
                .does("answers with a HEADERS frame longer than the client's SETTINGS_MAX_FRAME_SIZE (a long field)")
                .run(ServerMoves.onRequest((stage, peer, stream) -> {
                    int max = new ClientWindows(peer).maxFrame();
                    if (max >= LARGEST_SENT / 2) {
                        return Verdict.skip("the client's SETTINGS_MAX_FRAME_SIZE is " + max
                                + ": a field block above it is not worth sending");
                    }
                    try {
                        // twice the limit in 'x' (7 bits in Huffman code): the block is larger than the limit
                        byte[] block = peer.encode(List.of(new HeaderField(":status", "200"),
                                new HeaderField("x-long", new String(ServerMoves.octets(2 * max),
                                        java.nio.charset.StandardCharsets.US_ASCII))));
                        peer.sendRaw(FrameType.HEADERS.code(), 0x4, stream, block);
                        peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                    } catch (java.io.IOException e) {
                        // closed while the frame was written: judged below
                    }
                    return ClientJudge.enforces(stage, peer, stream, ClientJudge.Scope.CONNECTION,
                            ErrorCode.FRAME_SIZE_ERROR);
                }));
    }

    static ClientCase rstStreamOfThreeOctets() {
        return ClientCase.define("client/4.2/rst-stream-of-three-octets").rfc("RFC 9113 §6.4")
                .quote("A RST_STREAM frame with a length other than 4 octets MUST be treated as a connection error "
                        + "(Section 5.4.1) of type FRAME_SIZE_ERROR.")
                .does("sends RST_STREAM with a 3-octet payload on the request's stream, then a response")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, (peer, stream) -> {
                    peer.sendRaw(FrameType.RST_STREAM.code(), 0, stream, new byte[3]);
                    ServerPart.respond(peer, stream);
                }));
    }

    static ClientCase uploadSplitAtMaxFrameSize() {
        return ClientCase.define("client/4.2/upload-split-at-max-frame-size").rfc("RFC 9113 §4.1")
                .quote("Values greater than 2^14 (16,384) MUST NOT be sent unless the receiver has set a larger value "
                        + "for SETTINGS_MAX_FRAME_SIZE.")
                .does("leaves SETTINGS_MAX_FRAME_SIZE at 16384, opens 1 MiB windows and reads a 60,000-octet upload")
                .needs(ClientAbility.BODY)
                .run(stage -> {
                    stage.start(List.of(ClientRequest.post(stage.url("/upload"), BodyFiles.of(UPLOAD))));
                    try (ScriptedPeer peer = stage.accept()) {
                        UploadReceiver upload = new UploadReceiver(peer);
                        upload.settings(1 << 20);
                        upload.acknowledge();
                        upload.grant(0, 1 << 20);
                        return Uploads.finish(stage, peer, upload, UPLOAD, u -> u.grant(1 << 20, 1 << 20));
                    }
                });
    }
}
