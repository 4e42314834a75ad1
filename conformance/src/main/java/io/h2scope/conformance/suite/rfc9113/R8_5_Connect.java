package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 9113 §8.5: the shape of a CONNECT request; a malformed one is refused whether CONNECT is supported or not. */
public final class R8_5_Connect implements Section {

    private static final String SHAPE = "The \":scheme\" and \":path\" pseudo-header fields MUST be omitted. The \":authority\" pseudo-header field contains the host and port to connect to ... A CONNECT request that does not conform to these restrictions is malformed (Section 8.1.1).";

    @Override
    public String id() {
        return "rfc9113/8.5";
    }

    @Override
    public String title() {
        return "The CONNECT Method";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("rfc9113/8.5/connect-without-authority").rfc("8.3", "8.5")
                        .sends("HEADERS with only :method CONNECT (no :authority), without END_STREAM")
                        .quote(SHAPE).accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, List.of(field(":method", "CONNECT")), false);
                            return Expect.malformed(p, 1);
                        }),
                CaseDef.define("rfc9113/8.5/connect-with-scheme-and-path").rfc("8.3", "8.5")
                        .sends("HEADERS :method CONNECT, :scheme, :path / and :authority, without END_STREAM")
                        .quote(SHAPE).accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed").errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.with(p.requestHeaders("/"), ":method", "CONNECT"), false);
                            return Expect.malformed(p, 1);
                        }));
    }
}
