package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.COMPRESSION_ERROR;
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

/** RFC 7540 §4.3 (RFC 9113 §4.3): field blocks are decoded whole and sent contiguously. */
public final class S4_3_HeaderCompression implements Section {

    static final String CONTIGUOUS = "Each field block is processed as a discrete unit. Field blocks MUST be transmitted as a contiguous sequence of frames, with no interleaved frames of any other type or from any other stream.";

    @Override
    public String id() {
        return "http2/4.3";
    }

    @Override
    public String title() {
        return "Header Compression and Decompression";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/4.3/invalid-field-block").h2spec("http2/4.3/1").rfc("4.3", "4.3")
                        .sends("HEADERS whose block is 0x40 alone: a literal with incremental indexing cut before its name length")
                        .quote("A decoding error in a field block MUST be treated as a connection error (Section 5.4.1) of type COMPRESSION_ERROR.")
                        .accepts("GOAWAY with COMPRESSION_ERROR")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            // length: 1, type: HEADERS, flags: END_STREAM|END_HEADERS, stream: 1; block 0x40
                            p.writeRawFrame(FrameType.HEADERS.code(), Flags.END_STREAM | Flags.END_HEADERS, 1, new byte[] {0x40});
                            return Expect.connectionError(p, COMPRESSION_ERROR);
                        }),
                CaseDef.define("http2/4.3/priority-inside-field-block").h2spec("http2/4.3/2").rfc("4.3", "4.3")
                        .sends("HEADERS without END_HEADERS, a PRIORITY frame, then the CONTINUATION")
                        .quote(CONTIGUOUS)
                        .accepts("GOAWAY with PROTOCOL_ERROR")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            p.send(PriorityFrame.of(1, new Priority(0, false, 256)));
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/4.3/headers-other-stream-inside-field-block").h2spec("http2/4.3/3").rfc("4.3", "4.3")
                        .sends("HEADERS on stream 1 without END_HEADERS, a HEADERS on stream 3, then the CONTINUATION")
                        .quote(CONTIGUOUS)
                        .accepts("GOAWAY with PROTOCOL_ERROR")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            p.send(HeadersFrame.of(3, Script.getBlock(p), true, true));
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }));
    }
}
