package io.h2scope.conformance.intermediary.cases;

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
 * RFC 9113 §8.2 and §8.2.1, response side: field lines an HTTP/1.1 origin must not send (octets a name or value must
 * not hold, obs-fold, lines that are no field) must not become HTTP/2 fields as they came; names are lowercased; a
 * valid repeated field (Set-Cookie) stays as many fields.
 */
public final class R8_2_ResponseFields implements ProxySection {

    /** The field a case puts its fault in. */
    private static final String FIELD = "x-h2scope-field";

    @Override
    public String id() {
        return "proxy/response/8.2";
    }

    @Override
    public String title() {
        return "Response fields: validity, obs-fold, case";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                value("value-nul", "a\u0000b", Quotes.VALUE_OCTETS, "NUL inside a value"),
                value("value-cr", "a\rb", Quotes.VALUE_OCTETS, "a bare CR inside a value"),
                value("value-del", "a\u007fb", ResponseQuotes.VALIDATE, "DEL (0x7f) inside a value"),
                name("name-with-space", "x-h2scope bad", Quotes.NAME_OCTETS, "a field name with a space inside"),
                name("name-trailing-space", FIELD + " ", Quotes.NAME_OCTETS,
                        "whitespace between the field name and its colon (RFC 9112 §5.1)"),
                name("name-nul", "x-h2scope\u0000bad", Quotes.NAME_OCTETS, "a field name with NUL inside"),
                name("name-non-ascii", "x-h2scope-\u00e9", Quotes.NAME_OCTETS, "a field name with the octet 0xe9"),
                name("name-non-token", "x-h2scope(bad)", ResponseQuotes.VALIDATE, "a field name with \"(\" and \")\""),
                name("name-empty", "", ResponseQuotes.VALIDATE, "a field line with nothing before its colon"),
                fold("obs-fold-space", " "),
                fold("obs-fold-tab", "\t"),
                line("line-without-colon", "x-h2scope-nocolon\r\n", ResponseQuotes.VALIDATE,
                        "a field line without a colon (\"x-h2scope-nocolon\")", "nocolon"),
                line("whitespace-before-first-field", " " + FIELD + ": 1\r\n", Quotes.NAME_OCTETS,
                        "its first field line starting with SP (RFC 9112 §2.2)", "h2scope-field"),
                ProxyCase.define("proxy/response/8.2.1/value-non-ascii").rule("8.2.1", Quotes.VALUE_OCTETS)
                        .sends("a GET; the HTTP/1.1 origin answers a 200 with the octet 0xe9 inside a value (obs-text,"
                                + " which RFC 9113 §8.2.1 does not forbid)")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.valid("the 200, the value as it came or the field dropped",
                                ResponseExchange.get(stage, m -> OriginAnswers.ok(m, FIELD + ": caf\u00e9\r\n")),
                                got -> has(got, FIELD, "caf\u00e9") ? Seen.allowed("the value forwarded as opaque"
                                        + " octets") : Seen.repaired(Looks.quoted("caf\u00e9") + " not forwarded as"
                                                + " it came: " + ResponseLooks.shown(ResponseLooks.named(got, FIELD))))),
                ProxyCase.define("proxy/response/8.2/name-uppercase-lowered").rule("8.2", ResponseQuotes.LOWERCASE)
                        .sends("a GET; the HTTP/1.1 origin answers a 200 with the field X-H2scope-Upper: 1")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.valid("the field as x-h2scope-upper: 1",
                                ResponseExchange.get(stage, m -> OriginAnswers.ok(m, "X-H2scope-Upper: 1\r\n")),
                                got -> has(got, "x-h2scope-upper", "1") ? Seen.allowed("the name lowercased")
                                        : ResponseLooks.named(got, "x-h2scope-upper").isEmpty()
                                                ? Seen.repaired("the field dropped")
                                                : Seen.asSent("arrived as " + ResponseLooks.shown(
                                                        ResponseLooks.named(got, "x-h2scope-upper"))))),
                ProxyCase.define("proxy/response/8.2/set-cookie-kept-apart").rule("8", ResponseQuotes.MESSAGE)
                        .sends("a GET; the HTTP/1.1 origin answers a 200 with two Set-Cookie lines (RFC 9110 §5.3: they"
                                + " cannot be joined with \",\")")
                        .toward(OriginKind.H1)
                        .run(stage -> ResponseJudge.valid("two set-cookie fields, a=1 and b=2",
                                ResponseExchange.get(stage, m -> OriginAnswers.ok(m,
                                        "set-cookie: a=1\r\nset-cookie: b=2\r\n")), got -> {
                                    List<String> cookies = got.head().map(h -> h.values("set-cookie")).orElse(List.of());
                                    return cookies.equals(List.of("a=1", "b=2"))
                                            ? Seen.allowed("each Set-Cookie its own field")
                                            : Seen.asSent("set-cookie arrived as " + cookies);
                                })),
                h2Field("h2-name-uppercase", "X-H2scope-Upper", "1", Quotes.NAME_OCTETS, "a field named X-H2scope-Upper"),
                h2Field("h2-value-crlf", FIELD, "a\r\nx-h2scope-injected: 1", Quotes.VALUE_OCTETS,
                        "CR LF and a field line inside a value"),
                h2Field("h2-value-leading-space", FIELD, " a", Quotes.VALUE_WHITESPACE, "a value starting with SP"));
    }

    private static ProxyCase value(String slug, String value, String quote, String sends) {
        return define("proxy/response/8.2.1/" + slug, quote)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + sends + " (" + FIELD + ": "
                        + Looks.quoted(value) + ")")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.ok(m,
                        FIELD + ": " + value + "\r\n")), ResponseLooks.field(FIELD, value, FIELD,
                                value.replaceAll("[\\x00\\r\\x7f]", " "))));
    }

    private static ProxyCase name(String slug, String name, String quote, String sends) {
        return define("proxy/response/8.2.1/" + slug, quote)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + sends + " (" + Looks.quoted(name) + ": 1)")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.ok(m,
                        name + ": 1\r\n")), ResponseLooks.field(name, "1", name.strip(), "1")));
    }

    /** A value folded over two lines: RFC 9112 §5.2 lets a proxy replace the fold with SP, or refuse. */
    private static ProxyCase fold(String slug, String indent) {
        String folded = "a\r\n" + indent + "b";
        return ProxyCase.define("proxy/response/8.2.1/" + slug).rule("8.2.1", Quotes.VALUE_OCTETS)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with a value folded onto a second line starting"
                        + " with " + (indent.equals(" ") ? "SP" : "HTAB") + " (obs-fold, RFC 9112 §5.2)")
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.ok(m,
                        FIELD + ": " + folded + "\r\n")), got -> {
                            List<HeaderField> found = ResponseLooks.named(got, FIELD);
                            if (found.stream().anyMatch(f -> f.value().contains("\r") || f.value().contains("\n"))) {
                                return Seen.asSent("the fold's CR LF reached the client: " + ResponseLooks.shown(found));
                            }
                            if (got.head().map(h -> h.fields().stream().anyMatch(f -> f.name().strip().equals("b")
                                    || f.name().startsWith(indent))).orElse(false)) {
                                return Seen.asSent("the continuation line became a field of its own");
                            }
                            if (found.stream().anyMatch(f -> f.value().matches("a[ \\t]+b"))) {
                                return Seen.allowed("the fold replaced with whitespace: " + ResponseLooks.shown(found));
                            }
                            return Seen.repaired(found.isEmpty() ? "the folded field dropped, the response kept"
                                    : "arrived as " + ResponseLooks.shown(found));
                        }));
    }

    /** A line that is no field line: ignored (PASS-LENIENT) or refused, never a field. */
    private static ProxyCase line(String slug, String line, String quote, String sends, String trace) {
        return define("proxy/response/8.2.1/" + slug, quote)
                .sends("a GET; the HTTP/1.1 origin answers a 200 with " + sends)
                .toward(OriginKind.H1)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.ok(m, line)),
                        got -> {
                            List<HeaderField> found = got.head().map(h -> h.fields().stream()
                                    .filter(f -> f.name().contains(trace) || f.value().contains(trace)).toList())
                                    .orElse(List.of());
                            return found.isEmpty() ? Seen.repaired("the line ignored, the response kept")
                                    : Seen.asSent("the line reached the client as " + ResponseLooks.shown(found));
                        }));
    }

    private static ProxyCase h2Field(String slug, String name, String value, String quote, String sends) {
        return ProxyCase.define("proxy/response/8.2.1/" + slug).rule("8.2.1", quote)
                .sends("a GET; the h2c origin answers a 200 with " + sends)
                .toward(OriginKind.H2C)
                .run(stage -> ResponseJudge.faulty(ResponseExchange.get(stage, m -> OriginAnswers.h2(m,
                        List.of(status("200"), field(name, value)))), ResponseLooks.field(name, value, "", "")));
    }

    /** A case of §8.2.1's rule {@code quote}: the SHOULD of validating by the field grammar runs with --strict. */
    private static ProxyCase.Builder define(String id, String quote) {
        ProxyCase.Builder b = ProxyCase.define(id).rule("8.2.1", quote);
        return quote.equals(ResponseQuotes.VALIDATE) ? b.should() : b;
    }

    private static boolean has(Received got, String name, String value) {
        return got.head().map(h -> h.values(name).contains(value)).orElse(false);
    }
}
