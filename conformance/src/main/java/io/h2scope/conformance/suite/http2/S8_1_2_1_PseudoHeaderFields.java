package io.h2scope.conformance.suite.http2;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/** RFC 7540 §8.1.2.1 (RFC 9113 §8.3): pseudo-header fields. */
public final class S8_1_2_1_PseudoHeaderFields implements Section {

    private static final String CONTEXT = "Pseudo-header fields are only valid in the context in which they are defined. Pseudo-header fields defined for requests MUST NOT appear in responses; pseudo-header fields defined for responses MUST NOT appear in requests. Pseudo-header fields MUST NOT appear in a trailer section. Endpoints MUST treat a request or response that contains undefined or invalid pseudo-header fields as malformed (Section 8.1.1).";
    private static final String MALFORMED = "RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed";

    @Override
    public String id() {
        return "http2/8.1.2.1";
    }

    @Override
    public String title() {
        return "Pseudo-Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/8.1.2.1/unknown-pseudo-header").h2spec("http2/8.1.2.1/1").rfc("8.1.2.1", "8.3")
                        .sends("a GET whose head also carries :test: ok (an undefined pseudo-header)")
                        .quote(CONTEXT).accepts(MALFORMED).errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field(":test", "ok")))),
                CaseDef.define("http2/8.1.2.1/response-pseudo-header-in-request").h2spec("http2/8.1.2.1/2").rfc("8.1.2.1", "8.3")
                        .sends("a GET whose head also carries :status: 200")
                        .quote(CONTEXT).accepts(MALFORMED).errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field(":status", "200")))),
                CaseDef.define("http2/8.1.2.1/pseudo-header-in-trailers").h2spec("http2/8.1.2.1/3").rfc("8.1.2.1", "8.3")
                        .sends("a POST head, DATA, then trailers with END_STREAM carrying :method: POST (h2spec leaves END_STREAM off, mixing in a second rule)")
                        .quote(CONTEXT).accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Fields.send(p, 1, List.of(field(":method", "POST")), true);
                            // the fault is in the trailers: the target may answer the valid head first (RFC 9113 §8.1)
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1.2.1/pseudo-header-after-regular-field").h2spec("http2/8.1.2.1/4").rfc("8.1.2.1", "8.3")
                        .sends("a GET head that starts with x-test: ok, the pseudo-headers after it")
                        .quote("All pseudo-header fields MUST appear in a field block before all regular field lines. Any request or response that contains a pseudo-header field that appears in a field block after a regular field line MUST be treated as malformed (Section 8.1.1).")
                        .accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            List<HeaderField> fields = Fields.append(List.of(field("x-test", "ok")),
                                    p.requestHeaders(p.target().path()).toArray(HeaderField[]::new));
                            Fields.send(p, 1, fields, true);
                            return Expect.malformed(p, 1);
                        }));
    }
}
