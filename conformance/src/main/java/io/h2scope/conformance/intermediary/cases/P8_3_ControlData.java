package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformed;

import io.h2scope.conformance.intermediary.IntermediaryJudge;
import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 9113 §8.3: pseudo-header fields. Toward HTTP/1.1, {@code :path} and {@code :method} become the request line,
 * where a space or CR LF ends a part of it; {@code :authority} becomes Host.
 */
public final class P8_3_ControlData implements ProxySection {

    @Override
    public String id() {
        return "proxy/8.3";
    }

    @Override
    public String title() {
        return "HTTP Control Data";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                pathCase("path-empty", m -> "", Quotes.PATH_EMPTY, "an empty :path"),
                pathCase("path-with-space", m -> m.path() + " x", Quotes.PATH_FORM, "a :path with a space inside"),
                pathCase("path-without-slash", m -> m.path().substring(1), Quotes.PATH_FORM,
                        "a :path not starting with \"/\""),
                pathCase("path-with-crlf", m -> m.path() + " HTTP/1.1\r\n" + "x-h2scope-injected: 1\r\nx-h2scope-rest: ",
                        Quotes.PATH_FORM, "a :path holding CR LF and a field line (request-line injection)"),
                ProxyCase.define("proxy/8.3/method-with-space").rule("8.3.1", Quotes.MANDATORY)
                        .sends("a :method with a space inside (\"GET /x\")")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.replace(":method", "GET /x")),
                                (a, sent) -> a.method().equals("GET /x") || a.target().startsWith("/x ")
                                        ? Seen.asSent(":method \"GET /x\" arrived as the method " + Looks.quoted(a.method()))
                                        : Seen.repaired("arrived as " + Looks.quoted(a.method() + " " + a.target())))),
                missing(":method"), missing(":scheme"), missing(":path"),
                ProxyCase.define("proxy/8.3/status-in-request").rule("8.3", Quotes.PSEUDO_OTHER_SIDE)
                        .sends("a GET with :status: 200, a response pseudo-header field, among its pseudo-header fields")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.pseudo(":status", "200")), (a, sent) ->
                                a.fields().stream().anyMatch(f -> f.name().equals(":status"))
                                        ? Seen.asSent(":status arrived: " + Looks.pseudo(a.fields(), ":status"))
                                        : Seen.repaired("without :status"))),
                ProxyCase.define("proxy/8.3/unknown-pseudo-header").rule("8.3", Quotes.PSEUDO_UNDEFINED)
                        .sends("a GET with :h2scope: 1, a pseudo-header field no RFC defines")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.with(":h2scope", "1")), (a, sent) ->
                                Looks.has(a, ":h2scope", "1") ? Seen.asSent(":h2scope: 1 arrived")
                                        : Seen.repaired("without :h2scope"))),
                ProxyCase.define("proxy/8.3/pseudo-after-regular").rule("8.3", Quotes.PSEUDO_ORDER)
                        .sends("a GET whose :path comes after a regular field")
                        .run(stage -> malformed(stage.exchange(m -> {
                            ProxyRequest plain = ProxyRequest.get(m, stage.authority()).build();
                            List<HeaderField> fields = new ArrayList<>(plain.fields());
                            HeaderField path = fields.remove(3);
                            fields.add(path); // after x-h2scope-case
                            return new ProxyRequest(fields, List.of(), List.of());
                        }), (a, sent) -> orderAsSent(a))),
                ProxyCase.define("proxy/8.3/repeated-path").rule("8.3", Quotes.PSEUDO_REPEATED)
                        .sends("a GET with two :path fields, the second /h2scope/other")
                        .run(stage -> malformed(stage.exchangeGet(b -> b.with(":path", "/h2scope/other")),
                                (a, sent) -> a.kind() == OriginKind.H2C && Looks.pseudo(a.fields(), ":path").size() > 1
                                        ? Seen.asSent("both :path fields arrived")
                                        : Seen.asSent("forwarded, for :path " + Looks.quoted(a.target())
                                                + ": the origin is told one of two targets the client gave"))),
                ProxyCase.define("proxy/8.3/pseudo-in-trailers").rule("8.3", Quotes.PSEUDO_IN_TRAILERS)
                        .sends("a POST whose trailer section holds :authority: h2scope.invalid")
                        .run(stage -> malformed(stage.exchangePost(b -> b.data("hello")
                                .trailer(":authority", "h2scope.invalid")), (a, sent) -> a.trailers().stream()
                                .anyMatch(f -> f.name().equals(":authority"))
                                ? Seen.asSent(":authority arrived in the trailers")
                                : Seen.repaired("the trailers arrived as " + a.trailers()))),
                ProxyCase.define("proxy/8.3.1/host-differs-from-authority").rule("8.3.1", Quotes.HOST_FROM_AUTHORITY)
                        .sends("a GET with host: other.h2scope.invalid beside the front's :authority")
                        .toward(OriginKind.H1)
                        .run(stage -> IntermediaryJudge.eitherWay("refused (a server SHOULD treat it as malformed), or the"
                                        + " client's host field replaced at the HTTP/1.1 origin",
                                stage.exchangeGet(b -> b.with("host", "other.h2scope.invalid")), (a, sent) -> {
                                    List<String> host = a.values("host");
                                    if (host.contains(sent.value("host"))) {
                                        return Seen.asSent(Looks.how(a, "host") + ", not :authority "
                                                + sent.value(":authority"));
                                    }
                                    // a proxy that rewrites the target for its upstream may name that upstream
                                    return Seen.allowed(Looks.how(a, "host") + " (the client's host field replaced)");
                                })));
    }

    /**
     * A GET without one of the three pseudo-header fields every request but CONNECT has. Over h2 the origin sees the
     * gap itself; HTTP/1.1 has no scheme, and a method and a target the intermediary must make up, so there the fault
     * cannot arrive and forwarding is the lenient repair.
     */
    private static ProxyCase missing(String pseudo) {
        return ProxyCase.define("proxy/8.3.1/" + pseudo.substring(1) + "-missing").rule("8.3.1", Quotes.MANDATORY)
                .sends("a GET without " + pseudo)
                .run(stage -> malformed(stage.exchangeGet(b -> b.without(pseudo)), (a, sent) ->
                        a.kind() != OriginKind.H1 && Looks.pseudo(a.fields(), pseudo).isEmpty()
                                ? Seen.asSent("arrived without " + pseudo + ": " + a.names())
                                : Seen.repaired(a.kind() == OriginKind.H1
                                        ? "made up as " + Looks.quoted(a.method() + " " + a.target())
                                        : pseudo + " added: " + Looks.pseudo(a.fields(), pseudo))));
    }

    private static Seen orderAsSent(Arrival a) {
        if (a.kind() == OriginKind.H2C) {
            List<String> names = a.names();
            int path = names.indexOf(":path");
            boolean afterRegular = names.subList(0, Math.max(0, path)).stream().anyMatch(n -> !n.startsWith(":"));
            return afterRegular ? Seen.asSent(":path arrived after a regular field: " + names)
                    : Seen.repaired("reordered: " + names);
        }
        return Seen.repaired("forwarded as " + Looks.quoted(a.method() + " " + a.target()));
    }

    private static ProxyCase pathCase(String slug, java.util.function.Function<Marker, String> path, String quote,
            String sends) {
        return ProxyCase.define("proxy/8.3.1/" + slug).rule("8.3.1", quote)
                .sends("a GET with " + sends)
                .run(stage -> malformed(stage.exchange(m -> ProxyRequest.get(m, stage.authority())
                        .replace(":path", path.apply(m)).build()), (a, sent) -> {
                            String p = sent.value(":path");
                            if (a.has(Looks.INJECTED)) {
                                return Seen.asSent("the :path's CR LF made a field of its own at the origin");
                            }
                            if (a.target().equals(p) || a.target().startsWith(p.split(" ")[0] + " ")) {
                                return Seen.asSent(":path " + Looks.quoted(p) + " arrived as the target "
                                        + Looks.quoted(a.target()));
                            }
                            return Seen.repaired("arrived as the target " + Looks.quoted(a.target()));
                        }));
    }
}
