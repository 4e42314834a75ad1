package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/**
 * RFC 9113 §8.2.2: the connection-specific fields RFC 9113 names one by one (RFC 7540 §8.1.2.2 named
 * only Connection, by example), and TE with only a value other than "trailers".
 */
public final class R8_2_2_ConnectionSpecificFields implements Section {

    private static final String LISTED = "This includes the Connection header field and those listed as having connection-specific semantics in Section 7.6.1 of [HTTP] (that is, Proxy-Connection, Keep-Alive, Transfer-Encoding, and Upgrade). Any message containing connection-specific header fields MUST be treated as malformed (Section 8.1.1).";

    @Override
    public String id() {
        return "rfc9113/8.2.2";
    }

    @Override
    public String title() {
        return "Connection-Specific Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                listed("proxy-connection", "proxy-connection", "keep-alive"),
                listed("keep-alive", "keep-alive", "timeout=5"),
                listed("transfer-encoding", "transfer-encoding", "chunked"),
                listed("upgrade", "upgrade", "websocket"),
                CaseDef.define("rfc9113/8.2.2/te-gzip").rfc("8.1.2.2", "8.2.2")
                        .sends("a GET whose head also carries te: gzip")
                        .quote("The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; when it is, it MUST NOT contain any value other than \"trailers\".")
                        .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 400 before it allowed").errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("te", "gzip")))),
                CaseDef.define("rfc9113/8.2.2/te-trailers-accepted").rfc("8.1.2.2", "8.2.2")
                        .sends("a GET whose head also carries te: trailers (the one allowed value)")
                        .quote("The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; when it is, it MUST NOT contain any value other than \"trailers\".")
                        .accepts("a response")
                        .run(p -> Expect.response(p, Fields.getOnStream1(p, field("te", "trailers")))));
    }

    private static CaseDef listed(String slug, String name, String value) {
        return CaseDef.define("rfc9113/8.2.2/" + slug).rfc("8.1.2.2", "8.2.2")
                .sends("a GET whose head also carries " + name + ": " + value)
                .quote(LISTED).accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 400 before it allowed").errorCase()
                .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field(name, value))));
    }
}
