package io.h2scope.engine.transport.http1;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.transport.FakeH2Handlers;
import io.h2scope.engine.transport.InMemoryTransport;
import io.h2scope.engine.transport.RecordingHandler;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The cleartext port through the in-memory pipe, one byte per read, as a real client might split it. */
class Http1ExchangeTest {

    // SETTINGS_MAX_CONCURRENT_STREAMS = 100, SETTINGS_INITIAL_WINDOW_SIZE = 65535
    private static final byte[] SETTINGS = {0, 3, 0, 0, 0, 100, 0, 4, 0, 0, (byte) 0xff, (byte) 0xff};
    private static final String SETTINGS_B64 = Base64.getUrlEncoder().withoutPadding().encodeToString(SETTINGS);
    private static final String PREFACE = Preface.TEXT;

    private final FakeH2Handlers h2 = new FakeH2Handlers();
    private final RecordingHandler client = new RecordingHandler();
    private InMemoryTransport pipe;

    private void send(String text, Http1Limits limits) {
        pipe = InMemoryTransport.pair(client, ServerProtocols.cleartext(h2, limits).get(),
                new InMemoryTransport.Options(false, null, 1)).open();
        pipe.client().write(ByteBuffer.wrap(text.getBytes(StandardCharsets.ISO_8859_1)));
        pipe.client().flush();
        pipe.runUntilIdle();
    }

    private void send(String text) {
        send(text, Http1Limits.defaults());
    }

    @Test
    @DisplayName("RFC 9113 §3.4: the preface, one byte at a time, goes to the h2 side whole, with what follows")
    void priorKnowledgePrefaceIsHandedOverWhole_rfc9113_3_4() {
        send(PREFACE + "\u0000\u0000\u0000\u0004\u0000");
        RecordingHandler h2Side = h2.priorKnowledge.join();
        assertEquals(PREFACE + "\u0000\u0000\u0000\u0004\u0000", h2Side.text());
        assertEquals(FakeH2Handlers.ANSWER, client.text());
    }

    @Test
    @DisplayName("RFC 7540 §3.2: Upgrade: h2c gets 101, HTTP2-Settings decoded, request as stream 1, then h2 bytes")
    void h2cUpgradeDecodesSettingsAndHandsOver_rfc7540_3_2() {
        send("GET /hello HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: " + SETTINGS_B64 + "\r\n\r\n" + PREFACE);
        H2cUpgrade upgrade = h2.upgrade.join();
        assertArrayEquals(SETTINGS, upgrade.settingsPayload());
        assertEquals("/hello", upgrade.request().target());
        assertEquals(0, upgrade.body().length);
        assertEquals(PREFACE, h2.upgraded.join().text(), "bytes after the request go to the h2 side");
        assertEquals("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n"
                + FakeH2Handlers.ANSWER, client.text());
    }

    @Test
    @DisplayName("RFC 7540 §3.2: a request body is read whole (Expect: 100-continue honoured) before switching")
    void h2cUpgradeWithBody_rfc7540_3_2() {
        send("POST /upload HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: " + SETTINGS_B64 + "\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\nhello" + PREFACE);
        assertEquals("hello", new String(h2.upgrade.join().body(), StandardCharsets.US_ASCII));
        assertEquals(PREFACE, h2.upgraded.join().text());
        assertTrue(client.text().startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 101 Switching Protocols\r\n"));
    }

    @Test
    void h2cUpgradeBodyOverTheLimitIs413() {
        send("POST / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: " + SETTINGS_B64 + "\r\nContent-Length: 100000\r\n\r\n", Http1Limits.defaults());
        assertTrue(client.text().startsWith("HTTP/1.1 413 Content Too Large\r\n"), client.text());
        assertTrue(client.text().contains("maxUpgradeBodyBytes"));
        assertFalse(h2.upgrade.isDone());
    }

    @Test
    @DisplayName("RFC 7540 §3.2.1: no HTTP2-Settings, or two of them: no upgrade, a 426 that says why")
    void upgradeNeedsExactlyOneSettingsHeader_rfc7540_3_2_1() {
        send("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n");
        assertTrue(client.text().startsWith("HTTP/1.1 426 Upgrade Required\r\n"), client.text());
        assertTrue(client.text().contains("exactly one HTTP2-Settings header, got 0"));
        assertFalse(h2.upgrade.isDone());
    }

    @Test
    @DisplayName("RFC 9113 §6.5: HTTP2-Settings that is not a whole number of settings is refused")
    void settingsPayloadMustBeMultipleOfSix_rfc9113_6_5() {
        send("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: AAMAAA\r\n\r\n");
        assertTrue(client.text().contains("not a multiple of 6"), client.text());
        assertFalse(h2.upgrade.isDone());
    }

    @Test
    void plainHttp11GetsACompleteUpgradeRequiredAnswerAndClose() {
        send("GET /index.html HTTP/1.1\r\nHost: h\r\n\r\n");
        String response = client.text();
        assertTrue(response.startsWith("HTTP/1.1 426 Upgrade Required\r\nUpgrade: h2c\r\nConnection: Upgrade, close\r\n"), response);
        assertTrue(response.contains("This server speaks HTTP/2 only."));
        assertTrue(response.contains("Received: GET /index.html HTTP/1.1"));
        int body = response.indexOf("\r\n\r\n") + 4;
        int declared = Integer.parseInt(response.replaceAll("(?s).*Content-Length: (\\d+).*", "$1"));
        assertEquals(declared, response.substring(body).getBytes(StandardCharsets.UTF_8).length);
        assertTrue(client.inputClosed.isDone(), "the server ends its output after the answer");
        assertTrue(pipe.client().isClosed() && pipe.server().isClosed());
    }

    @Test
    void oversizedHeadIs431() {
        send("GET / HTTP/1.1\r\nCookie: " + "c".repeat(200) + "\r\n\r\n", new Http1Limits(128, 0, 1024,
                java.time.Duration.ofSeconds(2)));
        assertTrue(client.text().startsWith("HTTP/1.1 431 Request Header Fields Too Large\r\n"), client.text());
    }

    @Test
    @DisplayName("RFC 9113 §3.4: a corrupt preface gets a 400 naming it")
    void brokenPrefaceIs400_rfc9113_3_4() {
        send("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n");
        assertTrue(client.text().startsWith("HTTP/1.1 400 Bad Request\r\n"), client.text());
        assertTrue(client.text().contains("HTTP/2 connection preface"));
    }

    @Test
    void aClientThatKeepsTheConnectionOpenIsClosedAfterTheLingerTime() {
        pipe = InMemoryTransport.pair(new RecordingHandler() {
            @Override
            public boolean onInputClosed() {
                return true; // a client that never closes its side
            }
        }, ServerProtocols.cleartext(h2, Http1Limits.defaults()).get()).open();
        pipe.client().write(ByteBuffer.wrap("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)));
        pipe.client().flush();
        pipe.runUntilIdle();
        assertFalse(pipe.server().isClosed());
        pipe.advance(Http1Limits.defaults().lingerTime().toMillis(), TimeUnit.MILLISECONDS);
        assertTrue(pipe.server().isClosed());
    }
}
