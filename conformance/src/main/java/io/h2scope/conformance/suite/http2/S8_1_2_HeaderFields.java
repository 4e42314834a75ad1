package io.h2scope.conformance.suite.http2;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 7540 §8.1.2 (RFC 9113 §8.2): HTTP header fields. */
public final class S8_1_2_HeaderFields implements Section {

    @Override
    public String id() {
        return "http2/8.1.2";
    }

    @Override
    public String title() {
        return "HTTP Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(CaseDef.define("http2/8.1.2/uppercase-field-name").h2spec("http2/8.1.2/1").rfc("8.1.2", "8.2")
                .sends("a GET whose head also carries X-TEST: ok (an uppercase field name)")
                .quote("header field names MUST be converted to lowercase prior to their encoding in HTTP/2. A request or response containing uppercase header field names MUST be treated as malformed (Section 8.1.2.6).")
                .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("X-TEST", "ok")))));
    }
}
