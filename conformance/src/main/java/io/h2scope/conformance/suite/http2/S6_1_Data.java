package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** RFC 7540 §6.1 (RFC 9113 §6.1): DATA. */
public final class S6_1_Data implements Section {

    @Override
    public String id() {
        return "http2/6.1";
    }

    @Override
    public String title() {
        return "DATA";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/6.1/stream-id-zero").h2spec("http2/6.1/1").rfc("6.1", "6.1")
                        .sends("a DATA frame on stream 0")
                        .quote("If a DATA frame is received whose Stream Identifier field is 0x00, the recipient MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.data(p, 0, "test", true);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/6.1/not-open-stream").h2spec("http2/6.1/2").rfc("6.1", "6.1")
                        .sends("INITIAL_WINDOW_SIZE = 0, a POST head with END_STREAM, then DATA on that stream")
                        .quote("If a DATA frame is received whose stream is not in the \"open\" or \"half-closed (local)\" state, the recipient MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.")
                        .accepts("RST_STREAM (or GOAWAY) with STREAM_CLOSED").errorCase()
                        .run(p -> {
                            p.handshake();
                            Optional<Verdict> held = holdResponses(p);
                            if (held.isPresent()) {
                                return held.get();
                            }
                            p.send(HeadersFrame.of(1, Script.postBlock(p), true, true));
                            Script.data(p, 1, "test", true);
                            return Expect.streamError(p, 1, STREAM_CLOSED);
                        }),
                CaseDef.define("http2/6.1/pad-length-too-large").h2spec("http2/6.1/3").rfc("6.1", "6.1")
                        .sends("INITIAL_WINDOW_SIZE = 0, a POST with content-length 4, then a padded DATA of length 5 whose Pad Length is 6")
                        .quote("If the length of the padding is the length of the frame payload or greater, the recipient MUST treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.")
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Optional<Verdict> held = holdResponses(p);
                            if (held.isPresent()) {
                                return held.get();
                            }
                            List<HeaderField> fields = new ArrayList<>(p.requestHeaders("POST", p.target().path()));
                            fields.add(new HeaderField("content-length", "4"));
                            p.send(HeadersFrame.of(1, p.encodeHeaders(fields), false, true));
                            // length: 5, type: DATA, flags: END_STREAM|PADDED, stream: 1; Pad Length 6, then "Test"
                            p.writeRawFrame(FrameType.DATA.code(), Flags.END_STREAM | Flags.PADDED, 1,
                                    new byte[] {6, 'T', 'e', 's', 't'});
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }));
    }

    /**
     * A zero stream window, acknowledged before the request: a server that answers a request early (before
     * its body arrives) cannot end, and then reset, the stream before our frame reaches it, which would
     * leave it a closed stream where the rule under test no longer applies the same way.
     */
    private static Optional<Verdict> holdResponses(Peer p) {
        Script.initialWindow(p, 0);
        return Script.awaitSettingsAck(p);
    }
}
