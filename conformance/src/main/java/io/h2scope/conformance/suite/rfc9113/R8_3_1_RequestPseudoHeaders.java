package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 9113 §8.3.1: request pseudo-header values (RFC 7540 §8.1.2.3 only required their presence). */
public final class R8_3_1_RequestPseudoHeaders implements Section {

    @Override
    public String id() {
        return "rfc9113/8.3.1";
    }

    @Override
    public String title() {
        return "Request Pseudo-Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("rfc9113/8.3.1/authority-host-mismatch").rfc("8.1.2.3", "8.3.1").should()
                        .sends("a GET with the target's :authority and host: other.invalid")
                        .quote("A server SHOULD treat a request as malformed if it contains a Host header field that identifies an entity that differs from the entity in the \":authority\" pseudo-header field.")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("host", "other.invalid")))),
                CaseDef.define("rfc9113/8.3.1/authority-host-equal-accepted").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET whose host field repeats the :authority value")
                        .quote("Clients MUST NOT generate a request with a Host header field that differs from the \":authority\" pseudo-header field.")
                        .accepts("a response: a host equal to :authority is allowed")
                        .run(p -> Expect.response(p, Fields.getOnStream1(p, field("host", p.target().authority())))),
                CaseDef.define("rfc9113/8.3.1/path-without-leading-slash").rfc("8.1.2.3", "8.3.1")
                        .sends("a GET with :path index.html (not an absolute path, not '*')")
                        .quote("All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5). ... The \":path\" pseudo-header field includes the path and query parts of the target URI (the absolute-path production and, optionally, a '?' character followed by the query production)")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.with(p.requestHeaders(p.target().path()), ":path", "index.html"), true);
                            return Expect.malformed(p, 1);
                        }),
                CaseDef.define("rfc9113/8.3.1/empty-method").rfc("8.1.2.3", "8.3.1")
                        .sends("a request with an empty :method")
                        .quote("All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5).")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.with(p.requestHeaders(p.target().path()), ":method", ""), true);
                            return Expect.malformed(p, 1);
                        }));
    }
}
