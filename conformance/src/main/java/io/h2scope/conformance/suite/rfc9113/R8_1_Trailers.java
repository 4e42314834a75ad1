package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/** RFC 9113 §8.1: trailers, which RFC 9113 defines in §8.1 itself (RFC 7540 only in §8.1.2.1). */
public final class R8_1_Trailers implements Section {

    private static final String NO_PSEUDO = "Trailers MUST NOT include pseudo-header fields (Section 8.3). An endpoint that receives pseudo-header fields in trailers MUST treat the request or response as malformed (Section 8.1.1).";

    @Override
    public String id() {
        return "rfc9113/8.1";
    }

    @Override
    public String title() {
        return "HTTP Message Framing";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("rfc9113/8.1/pseudo-header-in-trailers-without-content").rfc("8.1.2.1", "8.1")
                        .sends("a POST head without END_STREAM, then at once trailers with END_STREAM carrying :path /")
                        .quote(NO_PSEUDO).accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Fields.send(p, 1, List.of(field(":path", "/")), true);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("rfc9113/8.1/status-in-request-trailers").rfc("8.1.2.1", "8.1")
                        .sends("a POST head, DATA, then trailers with END_STREAM carrying x-trailer: ok and :status: 200")
                        .quote(NO_PSEUDO).accepts("RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed")
                        .errorCase()
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", false);
                            Fields.send(p, 1, List.of(field("x-trailer", "ok"), field(":status", "200")), true);
                            return Expect.malformedAfterHead(p, 1);
                        }));
    }
}
