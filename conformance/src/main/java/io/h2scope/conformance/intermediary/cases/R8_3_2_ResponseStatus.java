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
import io.h2scope.conformance.intermediary.front.Received;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;

/**
 * RFC 9113 §8.3.2 and §8.6, response side: the status. An HTTP/1.1 status line whose code is not three digits in
 * 100..599, or is 101, must not become a {@code :status}, nor its octets a 200's content (an HTTP/0.9 reading); a
 * status line without a reason phrase is valid. An h2 answer without exactly one valid {@code :status} is malformed.
 */
public final class R8_3_2_ResponseStatus implements ProxySection {

    @Override
    public String id() {
        return "proxy/response/8.3.2";
    }

    @Override
    public String title() {
        return "Response control data: the status";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                statusLine("status-000", "HTTP/1.1 000 Zero", "000"),
                statusLine("status-two-digits", "HTTP/1.1 99 Low", "99"),
                statusLine("status-four-digits", "HTTP/1.1 1000 High", "1000"),
                statusLine("status-not-digits", "HTTP/1.1 2x0 Odd", "2x0"),
                statusLine("status-above-599", "HTTP/1.1 600 Beyond", "600"),
                statusLine("status-line-garbage", "h2scope garbage", ""),
                ProxyCase.define("proxy/response/8.3.2/status-101").rule("8.6", ResponseQuotes.NO_101)
                        .sends("a GET (no Upgrade); the HTTP/1.1 origin answers 101 Switching Protocols, upgrade:"
                                + " h2scope/1, then 5 octets")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.http1ThenClose(
                                m, "HTTP/1.1 101 Switching Protocols", "connection: upgrade\r\nupgrade: h2scope/1\r\n",
                                BODY)), got -> got.blocks().stream().anyMatch(b -> b.status() == 101)
                                        ? Seen.asSent(":status 101 reached the client")
                                        : ResponseLooks.neverComplete("a 101 with upgraded octets after it").look(got))),
                reason("reason-missing", "HTTP/1.1 200", "a status line without a reason phrase (\"HTTP/1.1 200\")"),
                reason("reason-empty", "HTTP/1.1 200 ", "a status line with an empty reason phrase (\"HTTP/1.1 200 \")"),
                h2Status("h2-status-missing", List.of(field("x-h2scope-field", "1")), "8.3.2", ResponseQuotes.STATUS,
                        "no :status at all"),
                h2Status("h2-status-not-digits", List.of(status("2xx")), "8.3.2", ResponseQuotes.STATUS_CODE, ":status: 2xx"),
                h2Status("h2-status-four-digits", List.of(status("2000")), "8.3.2", ResponseQuotes.STATUS_CODE,
                        ":status: 2000"),
                h2Status("h2-status-repeated", List.of(status("200"), status("404")), "8.3", Quotes.PSEUDO_REPEATED,
                        ":status: 200 and :status: 404"),
                h2Status("h2-status-101", List.of(status("101")), "8.6", ResponseQuotes.NO_101,
                        ":status: 101"),
                h2Status("h2-request-pseudo-header", List.of(status("200"), field(":path", "/h2scope")), "8.3",
                        Quotes.PSEUDO_UNDEFINED, ":status: 200 and :path: /h2scope"),
                h2Status("h2-pseudo-after-regular", List.of(field("x-h2scope-field", "1"), status("200")), "8.3",
                        Quotes.PSEUDO_ORDER, "a regular field, then :status: 200"));
    }

    private static ProxyCase statusLine(String slug, String line, String code) {
        return ProxyCase.define("proxy/response/8.3.2/" + slug).rule("8.3.2", ResponseQuotes.STATUS_CODE)
                .sends("a GET; the HTTP/1.1 origin answers the status line " + Looks.quoted(line) + ", a marked field"
                        + " and 5 octets")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.http1ThenClose(m,
                        line, "content-length: 5\r\n", BODY)), notPassedOn(line, code)));
    }

    /** The code must not become the client's :status, nor the status line a 200's content. */
    private static ResponseInspection notPassedOn(String line, String code) {
        return got -> {
            if (!code.isEmpty() && got.blocks().stream().anyMatch(b -> b.values(":status").contains(code))) {
                return Seen.asSent(":status " + code + " reached the client");
            }
            if (got.body().contains(line)) {
                return Seen.asSent("the status line handed to the client as the content (an HTTP/0.9 reading) of"
                        + " a response with :status " + got.head().map(h -> h.values(":status")).orElse(List.of()));
            }
            return got.complete() ? Seen.repaired("turned into :status " + got.status()) : ResponseLooks.cutOff(got);
        };
    }

    private static ProxyCase reason(String slug, String line, String sends) {
        return ProxyCase.define("proxy/response/8.3.2/" + slug).rule("8.3.2", ResponseQuotes.STATUS_CODE)
                .sends("a GET; the HTTP/1.1 origin answers " + sends + " (RFC 9112 §4: the reason phrase is optional)")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.valid("the 200 and its content", ResponseExchange.get(stage,
                        m -> OriginAnswers.http1(m, line, "content-length: 5\r\n", BODY)), got -> got.status() == 200
                                ? ResponseLooks.content(BODY).look(got)
                                : Seen.asSent("the client got :status " + got.status() + " for the origin's 200")));
    }

    private static ProxyCase h2Status(String slug, List<HeaderField> head, String section, String quote,
            String sends) {
        return ProxyCase.define("proxy/response/8.3.2/" + slug).rule(section, quote)
                .sends("a GET; the h2c origin answers " + sends + ", then DATA")
                .toward(OriginKind.H2C)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.h2(m, head)), got -> {
                    List<String> statuses = got.head().map(R8_3_2_ResponseStatus::pseudoFields).orElse(List.of());
                    List<String> sent = head.stream().filter(f -> f.name().startsWith(":"))
                            .map(f -> f.name() + ": " + f.value()).toList();
                    // a 101 passed on as an interim response is already the fault, whatever follows it
                    if ((statuses.equals(sent) && !got.blocks().isEmpty())
                            || got.informational().stream().anyMatch(b -> pseudoFields(b).equals(sent))) {
                        return Seen.asSent("the pseudo-header fields reached the client as sent: " + sent);
                    }
                    return got.complete() ? Seen.repaired("arrived with " + statuses) : ResponseLooks.cutOff(got);
                }));
    }

    private static List<String> pseudoFields(Received.Block block) {
        return block.fields().stream().filter(f -> f.name().startsWith(":")).map(f -> f.name() + ": " + f.value())
                .toList();
    }
}
