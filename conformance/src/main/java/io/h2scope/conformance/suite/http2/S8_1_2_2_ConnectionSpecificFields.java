package io.h2scope.conformance.suite.http2;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 7540 §8.1.2.2 (RFC 9113 §8.2.2): connection-specific header fields. */
public final class S8_1_2_2_ConnectionSpecificFields implements Section {

    @Override
    public String id() {
        return "http2/8.1.2.2";
    }

    @Override
    public String title() {
        return "Connection-Specific Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/8.1.2.2/connection-header").h2spec("http2/8.1.2.2/1").rfc("8.1.2.2", "8.2.2")
                        .sends("a GET whose head also carries connection: keep-alive")
                        .quote("An endpoint MUST NOT generate an HTTP/2 message containing connection-specific header fields. ... Any message containing connection-specific header fields MUST be treated as malformed (Section 8.1.1).")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("connection", "keep-alive")))),
                CaseDef.define("http2/8.1.2.2/te-other-than-trailers").h2spec("http2/8.1.2.2/2").rfc("8.1.2.2", "8.2.2")
                        .sends("a GET whose head also carries te: trailers, deflate")
                        .quote("The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; when it is, it MUST NOT contain any value other than \"trailers\".")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("te", "trailers, deflate")))));
    }
}
