package io.h2scope.conformance.intermediary.cases;

import static io.h2scope.conformance.intermediary.IntermediaryJudge.malformed;

import io.h2scope.conformance.intermediary.ProxyCase;
import io.h2scope.conformance.intermediary.ProxySection;
import io.h2scope.conformance.intermediary.Seen;
import io.h2scope.conformance.intermediary.origin.Arrival;
import java.util.List;

/**
 * RFC 9113 §8.2.1: octets a field name or value must not hold. Toward HTTP/1.1, CR and LF are delimiters: a value
 * that carries them, forwarded as it came, makes a field (or a request) of its own at the origin.
 */
public final class P8_2_1_FieldValidity implements ProxySection {

    @Override
    public String id() {
        return "proxy/8.2.1";
    }

    @Override
    public String title() {
        return "Field Validity";
    }

    @Override
    public List<ProxyCase> cases() {
        return List.of(
                valueCase("value-crlf-injects-field", "a\r\n" + Looks.INJECTED + ": 1", Quotes.VALUE_OCTETS,
                        "CR LF and a field line inside a value"),
                valueCase("value-lf-injects-field", "a\n" + Looks.INJECTED + ": 1", Quotes.VALUE_OCTETS,
                        "a bare LF and a field line inside a value"),
                valueCase("value-cr", "a\rb", Quotes.VALUE_OCTETS, "a bare CR inside a value"),
                valueCase("value-nul", "a\0b", Quotes.VALUE_OCTETS, "NUL inside a value"),
                valueCase("value-leading-space", " a", Quotes.VALUE_WHITESPACE, "a value starting with SP"),
                valueCase("value-trailing-space", "a ", Quotes.VALUE_WHITESPACE, "a value ending with SP"),
                valueCase("value-trailing-tab", "a\t", Quotes.VALUE_WHITESPACE, "a value ending with HTAB"),
                nameCase("name-uppercase", "X-H2scope-Upper", Quotes.NAME_OCTETS, "a field name with uppercase letters"),
                nameCase("name-with-space", "x-h2scope bad", Quotes.NAME_OCTETS, "a field name with a space"),
                nameCase("name-with-colon", "x-h2scope:bad", Quotes.NAME_COLON, "a field name with a colon inside"),
                nameCase("name-with-nul", "x-h2scope\0bad", Quotes.NAME_OCTETS, "a field name with NUL inside"),
                nameCase("name-non-ascii", "x-h2scope-\u00e9", Quotes.NAME_OCTETS, "a field name with the octet 0xe9"));
    }

    private static ProxyCase valueCase(String slug, String value, String quote, String sends) {
        return ProxyCase.define("proxy/8.2.1/" + slug).rule("8.2.1", quote)
                .sends("a GET with " + sends + " (" + Looks.FIELD + ": " + Looks.quoted(value) + ")")
                .run(stage -> malformed(stage.exchangeGet(b -> b.with(Looks.FIELD, value)),
                        (a, sent) -> value(a, value)));
    }

    private static Seen value(Arrival a, String value) {
        if (a.has(Looks.INJECTED)) {
            return Seen.asSent("the value's CR/LF made a field of its own at the origin: " + Looks.INJECTED + ": "
                    + a.values(Looks.INJECTED));
        }
        if (Looks.verbatim(a, Looks.FIELD, value)) {
            return Seen.asSent(Looks.FIELD + ": " + Looks.quoted(value) + " arrived octet for octet");
        }
        return Seen.repaired(Looks.how(a, Looks.FIELD));
    }

    private static ProxyCase nameCase(String slug, String name, String quote, String sends) {
        return ProxyCase.define("proxy/8.2.1/" + slug).rule("8.2.1", quote)
                .sends("a GET with " + sends + " (" + Looks.quoted(name) + ": 1)")
                .run(stage -> malformed(stage.exchangeGet(b -> b.with(name, "1")), (a, sent) -> {
                    if (Looks.verbatim(a, name, "1")) {
                        return Seen.asSent("the field name " + Looks.quoted(name) + " arrived as it was sent");
                    }
                    return Seen.repaired("no field named " + Looks.quoted(name) + " arrived; fields: " + a.names());
                }));
    }
}
