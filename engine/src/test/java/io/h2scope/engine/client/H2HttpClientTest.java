package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Code written for java.net.http.HttpClient, run on the engine by swapping one line. */
@Timeout(60)
class H2HttpClientTest {

    static H2Server server;
    static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
        client = new H2HttpClient(H2Client.newBuilder().trust(server.keyMaterial().orElseThrow().chain())
                .verifyHostname(false).build());
    }

    @AfterAll
    static void stop() {
        ((H2HttpClient) client).close();
        server.close();
    }

    private static HttpRequest get(String path) {
        return HttpRequest.newBuilder(URI.create(server.url() + path)).build();
    }

    @Test
    void ofString() throws Exception {
        HttpResponse<String> r = client.send(get(""), BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, r.version());
        assertEquals(ReferenceHandler.ROOT_BODY, r.body());
        assertTrue(r.headers().firstValue("content-type").isPresent());
    }

    @Test
    void aResponseAnswersWithTheRequestItWasSentFor() throws Exception {
        HttpRequest first = get("");
        HttpRequest posted = HttpRequest.newBuilder(URI.create(server.url() + "echo"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build();
        for (HttpRequest sent : new HttpRequest[] {first, posted, first}) { // the bodiless one converted once, reused
            HttpResponse<String> blocking = client.send(sent, BodyHandlers.ofString());
            HttpResponse<String> async = client.sendAsync(sent, BodyHandlers.ofString()).get();
            for (HttpResponse<String> r : List.of(blocking, async)) {
                assertSame(sent, r.request());
                assertEquals(sent.uri(), r.uri());
            }
        }
    }

    @Test
    void ofByteArrayWithAPostedBody() throws Exception {
        byte[] body = "posted through BodyPublishers.ofString".getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(server.url() + "echo"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), BodyHandlers.ofByteArray());
        assertArrayEquals(body, r.body());
    }

    @Test
    void ofInputStream() throws Exception {
        HttpResponse<InputStream> r = client.sendAsync(get("bytes/1000000"), BodyHandlers.ofInputStream()).get();
        byte[] all;
        try (InputStream in = r.body()) {
            all = in.readAllBytes();
        }
        assertEquals(1_000_000, all.length);
        assertEquals(ReferenceHandler.patternByte(999_999), all[999_999]);
    }

    @Test
    void unsupportedFeaturesSaySo() {
        UnsupportedOperationException ws = assertThrows(UnsupportedOperationException.class, client::newWebSocketBuilder);
        assertTrue(ws.getMessage().contains("WebSocket"));
        UnsupportedOperationException h1 = assertThrows(UnsupportedOperationException.class, () -> client.send(
                HttpRequest.newBuilder(URI.create(server.url())).version(HttpClient.Version.HTTP_1_1).build(),
                BodyHandlers.ofString()));
        assertTrue(h1.getMessage().contains("HTTP/1.1"));
    }
}
