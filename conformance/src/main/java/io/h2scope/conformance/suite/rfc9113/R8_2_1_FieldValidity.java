package io.h2scope.conformance.suite.rfc9113;

import static io.h2scope.conformance.suite.steps.Fields.field;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.steps.Fields;
import io.h2scope.conformance.verdict.Expect;
import java.util.List;

/**
 * RFC 9113 §8.2.1: the minimal field validation RFC 9113 made a MUST (RFC 7540 only warned about it
 * in §10.3), and the SHOULD to validate against HTTP's own grammar.
 */
public final class R8_2_1_FieldValidity implements Section {

    private static final String NAME_CHARS = "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a, or 0x7f-0xff (all ranges inclusive). ... A request or response that contains a field that violates any of these conditions MUST be treated as malformed (Section 8.1.1).";
    private static final String COLON = "With the exception of pseudo-header fields (Section 8.3), which have a name that starts with a single colon, field names MUST NOT include a colon (ASCII COLON, 0x3a). ... A request or response that contains a field that violates any of these conditions MUST be treated as malformed (Section 8.1.1).";
    private static final String VALUE_CHARS = "A field value MUST NOT contain the zero value (ASCII NUL, 0x00), line feed (ASCII LF, 0x0a), or carriage return (ASCII CR, 0x0d) at any position. ... A request or response that contains a field that violates any of these conditions MUST be treated as malformed (Section 8.1.1).";
    private static final String WHITESPACE = "A field value MUST NOT start or end with an ASCII whitespace character (ASCII SP or HTAB, 0x20 or 0x09). ... A request or response that contains a field that violates any of these conditions MUST be treated as malformed (Section 8.1.1).";
    private static final String SHOULD_VALIDATE = "HTTP/2 implementations SHOULD validate field names and values according to their definitions in Sections 5.1 and 5.5 of [HTTP], respectively, and treat messages that contain prohibited characters as malformed (Section 8.1.1).";
    private static final String MALFORMED = "RST_STREAM PROTOCOL_ERROR (malformed request), a 400 before it allowed";

    @Override
    public String id() {
        return "rfc9113/8.2.1";
    }

    @Override
    public String title() {
        return "Field Validity";
    }

    @Override
    public List<CaseDef> cases() {
        return List.of(
                malformed("cr-in-value", "10.3", "x-test: a\\rb (CR inside the value)", VALUE_CHARS, "x-test", "a\rb"),
                malformed("lf-in-value", "10.3", "x-test: a\\nb (LF inside the value)", VALUE_CHARS, "x-test", "a\nb"),
                malformed("nul-in-value", "10.3", "x-test: a\\0b (NUL inside the value)", VALUE_CHARS, "x-test", "a\0b"),
                malformed("leading-space-in-value", "10.3", "x-test: \" ok\" (the value starts with SP)", WHITESPACE,
                        "x-test", " ok"),
                malformed("trailing-tab-in-value", "10.3", "x-test: \"ok\\t\" (the value ends with HTAB)", WHITESPACE,
                        "x-test", "ok\t"),
                malformed("uppercase-in-name", "8.1.2", "x-Test: ok (one uppercase letter in the name)", NAME_CHARS,
                        "x-Test", "ok"),
                malformed("empty-name", "10.3", "a field with an empty name and the value ok", NAME_CHARS, "", "ok"),
                malformed("space-in-name", "10.3", "\"x test: ok\" (SP inside the name)", NAME_CHARS, "x test", "ok"),
                malformed("high-octet-in-name", "10.3", "x-t\\xe9st: ok (octet 0xe9 in the name)", NAME_CHARS,
                        "x-t\u00e9st", "ok"),
                malformed("colon-in-name", "10.3", "x:test: ok (a colon inside a regular name)", COLON, "x:test", "ok"),
                CaseDef.define("rfc9113/8.2.1/non-token-character-in-name").rfc("10.3", "8.2.1").should()
                        .sends("a GET whose head also carries x(test): ok ('(' is not a token character in HTTP)")
                        .quote(SHOULD_VALIDATE).accepts(MALFORMED).errorCase()
                        .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field("x(test", "ok")))),
                CaseDef.define("rfc9113/8.2.1/inner-space-and-tab-in-value").rfc("10.3", "8.2.1")
                        .sends("a GET whose head also carries x-test: \"a b\\tc\" (whitespace inside a value is allowed)")
                        .quote("A field value MUST NOT start or end with an ASCII whitespace character (ASCII SP or HTAB, 0x20 or 0x09).")
                        .accepts("a response: only leading and trailing whitespace is prohibited")
                        .run(p -> Expect.response(p, Fields.getOnStream1(p, field("x-test", "a b\tc")))));
    }

    /** A GET whose head also carries one field that breaks §8.2.1. */
    private static CaseDef malformed(String slug, String rfc7540, String what, String quote, String name, String value) {
        return CaseDef.define("rfc9113/8.2.1/" + slug).rfc(rfc7540, "8.2.1")
                .sends("a GET whose head also carries " + what)
                .quote(quote).accepts(MALFORMED).errorCase()
                .run(p -> Expect.malformed(p, Fields.getOnStream1(p, field(name, value))));
    }
}
