package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.cases.OriginAnswers.BODY;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.field;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.marked;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.status;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ResponseExchange;
import io.h2scope.conformance.intermediary.ResponseInspection;
import io.h2scope.conformance.intermediary.ResponseJudge;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.origin.OriginAnswer;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.engine.hpack.HeaderField;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * RFC 9113 §8.1, response side: the sequence of a response. Interim (1xx) responses must reach the client as
 * interim HEADERS, or not at all, never as the final one; an origin that answers twice, or goes on after the end,
 * must not have its extra answer handed to anyone.
 */
public final class R8_1_ResponseSequence implements ProxySection {

    private static final String EARLY_HINTS = "HTTP/1.1 103 Early Hints\r\nlink: </h2scope.css>; rel=preload\r\n\r\n";

    @Override
    public String id() {
        return "proxy/response/8.1";
    }

    @Override
    public String title() {
        return "Response framing: interim responses, answers after the end";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                interim("interim-100-then-final", "HTTP/1.1 100 Continue\r\n\r\n", "a 100 Continue before its 200"),
                interim("interim-103-then-final", EARLY_HINTS, "a 103 Early Hints (with a link field) before its 200"),
                interim("interim-several-then-final", "HTTP/1.1 100 Continue\r\n\r\n" + EARLY_HINTS + EARLY_HINTS,
                        "100, 103 and 103 before its 200"),
                ProxyCase.define("proxy/response/8.1/interim-then-close").rule("8.1", ResponseQuotes.COMPLETE)
                        .sends("a GET; the HTTP/1.1 origin answers a 103 Early Hints and closes, no final response")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswer.Http1.of(
                                EARLY_HINTS.replace("\r\n\r\n", "\r\n" + ResponseJudge.MARKER_FIELD + ": " + m
                                        + "\r\n\r\n"), true)), got -> Seen.allowed("no final response"))),
                ProxyCase.define("proxy/response/8.1/two-responses-one-request").rule("8.1.1", Quotes.NO_FORWARD)
                        .sends("a GET; the HTTP/1.1 origin answers it twice (the second marked 'poison'), then a"
                                + " second GET through the front")
                        .alone("its second GET must be the next request on the origin connection of its first: another"
                                + " case's request there would take the origin's second answer")
                        .toward(OriginKind.H1)
                        .run(stage -> {
                            ResponseExchange first = ResponseExchange.get(stage, m -> OriginAnswers.http1(m,
                                    "HTTP/1.1 200 OK", "content-length: 5\r\n", BODY + "HTTP/1.1 200 OK\r\n"
                                            + ResponseJudge.MARKER_FIELD + ": h2sm000000000000\r\ncontent-length: 6"
                                            + "\r\n\r\npoison"));
                            ResponseExchange next = ResponseExchange.get(stage, m -> OriginAnswers.ok(m, ""));
                            return ResponseJudge.followedBy(first, notPoisoned(), next);
                        }),
                ProxyCase.define("proxy/response/8.1/h2-interim-with-end-stream")
                        .rule("8.1", ResponseQuotes.INTERIM_END_STREAM)
                        .sends("a GET; the h2c origin answers a HEADERS :status 103 with END_STREAM, nothing else")
                        .toward(OriginKind.H2C)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> new OriginAnswer.H2(
                                (peer, s) -> peer.headers(s, marked(m, List.of(status("103"))), true))),
                                got -> Seen.allowed("no interim response as the final one"))),
                ProxyCase.define("proxy/response/8.1/h2-headers-after-final")
                        .rule("8.1", ResponseQuotes.HEADERS_AFTER_FINAL)
                        .sends("a GET; the h2c origin answers :status 200, then a second HEADERS :status 404 without"
                                + " END_STREAM, then DATA")
                        .toward(OriginKind.H2C)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> new OriginAnswer.H2(
                                (peer, s) -> {
                                    peer.headers(s, marked(m, List.of(status("200"))), false);
                                    peer.headers(s, List.of(status("404")), false);
                                    peer.data(s, BODY.getBytes(StandardCharsets.US_ASCII), true);
                                })), got -> got.blocks().size() > 1 && got.blocks().get(1).status() == 404
                                        ? Seen.asSent("the second HEADERS (:status 404) reached the client")
                                        : Seen.repaired("the second HEADERS dropped, the response forwarded"))),
                ProxyCase.define("proxy/response/8.1/h2-data-after-end-stream").rule("8.1", ResponseQuotes.COMPLETE)
                        .sends("a GET; the h2c origin answers a whole 200, then DATA \"poison\" on the ended stream")
                        .alone("DATA on a closed stream is a connection error (RFC 9113 §5.1): the intermediary may end"
                                + " the origin connection other cases' streams share")
                        .toward(OriginKind.H2C)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> new OriginAnswer.H2(
                                (peer, s) -> {
                                    peer.headers(s, marked(m, List.of(status("200"))), false);
                                    peer.data(s, BODY.getBytes(StandardCharsets.US_ASCII), true);
                                    peer.data(s, "poison".getBytes(StandardCharsets.US_ASCII), true);
                                })), got -> got.body().contains("poison")
                                        ? Seen.asSent("the DATA sent after END_STREAM reached the client")
                                        : Seen.allowed("the response as it ended, the DATA after it not forwarded"))),
                ProxyCase.define("proxy/response/8.1/h2-pseudo-in-trailers").rule("8.1", Quotes.PSEUDO_IN_TRAILERS)
                        .sends("a GET; the h2c origin answers a 200 whose trailer section holds :status: 204")
                        .toward(OriginKind.H2C)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> new OriginAnswer.H2(
                                (peer, s) -> {
                                    peer.headers(s, marked(m, List.of(status("200"))), false);
                                    peer.data(s, BODY.getBytes(StandardCharsets.US_ASCII), false);
                                    peer.headers(s, List.of(status("204"), field("x-h2scope-trailer", "1")), true);
                                })), got -> trailerPseudo(got.blocks()))));
    }

    private static ProxyCase interim(String slug, String interim, String sends) {
        return ProxyCase.define("proxy/response/8.1/" + slug).rule("8.1", ResponseQuotes.INTERIM)
                .sends("a GET; the HTTP/1.1 origin answers " + sends + ", then closes")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.valid("the final 200 with its content; the interim responses as interim"
                        + " HEADERS or dropped", ResponseExchange.get(stage, m -> OriginAnswers.http1ThenClose(m,
                                interim + "HTTP/1.1 200 OK", "content-length: 5\r\n", BODY)), got -> {
                                    if (got.head().isEmpty() && (got.complete() || got.data().length > 0)) {
                                        return Seen.asSent("an interim response handed over as the final one: no"
                                                + " HEADERS with a final status, then " + got.data().length
                                                + " octets of content " + Looks.quoted(got.body()) + ", "
                                                + got.ending());
                                    }
                                    if (got.status() != 200) {
                                        return Seen.asSent("the final response the client got is :status "
                                                + got.status() + ", not the origin's 200");
                                    }
                                    Seen body = ResponseLooks.content(BODY).look(got);
                                    return body instanceof Seen.AsSent ? body : Seen.allowed(got.informational()
                                            .size() + " interim response(s) forwarded as interim HEADERS, then the 200");
                                }));
    }

    /** The first response is the first the origin sent: the second never reaches this client. */
    private static ResponseInspection notPoisoned() {
        return got -> got.body().contains("poison") ? Seen.asSent("the origin's second answer reached the client")
                : ResponseLooks.content(BODY).look(got);
    }

    private static Seen trailerPseudo(List<io.h2scope.conformance.intermediary.front.Received.Block> blocks) {
        if (blocks.size() < 2) {
            return Seen.repaired("the trailer section dropped, the malformed response forwarded without it");
        }
        List<HeaderField> trailers = blocks.get(blocks.size() - 1).fields();
        return trailers.stream().anyMatch(f -> f.name().startsWith(":"))
                ? Seen.asSent("the trailers reached the client with " + ResponseLooks.shown(trailers))
                : Seen.repaired("the trailers arrived as " + ResponseLooks.shown(trailers));
    }
}
