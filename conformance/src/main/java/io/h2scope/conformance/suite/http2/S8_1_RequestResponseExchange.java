package io.h2scope.conformance.suite.http2;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 7540 §8.1 (RFC 9113 §8.1): the HTTP request/response exchange, as frame sequences. */
public final class S8_1_RequestResponseExchange implements Section {

    private static final String SECOND_HEADERS = "An endpoint that receives a HEADERS frame without the END_STREAM flag set after receiving the HEADERS frame that opens a request or after receiving a final (non-informational) status code MUST treat the corresponding request or response as malformed (Section 8.1.1).";

    @Override
    public String id() {
        return "http2/8.1";
    }

    @Override
    public String title() {
        return "HTTP Request/Response Exchange";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/8.1/second-headers-without-end-stream").h2spec("http2/8.1/1").rfc("8.1", "8.1")
                        .sends("a POST head, DATA without END_STREAM, then a second HEADERS (x-test: ok) without END_STREAM")
                        .quote(SECOND_HEADERS)
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Fields.send(p, 1, List.of(field("x-test", "ok")), false);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1/second-headers-right-after-request-head").rfc("8.1", "8.1")
                        .sends("a POST head without END_STREAM, then at once a second HEADERS (x-test: ok) without END_STREAM")
                        .quote(SECOND_HEADERS)
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Fields.send(p, 1, List.of(field("x-test", "ok")), false);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1/trailers-ending-the-stream").rfc("8.1", "8.1")
                        .sends("a POST head, DATA without END_STREAM, then trailers (x-trailer: ok) with END_STREAM")
                        .quote("Trailer fields are carried in a field block that also terminates the stream. That is, trailer fields comprise a sequence starting with a HEADERS frame, followed by zero or more CONTINUATION frames, where the HEADERS frame bears an END_STREAM flag.")
                        .accepts("a response on the stream")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Fields.send(p, 1, List.of(field("x-trailer", "ok")), true);
                            return Expect.response(p, 1);
                        }));
    }
}
