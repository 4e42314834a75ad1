package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformed;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import java.util.List;

/**
 * RFC 9113 §8.1.1: content-length disagreeing with the DATA sent, the H2.CL smuggling vector among them: toward an
 * HTTP/1.1 origin, a content-length forwarded as it came frames the rest of the content as a request of its own.
 */
public final class P8_1_1_MessageFraming implements ProxySection {

    @Override
    public String id() {
        return "proxy/8.1.1";
    }

    @Override
    public String title() {
        return "Malformed Messages: content-length";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                lengthCase("content-length-above-data", "10", "hello",
                        "a POST with content-length: 10 and 5 octets of DATA"),
                lengthCase("content-length-below-data", "2", "hello",
                        "a POST with content-length: 2 and 5 octets of DATA"),
                ProxyCase.define("proxy/8.1.1/h2-cl-smuggled-request")
                        .rule("8.1.1", Quotes.CONTENT_LENGTH)
                        .sends("a POST with content-length: 0 whose DATA is a whole HTTP/1.1 request (H2.CL)")
                        .run(stage -> malformed(stage.exchange(m -> ProxyRequest.post(m, stage.authority())
                                .with("content-length", "0")
                                .data("GET " + m.path() + "/smuggled HTTP/1.1\r\nhost: h2scope.invalid\r\n\r\n")
                                .build()), (a, sent) -> length(a, "0"))),
                ProxyCase.define("proxy/8.1.1/two-content-lengths")
                        .rule("8.1.1", Quotes.CONTENT_LENGTH)
                        .sends("a POST with content-length: 5 and content-length: 6, and 5 octets of DATA")
                        .run(stage -> malformed(stage.exchangePost(b -> b.with("content-length", "5")
                                .with("content-length", "6").data("hello")), (a, sent) -> a.values("content-length")
                                .contains("6") ? Seen.asSent(Looks.how(a, "content-length"))
                                : Seen.repaired(Looks.how(a, "content-length") + ", " + a.body().length
                                        + " octets of content"))));
    }

    private static ProxyCase lengthCase(String slug, String length, String data, String sends) {
        return ProxyCase.define("proxy/8.1.1/" + slug)
                .rule("8.1.1", Quotes.CONTENT_LENGTH).sends(sends)
                .run(stage -> malformed(stage.exchangePost(b -> b.with("content-length", length).data(data)),
                        (a, sent) -> length(a, length)));
    }

    /** The content-length the client sent arrived: as it came; else the framing was redone. */
    private static Seen length(Arrival a, String sentLength) {
        if (a.values("content-length").contains(sentLength)) {
            return Seen.asSent("content-length: " + sentLength + " arrived with " + a.body().length
                    + " octets of content");
        }
        return Seen.repaired(Looks.how(a, "content-length") + ", " + a.body().length + " octets of content");
    }
}
