package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.cases.OriginAnswers.BODY;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.field;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.status;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ResponseExchange;
import io.h2scope.conformance.intermediary.ResponseInspection;
import io.h2scope.conformance.intermediary.ResponseJudge;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.OriginAnswer;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.util.List;

/**
 * RFC 9113 §8.1.1, response side: the length of the content. An HTTP/1.1 origin frames it by Transfer-Encoding,
 * Content-Length or the close (RFC 9112 §6.3), and every fault there (both headers, bad chunks, lengths that
 * disagree, a body cut short) must reach the client as an error, never as a complete response of the wrong length;
 * an h2 origin's content-length must equal its DATA.
 */
public final class R8_1_1_ResponseLength implements ProxySection {

    private static final String CHUNKED = "transfer-encoding: chunked\r\n";

    @Override
    public String id() {
        return "proxy/response/8.1.1";
    }

    @Override
    public String title() {
        return "Response framing: content-length, chunks, the close";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                framed("content-length-and-chunked-below", "content-length: 3\r\n" + CHUNKED, "5\r\nhello\r\n0\r\n\r\n",
                        false, "8.1.1", Quotes.CONTENT_LENGTH, "Content-Length: 3 and Transfer-Encoding: chunked, 5 octets in"
                                + " chunks (RFC 9112 §6.3: chunked wins)", ResponseLooks.content(BODY)),
                framed("content-length-and-chunked-above", "content-length: 50\r\n" + CHUNKED,
                        "5\r\nhello\r\n0\r\n\r\n", true, "8.1.1", Quotes.CONTENT_LENGTH, "Content-Length: 50 and"
                                + " Transfer-Encoding: chunked, 5 octets in chunks, then a close",
                        ResponseLooks.content(BODY)),
                chunks("chunk-size-not-hex", "zz\r\nhello\r\n0\r\n\r\n", "a chunk size \"zz\""),
                chunks("chunk-size-0x-prefix", "0x5\r\nhello\r\n0\r\n\r\n", "a chunk size \"0x5\""),
                chunks("chunk-size-overflow", "10000000000000005\r\nhello\r\n0\r\n\r\n",
                        "a chunk size of 17 hex digits (2^68 + 5: 5 when it wraps)"),
                chunks("chunk-size-above-data", "64\r\nhello\r\n0\r\n\r\n", "a chunk size 0x64 over 5 octets, then a"
                        + " close"),
                chunks("chunk-last-missing", "5\r\nhello\r\n", "one chunk and no last chunk, then a close"),
                chunks("chunk-data-without-crlf", "5\r\nhelloXX0\r\n\r\n", "a chunk whose data is not followed by CR LF"),
                framed("chunk-extension", CHUNKED, "5;h2scope=1\r\nhello\r\n0\r\n\r\n", false, "8.1", ResponseQuotes.COMPLETE,
                        "a chunk with the extension ;h2scope=1 (RFC 9112 §7.1.1: allowed, ignored)", null),
                framed("chunk-extension-control-octets", CHUNKED, "5;\u0001\u0002\r\nhello\r\n0\r\n\r\n", false,
                        "8.1.1", Quotes.NO_FORWARD, "a chunk extension of control octets 0x01 0x02", got -> {
                            Seen body = ResponseLooks.content(BODY).look(got);
                            return body instanceof Seen.Allowed && got.complete()
                                    ? Seen.repaired("the extension's octets ignored, the content kept") : body;
                        }),
                length("content-length-differing", "content-length: 5\r\ncontent-length: 6\r\n",
                        "two Content-Length fields, 5 and 6, over 5 octets, then a close"),
                length("content-length-list-differing", "content-length: 5, 6\r\n",
                        "Content-Length: 5, 6 over 5 octets, then a close"),
                length("content-length-not-a-number", "content-length: 5x\r\n",
                        "Content-Length: 5x over 5 octets, then a close"),
                length("content-length-negative", "content-length: -1\r\n",
                        "Content-Length: -1 over 5 octets, then a close"),
                length("content-length-above-body", "content-length: 10\r\n",
                        "Content-Length: 10 over 5 octets, then a close (a truncated response)"),
                framed("content-length-repeated-same", "content-length: 5\r\ncontent-length: 5\r\n", BODY, false,
                        "8.1.1", Quotes.CONTENT_LENGTH, "two Content-Length: 5 fields over 5 octets (RFC 9110 §8.6: a"
                                + " recipient MAY take the one value)", ResponseLooks.content(BODY)),
                framed("content-length-below-body", "content-length: 2\r\n", BODY, true, "8.1.1", Quotes.CONTENT_LENGTH,
                        "Content-Length: 2 over 5 octets, then a close (the rest is no part of the response)",
                        ResponseLooks.content("he")),
                framed("close-delimited", "", BODY, true, "8.1", ResponseQuotes.COMPLETE,
                        "neither Content-Length nor Transfer-Encoding: 5 octets ended by the close (RFC 9112 §6.3)",
                        null),
                noContent("head-response-with-body", "HEAD", "HTTP/1.1 200 OK", "a HEAD", "a response to HEAD"),
                noContent("no-content-with-body", "GET", "HTTP/1.1 204 No Content", "a GET", "a 204 response"),
                noContent("not-modified-with-body", "GET", "HTTP/1.1 304 Not Modified", "a GET", "a 304 response"),
                h2Length("h2-content-length-above-data", "10", "content-length: 10 and 5 octets of DATA"),
                h2Length("h2-content-length-below-data", "2", "content-length: 2 and 5 octets of DATA"));
    }

    /** The answer {@code fieldLines} then {@code rest}; {@code look} null: a valid response the client must get whole. */
    private static ProxyCase framed(String slug, String fieldLines, String rest, boolean close, String section,
            String quote, String sends, ResponseInspection look) {
        return ProxyCase.define("proxy/response/8.1.1/" + slug).rule(section, quote)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + sends)
                .toward(OriginKind.H1)
                .run(stage -> {
                    ResponseExchange ex = ResponseExchange.get(stage, m -> OriginAnswer.Http1.of(
                            OriginAnswers.text(m, "HTTP/1.1 200 OK", fieldLines, rest), close));
                    return look == null ? ResponseJudge.valid("the 200 and its 5 octets of content", ex,
                            ResponseLooks.content(BODY)) : ResponseJudge.faulty(ex, look);
                });
    }

    private static ProxyCase chunks(String slug, String chunked, String sends) {
        return framed(slug, CHUNKED, chunked, true, "8.1", ResponseQuotes.COMPLETE, "chunked content holding " + sends,
                ResponseLooks.neverComplete("a chunked body whose framing breaks"));
    }

    private static ProxyCase length(String slug, String fieldLines, String sends) {
        return framed(slug, fieldLines, BODY, true, "8.1.1", Quotes.CONTENT_LENGTH, sends,
                ResponseLooks.neverComplete("a response whose length the origin gave wrong"));
    }

    private static ProxyCase noContent(String slug, String method, String statusLine, String request, String what) {
        return ProxyCase.define("proxy/response/8.1.1/" + slug).rule("8.1.1", ResponseQuotes.NO_CONTENT)
                .sends(request + "; the HTTP/1.1 origin answers " + statusLine.substring(9) + " with content-length: 5"
                        + " and 5 octets of content after it")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.run(stage, m -> ProxyRequest.get(m,
                        stage.authority()).replace(":method", method).build(), m -> OriginAnswers.http1ThenClose(m,
                                statusLine, "content-length: 5\r\n", BODY)),
                        ResponseLooks.noContent(what + " has no content")));
    }

    private static ProxyCase h2Length(String slug, String length, String sends) {
        return ProxyCase.define("proxy/response/8.1.1/" + slug).rule("8.1.1", Quotes.CONTENT_LENGTH)
                .sends("a GET; the h2c origin answers a 200 with " + sends)
                .toward(OriginKind.H2C)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.h2(m,
                        List.of(status("200"), field("content-length", length)))),
                        ResponseLooks.neverComplete("content-length " + length + " over 5 octets of DATA")));
    }
}
