package io.h2scope.conformance.suite.generic;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;

/** h2spec generic/4: ordinary requests are answered (RFC 7540 §8.1, RFC 9113 §8.1). */
public final class G4_HttpMessageExchanges implements Section {

    private static final String EXCHANGE = "A client sends an HTTP request on a new stream, using a previously unused stream identifier (Section 5.1.1). A server sends an HTTP response on the same stream as the request.";

    @Override
    public String id() {
        return "generic/4";
    }

    @Override
    public String title() {
        return "HTTP Message Exchanges";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("generic/4/get").h2spec("generic/4/1").rfc("8.1", "8.1").sends("a GET")
                        .quote(EXCHANGE).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.get(p, 1);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/4/head").h2spec("generic/4/2").rfc("8.1", "8.1").sends("a HEAD")
                        .quote(EXCHANGE).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            p.sendHeaders(1, p.requestHeaders("HEAD", p.target().path()), true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/4/post").h2spec("generic/4/3").rfc("8.1", "8.1").sends("a POST with a body")
                        .quote(EXCHANGE).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            Script.openPost(p, 1);
                            Script.data(p, 1, "test", true);
                            return Expect.response(p, 1);
                        }),
                CaseDef.define("generic/4/post-with-trailers").h2spec("generic/4/4").rfc("8.1", "8.1")
                        .sends("a POST with a body and a trailer section (x-test: ok)")
                        .quote(EXCHANGE).accepts("a response")
                        .run(p -> {
                            p.handshake();
                            List<HeaderField> head = new ArrayList<>(p.requestHeaders("POST", p.target().path()));
                            head.add(new HeaderField("trailer", "x-test"));
                            p.sendHeaders(1, head, false);
                            Script.data(p, 1, "test", false);
                            p.send(HeadersFrame.of(1, p.encodeHeaders(List.of(new HeaderField("x-test", "ok"))), true, true));
                            return Expect.response(p, 1);
                        }));
    }
}
