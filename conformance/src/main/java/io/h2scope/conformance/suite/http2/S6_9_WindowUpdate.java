package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;

/** RFC 7540 §6.9 (RFC 9113 §6.9): WINDOW_UPDATE. */
public final class S6_9_WindowUpdate implements Section {

    private static final String ZERO = "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment of 0 as a stream error (Section 5.4.2) of type PROTOCOL_ERROR; errors on the connection flow-control window MUST be treated as a connection error (Section 5.4.1).";

    @Override
    public String id() {
        return "http2/6.9";
    }

    @Override
    public String title() {
        return "WINDOW_UPDATE";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.9/zero-increment-connection").h2spec("http2/6.9/1").rfc("6.9", "6.9")
                        .sends("a WINDOW_UPDATE with increment 0 on stream 0")
                        .quote(ZERO).accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(WindowUpdateFrame.of(0, 0));
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.9/zero-increment-stream").h2spec("http2/6.9/2").rfc("6.9", "6.9")
                        .sends("a GET head without END_STREAM, then a WINDOW_UPDATE with increment 0 on its stream")
                        .quote(ZERO).accepts("RST_STREAM (or GOAWAY) with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), false, true));
                            p.send(WindowUpdateFrame.of(1, 0));
                            return Expect.streamError(p, 1, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.9/length-not-4").h2spec("http2/6.9/3").rfc("6.9", "6.9")
                        .sends("a WINDOW_UPDATE of length 3 on stream 0")
                        .quote("A WINDOW_UPDATE frame with a length other than 4 octets MUST be treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR.")
                        .accepts("GOAWAY with FRAME_SIZE_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 3, type: WINDOW_UPDATE, flags: 0, stream: 0
                            p.writeRawFrame(FrameType.WINDOW_UPDATE.code(), 0, 0, new byte[] {0, 0, 1});
                            return Expect.connectionError(p, FRAME_SIZE_ERROR);
                        }));
    }
}
