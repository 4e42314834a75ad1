package io.h2scope.conformance.suite.http2;

import io.h2scope.conformance.peer.Peer;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;
import java.util.function.Function;

/** RFC 7540 §8.1.2.3 (RFC 9113 §8.3.1): request pseudo-header fields. */
public final class S8_1_2_3_RequestPseudoHeaderFields implements Section {

    private static final String EXACTLY_ONE = "All HTTP/2 requests MUST include exactly one valid value for the \":method\", \":scheme\", and \":path\" pseudo-header fields, unless they are CONNECT requests (Section 8.5). An HTTP request that omits mandatory pseudo-header fields is malformed (Section 8.1.1).";
    private static final String REPEATED = "The same pseudo-header field name MUST NOT appear more than once in a field block. A field block for an HTTP request or response that contains a repeated pseudo-header field name MUST be treated as malformed (Section 8.1.1).";

    @Override
    public String id() {
        return "http2/8.1.2.3";
    }

    @Override
    public String title() {
        return "Request Pseudo-Header Fields";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                bent("empty-path", "http2/8.1.2.3/1", "a GET with an empty :path",
                        "This pseudo-header field MUST NOT be empty for \"http\" or \"https\" URIs; \"http\" or \"https\" URIs that do not contain a path component MUST include a value of '/'.",
                        f -> Fields.with(f, ":path", "")),
                bent("missing-method", "http2/8.1.2.3/2", "a request head without :method", EXACTLY_ONE,
                        f -> Fields.without(f, ":method")),
                bent("missing-scheme", "http2/8.1.2.3/3", "a GET head without :scheme", EXACTLY_ONE,
                        f -> Fields.without(f, ":scheme")),
                bent("missing-path", "http2/8.1.2.3/4", "a GET head without :path", EXACTLY_ONE,
                        f -> Fields.without(f, ":path")),
                bent("duplicated-method", "http2/8.1.2.3/5", "a GET head with :method twice", REPEATED,
                        f -> Fields.duplicated(f, ":method")),
                bent("duplicated-scheme", "http2/8.1.2.3/6", "a GET head with :scheme twice", REPEATED,
                        f -> Fields.duplicated(f, ":scheme")),
                bent("duplicated-path", "http2/8.1.2.3/7", "a GET head with :path twice", REPEATED,
                        f -> Fields.duplicated(f, ":path")));
    }

    /** A GET (END_STREAM) whose valid head {@code bend} breaks one way. */
    private static CaseDef bent(String slug, String h2spec, String sends, String quote,
            Function<List<HeaderField>, List<HeaderField>> bend) {
        return CaseDef.define("http2/8.1.2.3/" + slug).h2spec(h2spec).rfc("8.1.2.3", "8.3.1")
                .sends(sends).quote(quote)
                .accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                .run((Peer p) -> {
                    p.handshake();
                    Fields.send(p, 1, bend.apply(p.requestHeaders(p.target().path())), true);
                    return Expect.malformed(p, 1);
                });
    }
}
