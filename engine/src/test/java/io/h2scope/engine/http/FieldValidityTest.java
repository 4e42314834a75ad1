package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.assertPrintable;
import static io.h2scope.engine.http.Blocks.get;
import static io.h2scope.engine.http.Blocks.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.StreamError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9113 §8.2.1 field validity, plus the empty-name defence (H2-ATTACKS SEC-09) and SEC-20 injection. */
class FieldValidityTest {

    private final MessageValidator strict = new MessageValidator(ValidationOptions.defaults());
    private final MessageValidator minimal = new MessageValidator(ValidationOptions.defaults().withStrictFieldSyntax(false));

    @Test
    void uppercaseName_rfc9113_8_2_1() {
        StreamError e = assertMalformed("8.2.1", () -> strict.request(STREAM, get("X-Forwarded-For", "1.2.3.4")));
        assertTrue(e.detail().contains("uppercase character 'X'"), e.detail());
        assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x-Forwarded", "1")));
        assertMalformed("8.2.1", () -> strict.response(STREAM, ok("Content-Type", "text/html")));
    }

    @Test
    void colonInsideName_rfc9113_8_2_1() {
        StreamError e = assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x:y", "1")));
        assertTrue(e.detail().contains("colon"), e.detail());
    }

    @ParameterizedTest
    @ValueSource(chars = {'\0', '\r', '\n', '\t', ' ', 0x7f, 0x80, 0xff})
    void forbiddenCharacterInName_rfc9113_8_2_1(char c) {
        String name = "x-a" + c + "b";
        StreamError e = assertMalformed("8.2.1", () -> minimal.request(STREAM, get(name, "v")));
        assertPrintable(e.detail());
        assertMalformed("8.2.1", () -> minimal.trailers(STREAM, Blocks.fields(name, "v")));
    }

    @Test
    void emptyName_rfc9113_8_2_1_sec09() {
        StreamError e = assertMalformed("8.2.1", () -> minimal.request(STREAM, get("", "")));
        assertEquals("empty field name", e.detail());
        // a block that starts with empty names (no pseudo-headers at all) fails on the first one
        assertMalformed("8.2.1", () -> strict.trailers(STREAM, Blocks.fields("", "", "", "")));
    }

    @Test
    void nonTokenNameOnlyInStrictMode_rfc9113_8_2_1_should() {
        assertMalformed("8.2.1", () -> strict.request(STREAM, get("x(y)", "1")));
        minimal.request(STREAM, get("x(y)", "1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\rb", "a\nb", "a\0b", "x\r\ntransfer-encoding: chunked"})
    void nulCrLfInValue_rfc9113_8_2_1(String value) {
        StreamError e = assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x-v", value)));
        assertPrintable(e.detail());
        assertTrue(e.detail().contains("\\r") || e.detail().contains("\\n") || e.detail().contains("\\0"), e.detail());
        assertMalformed("8.2.1", () -> minimal.response(STREAM, ok("x-v", value)));
        assertMalformed("8.2.1", () -> minimal.trailers(STREAM, Blocks.fields("x-v", value)));
    }

    @ParameterizedTest
    @ValueSource(strings = {" a", "a ", "\ta", "a\t", " ", "\t"})
    void leadingOrTrailingWhitespaceInValue_rfc9113_8_2_1(String value) {
        assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x-v", value)));
    }

    @Test
    void whitespaceInsideValueAndEmptyValueAreValid_rfc9113_8_2_1() {
        RequestHead head = strict.request(STREAM, get("x-v", "a b\tc", "x-empty", "", "x-high", "caf\u00e9"));
        assertEquals("a b\tc", head.header("x-v"));
        assertEquals("", head.header("x-empty"));
    }

    @Test
    void otherControlsInValueOnlyInStrictMode_rfc9113_8_2_1_should() {
        assertMalformed("8.2.1", () -> strict.request(STREAM, get("x-v", "a\u0001b")));
        assertMalformed("8.2.1", () -> strict.request(STREAM, get("x-v", "a\u007fb")));
        assertEquals("a\u0001b", minimal.request(STREAM, get("x-v", "a\u0001b")).header("x-v"));
    }

    @Test
    void charAboveOneOctetIsRejected_rfc9113_8_2_1() {
        assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x-v", "a\u0100b")));
        assertMalformed("8.2.1", () -> minimal.request(STREAM, get("x-\u0100", "v")));
    }

    @Test
    void pseudoHeaderValuesFollowTheSameRules_rfc9113_8_2_1() {
        StreamError e = assertMalformed("8.2.1", () -> minimal.request(STREAM, Blocks.fields(
                ":method", "GET /admin HTTP/1.1\r\nX:", ":scheme", "https", ":path", "/")));
        assertPrintable(e.detail());
        assertMalformed("8.2.1", () -> minimal.response(STREAM, Blocks.fields(":status", "200 ")));
    }

    @Test
    void longHostileValueIsCutInTheDetail() {
        String value = "a\r".repeat(5000);
        StreamError e = assertMalformed("8.2.1", () -> strict.request(STREAM, get("x-v", value)));
        assertTrue(e.detail().length() < 400, e.detail());
        assertPrintable(e.detail());
    }
}
