package io.h2scope.engine.http;

import static io.h2scope.engine.http.Blocks.STREAM;
import static io.h2scope.engine.http.Blocks.assertMalformed;
import static io.h2scope.engine.http.Blocks.fields;
import static io.h2scope.engine.http.Blocks.get;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** RFC 9113 §8.4 / §8.4.1: the request of a PUSH_PROMISE. */
class PushedRequestTest {

    private final MessageValidator validator = new MessageValidator(ValidationOptions.defaults());

    @Test
    void safeCacheableRequestIsAccepted_rfc9113_8_4_1() {
        assertEquals("/index.html", validator.pushedRequest(STREAM, get("accept", "text/css")).path());
        assertEquals("HEAD", validator.pushedRequest(STREAM, fields(":method", "HEAD", ":scheme", "https",
                ":authority", "a.example", ":path", "/", "content-length", "0")).method());
    }

    @Test
    void methodNotSafeOrNotCacheable_rfc9113_8_4() {
        for (String method : new String[] {"POST", "PUT", "DELETE", "OPTIONS", "PATCH"}) {
            assertMalformed("8.4", () -> validator.pushedRequest(STREAM, fields(":method", method, ":scheme", "https",
                    ":authority", "a.example", ":path", "/")));
        }
        assertMalformed("8.4", () -> validator.pushedRequest(STREAM, fields(":method", "CONNECT", ":authority", "a.example:443")));
    }

    @Test
    void withoutAuthority_rfc9113_8_4() {
        assertMalformed("8.4", () -> validator.pushedRequest(STREAM, fields(":method", "GET", ":scheme", "https", ":path", "/")));
    }

    @Test
    void indicatesContent_rfc9113_8_4() {
        assertMalformed("8.4", () -> validator.pushedRequest(STREAM, get("content-length", "10")));
    }

    @Test
    void incompleteOrInvalidSet_rfc9113_8_4_1() {
        assertMalformed("8.3.1", () -> validator.pushedRequest(STREAM, fields(":method", "GET", ":authority", "a.example")));
        assertMalformed("8.2.2", () -> validator.pushedRequest(STREAM, get("connection", "close")));
    }
}
