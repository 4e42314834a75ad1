package io.h2scope.conformance.suite.http2;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.suite.steps.Script;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/**
 * RFC 7540 §8.1.2.6 (RFC 9113 §8.1.1): malformed requests, content-length against DATA, in both directions.
 * h2spec's two cases send more DATA than content-length declares; the cases with less have no h2spec id.
 */
public final class S8_1_2_6_MalformedMessages implements Section {

    private static final String CONTENT_LENGTH = "A request or response is also malformed if the value of a content-length header field does not equal the sum of the DATA frame payload lengths that form the content, unless the message is defined as having no content.";
    private static final String MALFORMED = "RST_STREAM PROTOCOL_ERROR (malformed request), a 4xx before it allowed";

    @Override
    public String id() {
        return "http2/8.1.2.6";
    }

    @Override
    public String title() {
        return "Malformed Requests and Responses";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                CaseDef.define("http2/8.1.2.6/content-length-above-single-data").rfc("8.1.2.6", "8.1.1")
                        .sends("a POST with content-length: 5, then one DATA \"test\" (4 octets) with END_STREAM")
                        .quote(CONTENT_LENGTH).accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.postWith(p, field("content-length", "5")), false);
                            Script.data(p, 1, "test", true);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1.2.6/content-length-above-sum-of-data").rfc("8.1.2.6", "8.1.1")
                        .sends("a POST with content-length: 9, then DATA \"test\" and DATA \"test\" with END_STREAM (8 octets in all)")
                        .quote(CONTENT_LENGTH).accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.postWith(p, field("content-length", "9")), false);
                            Script.data(p, 1, "test", false);
                            Script.data(p, 1, "test", true);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1.2.6/single-data-beyond-content-length").h2spec("http2/8.1.2.6/1").rfc("8.1.2.6", "8.1.1")
                        .sends("a POST with content-length: 1, then one DATA \"test\" (4 octets) with END_STREAM")
                        .quote(CONTENT_LENGTH).accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.postWith(p, field("content-length", "1")), false);
                            Script.data(p, 1, "test", true);
                            return Expect.malformedAfterHead(p, 1);
                        }),
                CaseDef.define("http2/8.1.2.6/data-beyond-content-length").h2spec("http2/8.1.2.6/2").rfc("8.1.2.6", "8.1.1")
                        .sends("a POST with content-length: 1, then DATA \"test\" and DATA \"test\" with END_STREAM")
                        .quote(CONTENT_LENGTH).accepts(MALFORMED).errorCase()
                        .run(p -> {
                            p.handshake();
                            Fields.send(p, 1, Fields.postWith(p, field("content-length", "1")), false);
                            Script.data(p, 1, "test", false);
                            Script.data(p, 1, "test", true);
                            return Expect.malformedAfterHead(p, 1);
                        }));
    }
}
