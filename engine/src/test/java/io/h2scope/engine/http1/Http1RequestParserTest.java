package io.h2scope.engine.http1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class Http1RequestParserTest {

    private static final String HEAD = "POST /x?y=1 HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, HTTP2-Settings\r\n"
            + "Upgrade: h2c\r\nHTTP2-Settings:  AAMAAABkAAQAAP__ \r\n\r\n";

    @Test
    void parsesOneByteAtATimeAndStopsExactlyAtTheHead() {
        Http1RequestParser parser = new Http1RequestParser(1024);
        byte[] bytes = (HEAD + "BODY").getBytes(StandardCharsets.ISO_8859_1);
        Optional<Http1Request> request = Optional.empty();
        int fed = 0;
        while (request.isEmpty()) {
            ByteBuffer one = ByteBuffer.wrap(bytes, fed++, 1);
            request = parser.feed(one);
            assertEquals(0, one.remaining(), "each head byte is consumed");
        }
        assertEquals(HEAD.length(), fed);
        Http1Request r = request.get();
        assertEquals("POST", r.method());
        assertEquals("/x?y=1", r.target());
        assertEquals("HTTP/1.1", r.version());
        assertEquals(List.of("AAMAAABkAAQAAP__"), r.values("http2-settings"));
        assertTrue(r.hasToken("connection", "http2-settings"));
    }

    @Test
    void leavesTheBodyInTheBuffer() {
        ByteBuffer input = ByteBuffer.wrap((HEAD + "BODY").getBytes(StandardCharsets.ISO_8859_1));
        assertTrue(new Http1RequestParser(1024).feed(input).isPresent());
        assertEquals("BODY", StandardCharsets.ISO_8859_1.decode(input).toString());
    }

    @Test
    void tooLargeHeadIs431() {
        Http1RequestParser parser = new Http1RequestParser(64);
        ByteBuffer input = ByteBuffer.wrap(("GET / HTTP/1.1\r\nCookie: " + "x".repeat(100) + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        Http1ParseException e = assertThrows(Http1ParseException.class, () -> parser.feed(input));
        assertEquals(431, e.status());
    }

    @Test
    void malformedRequestLineAndHeaderAre400() {
        for (String head : List.of("GET /\r\n\r\n", "GET / HTTP/1.1\r\nno colon here\r\n\r\n",
                "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", "G@T / HTTP/1.1\r\n\r\n", "GET / HTTPS/1.1\r\n\r\n")) {
            Http1ParseException e = assertThrows(Http1ParseException.class, () -> new Http1RequestParser(1024)
                    .feed(ByteBuffer.wrap(head.getBytes(StandardCharsets.ISO_8859_1))), head);
            assertEquals(400, e.status(), head);
        }
    }
}
