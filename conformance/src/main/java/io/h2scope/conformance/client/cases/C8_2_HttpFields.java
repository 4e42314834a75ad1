package io.h2scope.conformance.client.cases;

import static io.h2scope.conformance.client.cases.ResponseScripts.accepted;
import static io.h2scope.conformance.client.cases.ResponseScripts.field;
import static io.h2scope.conformance.client.cases.ResponseScripts.malformed;
import static io.h2scope.conformance.client.cases.ResponseScripts.okWith;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.cases.ResponseScripts.FieldRule;
import io.h2scope.engine.hpack.HeaderField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** RFC 9113 §8.2: field names and values in a response the client must check, and in its own requests. */
public final class C8_2_HttpFields implements ClientSection {

    private static final String MINIMAL_VALIDATION = "A request or response that contains a field that violates any "
            + "of these conditions MUST be treated as malformed (Section 8.1.1).";
    private static final String CONNECTION_SPECIFIC = "Any message containing connection-specific header fields MUST "
            + "be treated as malformed (Section 8.1.1).";
    private static final Set<String> CONNECTION_FIELDS = Set.of("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade");

    @Override
    public String id() {
        return "client/8.2";
    }

    @Override
    public String title() {
        return "HTTP Fields";
    }

    @Override
    public List<ClientCase> cases() {
        List<ClientCase> cases = new ArrayList<>();
        cases.add(uppercaseName());
        cases.add(nameWith("name-with-space", "x-bad name", "a space (0x20)"));
        cases.add(nameWith("name-with-colon", "x-bad:name", "a colon (0x3a) after its first octet"));
        cases.add(nameWith("name-with-delete", "x-bad\u007fname", "DEL (0x7f)"));
        cases.add(valueWith("value-with-cr", "a\rb", "CR (0x0d)"));
        cases.add(valueWith("value-with-lf", "a\nb", "LF (0x0a)"));
        cases.add(valueWith("value-with-nul", "a\u0000b", "NUL (0x00)"));
        cases.add(valueEdge("value-leading-space", " ab", "a leading SP"));
        cases.add(valueEdge("value-trailing-tab", "ab\t", "a trailing HTAB"));
        cases.add(connectionSpecific("connection", "keep-alive"));
        cases.add(connectionSpecific("keep-alive", "timeout=5"));
        cases.add(connectionSpecific("proxy-connection", "keep-alive"));
        cases.add(connectionSpecific("transfer-encoding", "chunked"));
        cases.add(connectionSpecific("upgrade", "h2c"));
        cases.add(teInResponse());
        cases.add(cookieSplit());
        cases.add(manyFields());
        cases.add(requestNamesLowercase());
        cases.add(requestNoConnectionSpecific());
        cases.add(requestTeOnlyTrailers());
        return cases;
    }

    static ClientCase uppercaseName() {
        return ClientCase.define("client/8.2/uppercase-field-name").rfc("RFC 9113 §8.2.1")
                .quote("A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a, or 0x7f-0xff "
                        + "(all ranges inclusive).")
                .does("answers 200 with a field named X-Upper, and 5 octets")
                .run(malformed((peer, s) -> okWith(peer, s, field("X-Upper", "1"))));
    }

    private static ClientCase nameWith(String slug, String name, String what) {
        String quote = slug.equals("name-with-colon")
                ? "With the exception of pseudo-header fields (Section 8.3), which have a name that starts with a "
                        + "single colon, field names MUST NOT include a colon (ASCII COLON, 0x3a)."
                : "A field name MUST NOT contain characters in the ranges 0x00-0x20, 0x41-0x5a, or 0x7f-0xff (all "
                        + "ranges inclusive).";
        return ClientCase.define("client/8.2/" + slug).rfc("RFC 9113 §8.2.1").quote(quote)
                .does("answers 200 with a field name holding " + what + ", and 5 octets")
                .run(malformed((peer, s) -> okWith(peer, s, field(name, "1"))));
    }

    private static ClientCase valueWith(String slug, String value, String what) {
        return fieldValue(slug, "A field value MUST NOT contain the zero value (ASCII NUL, 0x00), line feed (ASCII LF, "
                + "0x0a), or carriage return (ASCII CR, 0x0d) at any position.", value, "holding " + what);
    }

    private static ClientCase valueEdge(String slug, String value, String what) {
        return fieldValue(slug, "A field value MUST NOT start or end with an ASCII whitespace character (ASCII SP or "
                + "HTAB, 0x20 or 0x09).", value, "with " + what);
    }

    private static ClientCase fieldValue(String slug, String quote, String value, String what) {
        return ClientCase.define("client/8.2/" + slug).rfc("RFC 9113 §8.2.1").quote(quote)
                .does("answers 200 with a field value " + what + ", and 5 octets")
                .run(malformed((peer, s) -> okWith(peer, s, field("x-value", value))));
    }

    private static ClientCase connectionSpecific(String name, String value) {
        return ClientCase.define("client/8.2.2/" + name + "-in-response").rfc("RFC 9113 §8.2.2")
                .quote(CONNECTION_SPECIFIC)
                .does("answers 200 with " + name + ": " + value + ", and 5 octets")
                .run(malformed((peer, s) -> okWith(peer, s, field(name, value))));
    }

    static ClientCase teInResponse() {
        return ClientCase.define("client/8.2.2/te-in-response").rfc("RFC 9113 §8.2.2")
                .quote("The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; "
                        + "when it is, it MUST NOT contain any value other than \"trailers\".")
                .does("answers 200 with te: gzip, and 5 octets (SHOULD: TE is connection-specific and excepted only "
                        + "in requests, so a response with it is judged malformed)")
                .should()
                .run(malformed((peer, s) -> okWith(peer, s, field("te", "gzip"))));
    }

    static ClientCase cookieSplit() {
        return ClientCase.define("client/8.2.3/cookie-split-accepted").rfc("RFC 9113 §8.2.3")
                .quote("To allow for better compression efficiency, the Cookie header field MAY be split into separate "
                        + "header fields, each with one or more cookie-pairs.")
                .does("answers 200 with three cookie fields and three set-cookie fields, and 5 octets")
                .run(accepted(200, 5, (peer, s) -> okWith(peer, s, field("cookie", "a=b"), field("cookie", "c=d"),
                        field("cookie", "e=f"), field("set-cookie", "a=b"), field("set-cookie", "c=d; Path=/"),
                        field("set-cookie", "e=f; HttpOnly"))));
    }

    static ClientCase manyFields() {
        return ClientCase.define("client/8.2/many-fields-accepted").rfc("RFC 9113 §8.2")
                .quote("HTTP fields (Section 5 of [HTTP]) are conveyed by HTTP/2 in the HEADERS, CONTINUATION, and "
                        + "PUSH_PROMISE frames, compressed with HPACK [COMPRESSION].")
                .does("answers 200 with 100 fields x-field-0 .. x-field-99, and 5 octets")
                .run(accepted(200, 5, (peer, s) -> {
                    HeaderField[] fields = new HeaderField[100];
                    for (int i = 0; i < fields.length; i++) {
                        fields[i] = field("x-field-" + i, "value " + i);
                    }
                    okWith(peer, s, fields);
                }));
    }

    static ClientCase requestNamesLowercase() {
        return ClientCase.define("client/8.2/request-names-lowercase").rfc("RFC 9113 §8.2")
                .quote("Field names MUST be converted to lowercase when constructing an HTTP/2 message.")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("every field name in lowercase", FieldRule.none(
                        f -> !f.name().equals(f.name().toLowerCase(Locale.ROOT)), "field")));
    }

    static ClientCase requestNoConnectionSpecific() {
        return ClientCase.define("client/8.2.2/request-no-connection-specific-fields").rfc("RFC 9113 §8.2.2")
                .quote("An endpoint MUST NOT generate an HTTP/2 message containing connection-specific header fields.")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("no connection, keep-alive, proxy-connection, transfer-encoding or "
                        + "upgrade field", FieldRule.none(f -> CONNECTION_FIELDS.contains(f.name().toLowerCase(
                                Locale.ROOT)), "connection-specific field")));
    }

    static ClientCase requestTeOnlyTrailers() {
        return ClientCase.define("client/8.2.2/request-te-only-trailers").rfc("RFC 9113 §8.2.2")
                .quote("The only exception to this is the TE header field, which MAY be present in an HTTP/2 request; "
                        + "when it is, it MUST NOT contain any value other than \"trailers\".")
                .does("reads the client's request fields")
                .run(ResponseScripts.request("no te field, or te: trailers", FieldRule.none(
                        f -> f.name().equalsIgnoreCase("te") && !f.value().equals("trailers"), "field")));
    }
}
