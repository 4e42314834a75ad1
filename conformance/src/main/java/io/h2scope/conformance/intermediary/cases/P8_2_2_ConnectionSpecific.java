package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformed;
import static io.h2scope.conformance.intermediary.IntermediaryJudge.valid;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.util.List;
import java.util.Locale;

/**
 * RFC 9113 §8.2.2: connection-specific fields and {@code te}. Transfer-encoding is the H2.TE smuggling vector: toward
 * HTTP/1.1, forwarded as it came it frames the content by chunks the client wrote, not by the DATA it sent.
 */
public final class P8_2_2_ConnectionSpecific implements ProxySection {

    /** Chunked framing of "hello", sent as the content of the transfer-encoding cases. */
    private static final String CHUNKED_HELLO = "5\r\nhello\r\n0\r\n\r\n";

    @Override
    public String id() {
        return "proxy/8.2.2";
    }

    @Override
    public String title() {
        return "Connection-Specific Header Fields";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                ProxyCase.define("proxy/8.2.2/connection-field-forwarded").rule("8.2.2", Quotes.CONNECTION_SPECIFIC)
                        .sends("a GET with connection: x-h2scope-hop and x-h2scope-hop: 1")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.with("connection", "x-h2scope-hop")
                                .with("x-h2scope-hop", "1")), P8_2_2_ConnectionSpecific::connection)),
                fieldCase("keep-alive-field", "keep-alive", "timeout=5"),
                fieldCase("proxy-connection-field", "proxy-connection", "keep-alive"),
                fieldCase("upgrade-field", "upgrade", "h2c"),
                chunked("transfer-encoding-chunked", "transfer-encoding", "chunked"),
                chunked("transfer-encoding-uppercase-name", "Transfer-Encoding", "chunked"),
                chunked("transfer-encoding-mixed-case-value", "transfer-encoding", "ChUnKeD"),
                chunked("transfer-encoding-list", "transfer-encoding", "identity, chunked"),
                chunked("transfer-encoding-leading-space", "transfer-encoding", " chunked"),
                ProxyCase.define("proxy/8.2.2/h2-te-smuggled-request").rule("8.2.2", Quotes.CONNECTION_SPECIFIC)
                        .sends("a POST with transfer-encoding: chunked whose DATA ends the chunks at once and then"
                                + " holds a whole HTTP/1.1 request (H2.TE)")
                        .run(stage -> malformed(stage.exchange(m -> ProxyRequest.post(m, stage.authority())
                                .with("transfer-encoding", "chunked")
                                .data("0\r\n\r\nGET " + m.path() + "/smuggled HTTP/1.1\r\nhost: h2scope.invalid\r\n\r\n")
                                .build()), (a, sent) -> transferEncoding(a, "transfer-encoding", "chunked"))),
                ProxyCase.define("proxy/8.2.2/te-not-trailers").rule("8.2.2", Quotes.TE)
                        .sends("a GET with te: gzip")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.with("te", "gzip")), (a, sent) ->
                                Looks.has(a, "te", "gzip") ? Seen.asSent("te: gzip arrived")
                                        : Seen.repaired(Looks.how(a, "te")))),
                ProxyCase.define("proxy/8.2.2/te-trailers-accepted").rule("8.2.2", Quotes.TE)
                        .sends("a GET with te: trailers (allowed: it must reach the origin)")
                        .run(stage -> valid("forwarded (te: trailers is allowed)", stage.exchangeGet(b ->
                                b.with("te", "trailers")), (a, sent) -> Seen.allowed(Looks.how(a, "te")))));
    }

    private static Seen connection(Arrival a, ProxyRequest sent) {
        boolean listed = a.values("connection").stream()
                .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("x-h2scope-hop"));
        if (listed) {
            return Seen.asSent("connection: x-h2scope-hop arrived");
        }
        return Seen.repaired(Looks.how(a, "connection") + "; " + Looks.how(a, "x-h2scope-hop"));
    }

    private static ProxyCase fieldCase(String slug, String name, String value) {
        return ProxyCase.define("proxy/8.2.2/" + slug).rule("8.2.2", Quotes.CONNECTION_SPECIFIC)
                .sends("a GET with " + name + ": " + value)
                .run(stage -> malformed(stage.exchangeGet(b -> b.with(name, value)), (a, sent) ->
                        Looks.has(a, name, value) ? Seen.asSent(name + ": " + value + " arrived")
                                : Seen.repaired(Looks.how(a, name))));
    }

    /** A POST whose content is "hello" in chunked framing, under a transfer-encoding field. */
    private static ProxyCase chunked(String slug, String name, String value) {
        return ProxyCase.define("proxy/8.2.2/" + slug).rule("8.2.2", Quotes.CONNECTION_SPECIFIC)
                .sends("a POST with " + Looks.quoted(name) + ": " + Looks.quoted(value) + " and chunked-framed DATA")
                .run(stage -> malformed(stage.exchangePost(b -> b.with(name, value).data(CHUNKED_HELLO)),
                        (a, sent) -> transferEncoding(a, name, value)));
    }

    /**
     * Over HTTP/1.1 the origin frames by transfer-encoding: when the content it read is not the DATA the client sent
     * (the client's chunks were taken as framing), the field governed the origin. Over h2 the field itself is the
     * evidence.
     */
    private static Seen transferEncoding(Arrival a, String name, String value) {
        String body = Looks.body(a);
        if (a.kind() == OriginKind.H2C) {
            return a.fields().stream().anyMatch(f -> f.name().equals(name))
                    ? Seen.asSent(Looks.quoted(name) + ": " + Looks.how(a, name)) : Seen.repaired(Looks.how(a, name));
        }
        // a proxy that re-frames with chunks of its own hands the origin the client's DATA unchanged
        boolean framedByClient = !a.values("transfer-encoding").isEmpty() && !body.equals(CHUNKED_HELLO)
                && !body.startsWith("0\r\n");
        if (framedByClient || Looks.verbatim(a, name, value)) {
            return Seen.asSent(Looks.how(a, "transfer-encoding") + "; the origin read the content as "
                    + Looks.quoted(body));
        }
        return Seen.repaired(Looks.how(a, "transfer-encoding") + "; the content arrived as " + Looks.quoted(body));
    }
}
