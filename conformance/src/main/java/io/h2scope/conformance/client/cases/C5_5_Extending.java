package io.h2scope.conformance.client.cases;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientJudge;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ServerPart;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import java.util.List;

/** RFC 9113 §5.5: extension frames, which the client discards except inside a field block. */
public final class C5_5_Extending implements ClientSection {

    /** ":status: 200" from the static table: a field block that leaves the HPACK state as it is. */
    static final byte[] STATUS_200 = {(byte) 0x88};

    @Override
    public String id() {
        return "client/5.5";
    }

    @Override
    public String title() {
        return "Extending HTTP/2";
    }

    @Override
    public List<ClientCase> cases() {
        return List.of(unknownFrameBetweenHeadersAndData(), unknownFrameInsideFieldBlock());
    }

    static ClientCase unknownFrameBetweenHeadersAndData() {
        return ClientCase.define("client/5.5/unknown-frame-between-headers-and-data").rfc("RFC 9113 §5.5")
                .quote("Implementations MUST discard frames that have unknown or unsupported types.")
                .does("sends a frame of type 0xfc on the stream between the response's HEADERS and its DATA")
                .run(ServerMoves.accepts(ServerPart.BODY.length, (peer, stream) -> {
                    peer.headers(stream, ServerMoves.OK, false);
                    peer.sendRaw(0xfc, 0, stream, ServerMoves.octets(4));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }

    static ClientCase unknownFrameInsideFieldBlock() {
        return ClientCase.define("client/5.5/unknown-frame-inside-field-block").rfc("RFC 9113 §5.5")
                .quote("However, extension frames that appear in the middle of a field block (Section 4.3) are not "
                        + "permitted; these MUST be treated as a connection error (Section 5.4.1) of type "
                        + "PROTOCOL_ERROR.")
                .does("sends HEADERS without END_HEADERS, a frame of type 0xfc, then the CONTINUATION and DATA")
                .run(ServerMoves.breaks(ClientJudge.Scope.CONNECTION, ErrorCode.PROTOCOL_ERROR, (peer, stream) -> {
                    peer.send(HeadersFrame.of(stream, STATUS_200, false, false));
                    peer.sendRaw(0xfc, 0, stream, ServerMoves.octets(4));
                    peer.send(ContinuationFrame.of(stream, new byte[0], true));
                    peer.send(DataFrame.of(stream, ServerPart.BODY, true));
                }));
    }
}
