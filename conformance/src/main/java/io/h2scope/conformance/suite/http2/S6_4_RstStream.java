package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.RstStreamFrame;
import java.util.List;

/** RFC 7540 §6.4 (RFC 9113 §6.4): RST_STREAM. */
public final class S6_4_RstStream implements Section {

    @Override
    public String id() {
        return "http2/6.4";
    }

    @Override
    public String title() {
        return "RST_STREAM";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.4/stream-id-zero").h2spec("http2/6.4/1").rfc("6.4", "6.4")
                        .sends("a RST_STREAM frame on stream 0")
                        .quote("If a RST_STREAM frame is received with a stream identifier of 0x00, the recipient MUST treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(RstStreamFrame.of(0, ErrorCode.CANCEL));
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.4/idle-stream").h2spec("http2/6.4/2").rfc("6.4", "6.4")
                        .sends("a RST_STREAM frame on idle stream 1")
                        .quote("If a RST_STREAM frame identifying an idle stream is received, the recipient MUST treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(RstStreamFrame.of(1, ErrorCode.CANCEL));
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.4/length-not-4").h2spec("http2/6.4/3").rfc("6.4", "6.4")
                        .sends("a GET, then a RST_STREAM of length 3 on its stream")
                        .quote("A RST_STREAM frame with a length other than 4 octets MUST be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            // length: 3, type: RST_STREAM, flags: 0, stream: 1
                            p.writeRawFrame(FrameType.RST_STREAM.code(), 0, 1, new byte[3]);
                            return Expect.connectionError(p, FRAME_SIZE_ERROR);
                        }));
    }
}
