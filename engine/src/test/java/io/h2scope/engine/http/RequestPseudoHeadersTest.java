package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.fields;
import static io.h2scope.engine.http.Blocks.get;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.hpack.HeaderField;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 9113 §8.3, §8.3.1 and §8.5 (with RFC 8441 extended CONNECT) on request blocks. */
class RequestPseudoHeadersTest {

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());
    private final MessageValidator extended = new MessageValidator(ValidationOptions.defaults().withAllowExtendedConnect(true));

    @Test
    void validGetKeepsControlDataAndRegularFieldsInOrder_rfc9113_8_3_1() {
        RequestHead head = validator.request(STREAM, get("accept", "*/*", "cookie", "a=b", "x-b", "2"));
        assertEquals("GET", head.method());
        assertEquals("https", head.scheme());
        assertEquals("example.com", head.authority());
        assertEquals("/index.html", head.path());
        assertNull(head.protocol());
        assertEquals(List.of("accept", "cookie", "x-b"), head.fields().stream().map(HeaderField::name).toList());
        assertEquals(-1, head.contentLength());
        assertFalse(head.isConnect());
    }

    @Test
    void missingMandatoryPseudoHeader_rfc9113_8_3_1() {
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":scheme", "https", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields("accept", "*/*")));
    }

    @Test
    void repeatedPseudoHeader_rfc9113_8_3() {
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "GET", ":method", "GET",
                ":scheme", "https", ":path", "/")));
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                ":path", "/", ":path", "/admin")));
    }

    @Test
    void pseudoHeaderAfterRegularField_rfc9113_8_3() {
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                "accept", "*/*", ":path", "/")));
    }

    @Test
    void undefinedOrResponsePseudoHeaderInRequest_rfc9113_8_3() {
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "GET", ":status", "200", ":scheme", "https", ":path", "/")));
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "GET", ":foo", "x", ":scheme", "https", ":path", "/")));
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":", "x", ":method", "GET", ":scheme", "https", ":path", "/")));
    }

    @Test
    void protocolWithoutExtendedConnect_rfc9113_8_3() {
        assertMalformed("8.3", () -> validator.request(STREAM, fields(":method", "CONNECT", ":protocol", "websocket",
                ":scheme", "https", ":authority", "example.com", ":path", "/chat")));
    }

    @Test
    void pathRules_rfc9113_8_3_1() {
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https", ":path", "")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "http", ":path", "index.html")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https", ":path", "*")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https", ":path", "http://evil/x")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https", ":path", "/a b")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "HTTPS", ":path", "x")));
        assertEquals("*", validator.request(STREAM, fields(":method", "OPTIONS", ":scheme", "https",
                ":authority", "example.com", ":path", "*")).path());
        // other schemes are not bound to the http(s) path forms
        assertEquals("", validator.request(STREAM, fields(":method", "GET", ":scheme", "urn", ":path", "")).path());
    }

    @Test
    void methodSchemeAndAuthoritySyntax_rfc9113_8_3_1() {
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET /admin HTTP/1.1", ":scheme", "https", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "", ":scheme", "https", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "ht tp", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "1http", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                ":authority", "user:pw@example.com", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                ":authority", "example.com/evil", ":path", "/")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                ":authority", "", ":path", "/")));
        assertEquals("[::1]:8443", validator.request(STREAM, fields(":method", "GET", ":scheme", "https",
                ":authority", "[::1]:8443", ":path", "/")).authority());
    }

    @Test
    void connect_rfc9113_8_5() {
        RequestHead head = validator.request(STREAM, fields(":method", "CONNECT", ":authority", "example.com:443"));
        assertTrue(head.isConnect());
        assertNull(head.scheme());
        assertNull(head.path());
        assertMalformed("8.5", () -> validator.request(STREAM, fields(":method", "CONNECT")));
        assertMalformed("8.5", () -> validator.request(STREAM, fields(":method", "CONNECT", ":authority", "example.com:443", ":path", "/")));
        assertMalformed("8.5", () -> validator.request(STREAM, fields(":method", "CONNECT", ":scheme", "https", ":authority", "example.com:443")));
        assertMalformed("8.5", () -> validator.request(STREAM, fields(":method", "CONNECT", ":authority", "example.com")));
        assertMalformed("8.5", () -> validator.request(STREAM, fields(":method", "CONNECT", ":authority", "[::1]")));
        assertEquals("[::1]:22", validator.request(STREAM, fields(":method", "CONNECT", ":authority", "[::1]:22")).authority());
    }

    @Test
    void extendedConnect_rfc8441_4_rfc9113_8_5() {
        RequestHead head = extended.request(STREAM, fields(":method", "CONNECT", ":protocol", "websocket",
                ":scheme", "https", ":authority", "example.com", ":path", "/chat"));
        assertTrue(head.isConnect());
        assertTrue(head.isExtendedConnect());
        assertEquals("websocket", head.protocol());
        assertEquals(ContentLengthCheck.none(), ContentLengthCheck.forRequest(STREAM, head));
        assertMalformed("8.3.1", () -> extended.request(STREAM, fields(":method", "CONNECT", ":protocol", "websocket",
                ":authority", "example.com")));
        assertMalformed("8.5", () -> extended.request(STREAM, fields(":method", "GET", ":protocol", "websocket",
                ":scheme", "https", ":path", "/")));
        assertMalformed("8.5", () -> extended.request(STREAM, fields(":method", "CONNECT", ":protocol", "web socket",
                ":scheme", "https", ":authority", "example.com", ":path", "/")));
    }

    @Test
    void hostDiffersFromAuthority_rfc9113_8_3_1_should() {
        assertMalformed("8.3.1", () -> validator.request(STREAM, get("host", "evil.example")));
        // scheme-based normalization (RFC 3986 §6.2.3): case of the host, default port, empty port
        validator.request(STREAM, get("host", "EXAMPLE.com"));
        validator.request(STREAM, get("host", "example.com:443"));
        validator.request(STREAM, get("host", "example.com:"));
        assertMalformed("8.3.1", () -> validator.request(STREAM, get("host", "example.com:80")));
        assertMalformed("8.3.1", () -> validator.request(STREAM, get("host", "example.com.evil")));
        // the SHOULD is an option
        MessageValidator lenient = new MessageValidator(ValidationOptions.defaults().withRejectHostMismatch(false));
        assertEquals("evil.example", lenient.request(STREAM, get("host", "evil.example")).header("host"));
    }

    @Test
    void requestWithoutAuthorityOrHost_rfc9113_8_3_1() {
        List<HeaderField> bare = fields(":method", "GET", ":scheme", "https", ":path", "/");
        assertNull(validator.request(STREAM, bare).authority());
        MessageValidator requiring = new MessageValidator(ValidationOptions.defaults().withRequireAuthority(true));
        assertMalformed("8.3.1", () -> requiring.request(STREAM, bare));
        List<HeaderField> withHost = fields(":method", "GET", ":scheme", "https", ":path", "/", "host", "example.com");
        assertEquals("example.com", requiring.request(STREAM, withHost).header("host"));
        requiring.request(STREAM, fields(":method", "GET", ":scheme", "urn", ":path", "x"));
    }

    @Test
    void fieldCountCap_sec02_rfc9113_10_5_1() {
        MessageValidator capped = new MessageValidator(ValidationOptions.defaults().withMaxFieldCount(6));
        capped.request(STREAM, get("cookie", "a=1", "cookie", "b=2"));
        assertMalformed("10.5.1", () -> capped.request(STREAM, get("cookie", "a=1", "cookie", "b=2", "cookie", "c=3")));
        assertMalformed("10.5.1", () -> capped.trailers(STREAM, fields("a", "1", "b", "2", "c", "3", "d", "4", "e", "5", "f", "6", "g", "7")));
        assertEquals(200, ValidationOptions.defaults().maxFieldCount());
    }

    @Test
    void cookieCrumbsStaySeparateAndJoinWithSemicolonSpace_rfc9113_8_2_3() {
        RequestHead head = validator.request(STREAM, get("cookie", "a=b", "accept", "*/*", "cookie", "c=d", "cookie", "e=f"));
        assertEquals(List.of("a=b", "c=d", "e=f"), head.headers("cookie"));
        assertEquals("a=b; c=d; e=f", head.cookie());
        assertEquals("x=1", validator.request(STREAM, get("cookie", "x=1")).cookie());
        assertNull(validator.request(STREAM, get()).cookie());
    }
}
