package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.cases.OriginAnswers.BODY;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.field;
import static io.h2scope.conformance.intermediary.cases.OriginAnswers.status;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.ResponseExchange;
import io.h2scope.conformance.intermediary.ResponseJudge;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.util.List;

/**
 * RFC 9113 §8.2.2 and §10.3, response side: the hop-by-hop fields of an HTTP/1.1 answer (Connection, the fields it
 * lists, Keep-Alive, Proxy-Connection, Transfer-Encoding, Upgrade, TE) must be removed when it becomes an HTTP/2
 * response, the response kept; an h2 answer that carries them is malformed.
 */
public final class R8_2_2_ResponseConnectionFields implements ProxySection {

    @Override
    public String id() {
        return "proxy/response/8.2.2";
    }

    @Override
    public String title() {
        return "Response fields: connection-specific";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                hop("connection-removed", "connection", "connection: keep-alive\r\n"),
                hop("keep-alive-removed", "keep-alive", "keep-alive: timeout=5, max=100\r\n"),
                hop("proxy-connection-removed", "proxy-connection", "proxy-connection: keep-alive\r\n"),
                hop("upgrade-removed", "upgrade", "upgrade: h2scope/1\r\n"),
                hop("te-removed", "te", "te: trailers\r\n"),
                ProxyCase.define("proxy/response/8.2.2/transfer-encoding-removed")
                        .rule("8.2.2", ResponseQuotes.REMOVE_HOP_BY_HOP)
                        .sends("a GET; the HTTP/1.1 origin answers a 200 with Transfer-Encoding: chunked and its"
                                + " content in chunks")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.valid("the 200 and its content, without transfer-encoding",
                                ResponseExchange.get(stage, m -> OriginAnswers.http1(m, "HTTP/1.1 200 OK",
                                        "transfer-encoding: chunked\r\n", "2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n")),
                                ResponseLooks.dropped("transfer-encoding"))),
                listed("connection-listed-field-removed", "connection: x-h2scope-hop\r\nx-h2scope-hop: 1\r\n",
                        "Connection: x-h2scope-hop and the field X-H2scope-Hop: 1", "x-h2scope-hop"),
                listed("connection-listed-second-line-removed",
                        "connection: keep-alive\r\nconnection: x-h2scope-hop\r\nx-h2scope-hop: 1\r\n",
                        "Connection: keep-alive, a second line Connection: x-h2scope-hop, and X-H2scope-Hop: 1",
                        "x-h2scope-hop"),
                listed("connection-listed-standard-field-removed", "connection: cache-control\r\n"
                        + "cache-control: no-store\r\n", "Connection: cache-control and Cache-Control: no-store",
                        "cache-control"),
                h2("h2-connection", "connection", "close"),
                h2("h2-keep-alive", "keep-alive", "timeout=5"),
                h2("h2-proxy-connection", "proxy-connection", "keep-alive"),
                h2("h2-transfer-encoding", "transfer-encoding", "chunked"),
                h2("h2-upgrade", "upgrade", "h2c"));
    }

    private static ProxyCase hop(String slug, String name, String fieldLine) {
        return ProxyCase.define("proxy/response/8.2.2/" + slug).rule("8.2.2", ResponseQuotes.REMOVE_HOP_BY_HOP)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + Looks.quoted(fieldLine.strip()))
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.valid("the 200 and its content, without " + name,
                        ResponseExchange.get(stage, m -> OriginAnswers.ok(m, fieldLine)), ResponseLooks.dropped(name)));
    }

    /** A field the Connection field names: RFC 9110 §7.6.1 makes it hop-by-hop, so it goes with Connection. */
    private static ProxyCase listed(String slug, String fieldLines, String sends, String listedName) {
        return ProxyCase.define("proxy/response/8.2.2/" + slug).rule("10.3", ResponseQuotes.REMOVE_LISTED)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + sends)
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.valid("the 200 and its content, without connection and " + listedName,
                        ResponseExchange.get(stage, m -> OriginAnswers.ok(m, fieldLines)), got -> {
                            Seen connection = ResponseLooks.dropped("connection").look(got);
                            return connection instanceof Seen.AsSent ? connection
                                    : ResponseLooks.dropped(listedName).look(got);
                        }));
    }

    private static ProxyCase h2(String slug, String name, String value) {
        return ProxyCase.define("proxy/response/8.2.2/" + slug).rule("8.2.2", Quotes.CONNECTION_SPECIFIC)
                .sends("a GET; the h2c origin answers a 200 with " + name + ": " + value)
                .toward(OriginKind.H2C)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.h2(m,
                        List.of(status("200"), field(name, value)))), got -> {
                            Seen body = ResponseLooks.content(BODY).look(got);
                            return body instanceof Seen.AsSent ? body : ResponseLooks.droppedLeniently(name).look(got);
                        }));
    }
}
