package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.hpack.HeaderField;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One row per case: which block, the expected outcome ("OK" or the RFC 9113 section of the error)
 * and the fields as name, value pairs. Default options; reviewable against the RFC line by line.
 */
class MessageValidatorTableTest {

    private static final String REQ = "request";
    private static final String RESP = "response";
    private static final String TRAIL = "trailers";
    private static final String PUSH = "push";

    private static final String[] GET = {":method", "GET", ":scheme", "https", ":authority", "a.example", ":path", "/"};

    private static final Object[][] CASES = {
        // kind, expected, fields...
        {REQ, "OK", GET},
        {REQ, "OK", plus(GET, "accept-encoding", "gzip, deflate, br", "user-agent", "Mozilla/5.0 (X11; Linux x86_64)")},
        {REQ, "OK", new String[] {":method", "POST", ":scheme", "http", ":path", "/form?a=1&b=%20", "content-length", "12"}},
        {REQ, "OK", new String[] {":method", "OPTIONS", ":scheme", "https", ":authority", "a.example", ":path", "*"}},
        {REQ, "OK", new String[] {":method", "CONNECT", ":authority", "proxy.example:8080"}},
        {REQ, "OK", plus(GET, "te", "trailers", "host", "a.example", "cookie", "a=1", "cookie", "b=2")},
        {REQ, "OK", new String[] {":path", "/", ":authority", "a.example", ":scheme", "https", ":method", "GET"}},
        {REQ, "OK", new String[] {":method", "GET", ":scheme", "https", ":authority", "a.example:443", ":path", "/", "host", "A.EXAMPLE"}},
        {REQ, "OK", plus(GET, "x-empty", "", "x-inner", "a  b", "x-latin1", "\u00e9t\u00e9")},
        {REQ, "8.2.1", plus(GET, "Accept", "*/*")},
        {REQ, "8.2.1", plus(GET, "x y", "1")},
        {REQ, "8.2.1", plus(GET, "x:y", "1")},
        {REQ, "8.2.1", plus(GET, "", "")},
        {REQ, "8.2.1", plus(GET, "x\u0000", "1")},
        {REQ, "8.2.1", plus(GET, "x\u00e9", "1")},
        {REQ, "8.2.1", plus(GET, "x-a", "1\r\nx-b: 2")},
        {REQ, "8.2.1", plus(GET, "x-a", "1\n")},
        {REQ, "8.2.1", plus(GET, "x-a", "\u00001")},
        {REQ, "8.2.1", plus(GET, "x-a", " 1")},
        {REQ, "8.2.1", plus(GET, "x-a", "1\t")},
        {REQ, "8.2.2", plus(GET, "connection", "keep-alive")},
        {REQ, "8.2.2", plus(GET, "proxy-connection", "keep-alive")},
        {REQ, "8.2.2", plus(GET, "keep-alive", "timeout=5")},
        {REQ, "8.2.2", plus(GET, "transfer-encoding", "chunked")},
        {REQ, "8.2.2", plus(GET, "upgrade", "websocket")},
        {REQ, "8.2.2", plus(GET, "te", "gzip")},
        {REQ, "8.3", new String[] {":method", "GET", ":scheme", "https", ":scheme", "http", ":path", "/"}},
        {REQ, "8.3", new String[] {":method", "GET", ":scheme", "https", "accept", "*/*", ":path", "/"}},
        {REQ, "8.3", plus(GET, ":authority", "b.example")},
        {REQ, "8.3", new String[] {":method", "GET", ":scheme", "https", ":path", "/", ":status", "200"}},
        {REQ, "8.3", new String[] {":method", "GET", ":scheme", "https", ":path", "/", ":host", "a"}},
        {REQ, "8.3", new String[] {":method", "CONNECT", ":protocol", "websocket", ":scheme", "https", ":path", "/"}},
        {REQ, "8.3.1", new String[] {":scheme", "https", ":path", "/"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":path", "/"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":path", ""}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":path", "*"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":path", "a/b"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":path", "/a b"}},
        {REQ, "8.3.1", new String[] {":method", "G E T", ":scheme", "https", ":path", "/"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":authority", "u@a.example", ":path", "/"}},
        {REQ, "8.3.1", new String[] {":method", "GET", ":scheme", "https", ":authority", "a.example#x", ":path", "/"}},
        {REQ, "8.3.1", plus(GET, "host", "b.example")},
        {REQ, "8.5", new String[] {":method", "CONNECT", ":authority", "a.example:443", ":path", "/"}},
        {REQ, "8.5", new String[] {":method", "CONNECT", ":scheme", "https", ":authority", "a.example:443"}},
        {REQ, "8.5", new String[] {":method", "CONNECT", ":scheme", "https"}},
        {REQ, "8.5", new String[] {":method", "CONNECT", ":authority", "a.example"}},
        {REQ, "8.1.1", plus(GET, "content-length", "-5")},
        {REQ, "8.1.1", plus(GET, "content-length", "5", "content-length", "6")},
        {REQ, "8.1.1", plus(GET, "content-length", "five")},
        {RESP, "OK", new String[] {":status", "200", "content-type", "text/plain", "content-length", "5"}},
        {RESP, "OK", new String[] {":status", "304", "etag", "\"x\""}},
        {RESP, "OK", new String[] {":status", "103", "link", "</a.css>; rel=preload"}},
        {RESP, "8.3.2", new String[] {"content-type", "text/plain"}},
        {RESP, "8.3.2", new String[] {":status", "2000"}},
        {RESP, "8.3.2", new String[] {":status", "abc"}},
        {RESP, "8.3", new String[] {":status", "200", ":method", "GET"}},
        {RESP, "8.3", new String[] {":status", "200", ":status", "200"}},
        {RESP, "8.3", new String[] {"server", "x", ":status", "200"}},
        {RESP, "8.2.2", new String[] {":status", "200", "transfer-encoding", "chunked"}},
        {RESP, "8.2.1", new String[] {":status", "200", "Server", "x"}},
        {RESP, "8.6", new String[] {":status", "101"}},
        {TRAIL, "OK", new String[] {"grpc-status", "0", "x-checksum", "abc"}},
        {TRAIL, "OK", new String[] {}},
        {TRAIL, "8.1", new String[] {":status", "200"}},
        {TRAIL, "8.1", new String[] {"x-a", "1", ":path", "/"}},
        {TRAIL, "8.2.1", new String[] {"x-a", "1\r"}},
        {TRAIL, "8.2.2", new String[] {"connection", "close"}},
        {PUSH, "OK", GET},
        {PUSH, "OK", new String[] {":method", "HEAD", ":scheme", "https", ":authority", "a.example", ":path", "/x"}},
        {PUSH, "8.4", new String[] {":method", "POST", ":scheme", "https", ":authority", "a.example", ":path", "/"}},
        {PUSH, "8.4", new String[] {":method", "GET", ":scheme", "https", ":path", "/"}},
        {PUSH, "8.4", plus(GET, "content-length", "3")},
    };

    private static String[] plus(String[] base, String... extra) {
        String[] all = Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    static Stream<Arguments> cases() {
        return Arrays.stream(CASES).map(row -> Arguments.of(row[0], row[1], Blocks.fields((String[]) row[2])));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}: {2}")
    @MethodSource("cases")
    void rfc9113_8_table(String kind, String expected, List<HeaderField> block) {
        MessageValidator validator = new MessageValidator(ValidationOptions.defaults());
        Runnable call = switch (kind) {
            case REQ -> () -> validator.request(STREAM, block);
            case RESP -> () -> validator.response(STREAM, block);
            case TRAIL -> () -> validator.trailers(STREAM, block);
            case PUSH -> () -> validator.pushedRequest(STREAM, block);
            default -> throw new IllegalArgumentException(kind);
        };
        if (expected.equals("OK")) {
            call.run();
        } else {
            StreamError e = assertThrows(StreamError.class, call::run);
            assertEquals(SpecRef.rfc9113(expected), e.spec(), e.getMessage());
            Blocks.assertPrintable(e.detail());
        }
    }

    @Test
    void tableHasAtLeastFortyCases() {
        assertTrue(CASES.length >= 40, "cases: " + CASES.length);
    }
}
