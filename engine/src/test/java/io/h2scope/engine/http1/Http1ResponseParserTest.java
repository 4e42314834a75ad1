package io.h2scope.engine.http1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The bounded response-head parser used by the client's Upgrade: h2c (RFC 7540 §3.2). */
class Http1ResponseParserTest {

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void a101HeadAndTheBytesAfterIt_rfc7540_3_2() {
        ByteBuffer in = ascii("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\nFRAMES");
        Http1ResponseHead head = new Http1ResponseParser(1024).feed(in).orElseThrow();
        assertEquals(101, head.status());
        assertEquals("HTTP/1.1 101 Switching Protocols", head.statusLine());
        assertTrue(head.hasToken("upgrade", "H2C"));
        assertTrue(head.hasToken("Connection", "upgrade"));
        assertEquals("FRAMES", StandardCharsets.ISO_8859_1.decode(in).toString(), "exactly the head is consumed");
    }

    @Test
    void oneByteAtATime() {
        Http1ResponseParser parser = new Http1ResponseParser(1024);
        byte[] bytes = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        Optional<Http1ResponseHead> head = Optional.empty();
        for (byte b : bytes) {
            assertTrue(head.isEmpty(), "complete only at the end");
            head = parser.feed(ByteBuffer.wrap(new byte[] {b}));
        }
        assertEquals(200, head.orElseThrow().status());
    }

    @Test
    void headsFollowOneAnother_rfc9110_15_2() {
        Http1ResponseParser parser = new Http1ResponseParser(1024);
        ByteBuffer in = ascii("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n");
        assertEquals(100, parser.feed(in).orElseThrow().status());
        assertEquals(101, parser.feed(in).orElseThrow().status());
    }

    @Test
    void theHeadLimitIsEnforcedAndNamed() {
        Http1ResponseParser parser = new Http1ResponseParser(64);
        Http1ParseException e = assertThrows(Http1ParseException.class,
                () -> parser.feed(ascii("HTTP/1.1 200 OK\r\nX-Filler: " + "x".repeat(100) + "\r\n\r\n")));
        assertTrue(e.getMessage().contains("larger than 64 bytes"), e.getMessage());
        assertEquals(new Http1ResponseParser(64 + 40).feed(ascii("HTTP/1.1 200 OK\r\nX-Filler: " + "x".repeat(60)
                + "\r\n\r\n")).orElseThrow().status(), 200, "a head within the limit passes");
    }

    @Test
    void notHttpIsRefusedAfterFiveBytesAndTheyAreKept() {
        Http1ResponseParser parser = new Http1ResponseParser(1024);
        byte[] settings = {0, 0, 6, 4, 0, 0, 0, 0, 0};
        Http1ParseException e = assertThrows(Http1ParseException.class, () -> parser.feed(ByteBuffer.wrap(settings)));
        assertTrue(e.getMessage().contains("not an HTTP/1.x response"), e.getMessage());
        assertArrayEquals(new byte[] {0, 0, 6, 4, 0}, parser.prefix());
    }

    @Test
    void malformedStatusLineAndFieldLine() {
        assertThrows(Http1ParseException.class, () -> new Http1ResponseParser(1024).feed(ascii("HTTP/1.1 2x0 OK\r\n\r\n")));
        assertThrows(Http1ParseException.class,
                () -> new Http1ResponseParser(1024).feed(ascii("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")));
    }
}
