package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import java.util.List;

/** RFC 7540 §6.2 (RFC 9113 §6.2): HEADERS. */
public final class S6_2_Headers implements Section {

    private static final String END_HEADERS = "A HEADERS frame without the END_HEADERS flag set MUST be followed by a CONTINUATION frame for the same stream. A receiver MUST treat the receipt of any other type of frame or a frame on a different stream as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "http2/6.2";
    }

    @Override
    public String title() {
        return "HEADERS";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.2/priority-before-continuation").h2spec("http2/6.2/1").rfc("6.2", "6.2")
                        .sends("HEADERS without END_HEADERS, then PRIORITY on the same stream")
                        .quote(END_HEADERS).accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), false, false));
                            p.send(PriorityFrame.of(1, new Priority(0, false, 256)));
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.2/headers-other-stream-before-continuation").h2spec("http2/6.2/2").rfc("6.2", "6.2")
                        .sends("HEADERS on stream 1 without END_HEADERS, then HEADERS on stream 3")
                        .quote(END_HEADERS).accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), false, false));
                            Script.get(p, 3);
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.2/stream-id-zero").h2spec("http2/6.2/3").rfc("6.2", "6.2")
                        .sends("a HEADERS frame on stream 0")
                        .quote("If a HEADERS frame is received whose Stream Identifier field is 0x00, the recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 0);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.2/pad-length-too-large").h2spec("http2/6.2/4").rfc("6.2", "6.2")
                        .sends("a padded HEADERS whose Pad Length exceeds what remains after it")
                        .quote("Padding that exceeds the size remaining for the field block fragment MUST be treated as a PROTOCOL_ERROR.")
                        .accepts("RST_STREAM or GOAWAY with PROTOCOL_ERROR (RFC 9113 §6.2 names no scope; h2spec accepts a stream error)")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            byte[] block = Script.getBlock(p);
                            byte[] payload = new byte[block.length + 1];
                            payload[0] = (byte) (block.length + 2); // Pad Length beyond the payload
                            System.arraycopy(block, 0, payload, 1, block.length);
                            p.writeRawFrame(FrameType.HEADERS.code(), Flags.END_STREAM | Flags.END_HEADERS | Flags.PADDED, 1, payload);
                            return Expect.streamError(p, 1, PROTOCOL_ERROR);
                        }));
    }
}
