package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.AcceptedCode;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import java.util.List;

/** RFC 7540 §6.10 (RFC 9113 §6.10): CONTINUATION. */
public final class S6_10_Continuation implements Section {

    private static final String PRECEDED = "A CONTINUATION frame MUST be preceded by a HEADERS, PUSH_PROMISE or CONTINUATION frame without the END_HEADERS flag set. A recipient that observes violation of this rule MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    /** RFC 9113 §5.1: the stream our HEADERS ended (END_STREAM) is half-closed (remote) when the CONTINUATION comes. */
    static final AcceptedCode[] ON_HALF_CLOSED = {
        AcceptedCode.of(STREAM_CLOSED, "§5.1: a frame on a half-closed (remote) stream"),
        AcceptedCode.of(PROTOCOL_ERROR, "§6.10: a CONTINUATION not preceded by a block without END_HEADERS")};

    @Override
    public String id() {
        return "http2/6.10";
    }

    @Override
    public String title() {
        return "CONTINUATION";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.10/multiple-continuations").h2spec("http2/6.10/1").rfc("6.10", "6.10")
                        .sends("HEADERS without END_HEADERS, then two CONTINUATION frames")
                        .quote("Any number of CONTINUATION frames can be sent, as long as the preceding frame is on the same stream and is a HEADERS, PUSH_PROMISE, or CONTINUATION frame without the END_HEADERS flag set.")
                        .accepts("a response on the stream")
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            Script.continuation(p, 1, Script.dummyBlock(p), false);
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("http2/6.10/continuation-then-other-frame").h2spec("http2/6.10/2").rfc("6.10", "6.10")
                        .sends("HEADERS and CONTINUATION without END_HEADERS, then DATA")
                        .quote("If the END_HEADERS flag is not set, this frame MUST be followed by another CONTINUATION frame. A receiver MUST treat the receipt of any other type of frame or a frame on a different stream as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.postBlock(p), false, false));
                            Script.continuation(p, 1, Script.dummyBlock(p), false);
                            Script.data(p, 1, "test", true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.10/stream-id-zero").h2spec("http2/6.10/3").rfc("6.10", "6.10")
                        .sends("HEADERS without END_HEADERS, then CONTINUATION on stream 0")
                        .quote("If a CONTINUATION frame is received with a Stream Identifier field of 0x00, the recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            Script.continuation(p, 0, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.10/after-headers-with-end-headers").h2spec("http2/6.10/4").rfc("6.10", "6.10")
                        .sends("a complete HEADERS (END_HEADERS), then CONTINUATION on the same stream")
                        .quote(PRECEDED).accepts("GOAWAY with PROTOCOL_ERROR (§6.10), or RST_STREAM or GOAWAY with STREAM_CLOSED: "
                                + "the HEADERS had END_STREAM, so §5.1 applies as well").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.streamError(p, 1, ON_HALF_CLOSED);
                        }),
                CaseDef.define("http2/6.10/after-continuation-with-end-headers").h2spec("http2/6.10/5").rfc("6.10", "6.10")
                        .sends("HEADERS, CONTINUATION with END_HEADERS, then another CONTINUATION")
                        .quote(PRECEDED).accepts("GOAWAY with PROTOCOL_ERROR (§6.10), or RST_STREAM or GOAWAY with STREAM_CLOSED: "
                                + "the HEADERS had END_STREAM, so §5.1 applies as well").errorCase()
                        .run(p -> {
                            p.handshake();
                            p.send(HeadersFrame.of(1, Script.getBlock(p), true, false));
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.streamError(p, 1, ON_HALF_CLOSED);
                        }),
                CaseDef.define("http2/6.10/after-data").h2spec("http2/6.10/6").rfc("6.10", "6.10")
                        .sends("a complete POST head, DATA without END_STREAM, then CONTINUATION on the stream")
                        .quote(PRECEDED).accepts("GOAWAY with PROTOCOL_ERROR (§6.10), or GOAWAY with STREAM_CLOSED when the target "
                                + "had already closed the stream with an early answer (§5.1)").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Script.continuation(p, 1, Script.dummyBlock(p), true);
                            return Expect.connectionError(p, AcceptedCode.of(PROTOCOL_ERROR, "§6.10: a CONTINUATION after DATA"),
                                    AcceptedCode.of(STREAM_CLOSED, "§5.1: a frame on a stream the target had closed"));
                        }));
    }
}
