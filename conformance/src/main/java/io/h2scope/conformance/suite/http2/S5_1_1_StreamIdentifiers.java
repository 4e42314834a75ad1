package io.h2scope.conformance.suite.http2;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.AcceptedCode;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 7540 §5.1.1 (RFC 9113 §5.1.1): stream identifiers. */
public final class S5_1_1_StreamIdentifiers implements Section {

    private static final String UNEXPECTED = "An endpoint that receives an unexpected stream identifier MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";

    @Override
    public String id() {
        return "http2/5.1.1";
    }

    @Override
    public String title() {
        return "Stream Identifiers";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/5.1.1/even-stream-id").h2spec("http2/5.1.1/1").rfc("5.1.1", "5.1.1")
                        .sends("a GET on stream 2 (even: server-initiated)")
                        .quote("Streams initiated by a client MUST use odd-numbered stream identifiers ... " + UNEXPECTED)
                        .accepts("GOAWAY with PROTOCOL_ERROR").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 2);
                            return Expect.connectionError(p, PROTOCOL_ERROR);
                        }),
                CaseDef.define("http2/5.1.1/decreasing-stream-id").h2spec("http2/5.1.1/2").rfc("5.1.1", "5.1.1")
                        .sends("a GET on stream 5, then one on stream 3")
                        .quote("The identifier of a newly established stream MUST be numerically greater than all streams that the initiating endpoint has opened or reserved. ... " + UNEXPECTED)
                        .accepts("GOAWAY with PROTOCOL_ERROR (§5.1.1), or with STREAM_CLOSED: stream 3 was implicitly closed "
                                + "when stream 5 opened (§5.1.1), and §5.1 lets a frame on a closed stream be a connection error of that type")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 5);
                            Script.get(p, 3);
                            return Expect.connectionError(p, AcceptedCode.of(PROTOCOL_ERROR, "§5.1.1: a stream id lower than one opened"),
                                    AcceptedCode.of(STREAM_CLOSED, "§5.1: a frame on a closed stream (3, implicitly closed by 5)"));
                        }),
                // h2spec 2.6 has no http2/5.1.1/3: its frames are h2spec http2/5.1/6 (our http2/5.1/half-closed-remote-headers)
                CaseDef.define("http2/5.1.1/headers-on-half-closed-remote").rfc("5.1.1", "5.1")
                        .sends("INITIAL_WINDOW_SIZE = 0, a GET on stream 5, then a second HEADERS on stream 5")
                        .quote("If an endpoint receives additional frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM, for a stream that is in this state, it MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED.")
                        .accepts("RST_STREAM (or GOAWAY) with STREAM_CLOSED").errorCase()
                        .run(p -> {
                            p.handshake();
                            // a zero window holds the response back, so stream 5 is still half-closed
                            // (remote) on the target's side, not closed, when the second HEADERS arrives
                            Script.initialWindow(p, 0);
                            java.util.Optional<io.h2scope.conformance.verdict.Verdict> setUp = Script.awaitSettingsAck(p);
                            if (setUp.isPresent()) {
                                return setUp.get();
                            }
                            Script.get(p, 5);
                            Script.get(p, 5);
                            return Expect.streamError(p, 5, STREAM_CLOSED);
                        }));
    }
}
