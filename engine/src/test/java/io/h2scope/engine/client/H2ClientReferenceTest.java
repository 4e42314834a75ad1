package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.io.InputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The client against the engine's own reference server, over h2c and TLS. */
@Timeout(60)
class H2ClientReferenceTest {

    static H2Server h2c;
    static H2Server tls;
    static H2Client client;

    @BeforeAll
    static void start() throws Exception {
        h2c = ReferenceServer.start(ReferenceServer.Options.h2c());
        tls = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
        client = H2Client.newBuilder().trust(tls.keyMaterial().orElseThrow().chain()).verifyHostname(false).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        h2c.close();
        tls.close();
    }

    @Test
    void getOverH2c() throws Exception {
        H2Response<String> r = client.get(h2c.url());
        assertEquals(200, r.status());
        assertEquals(ReferenceHandler.ROOT_BODY, r.body());
    }

    @Test
    void getOverTlsWithAlpnH2() throws Exception {
        H2Response<String> r = client.get(tls.url());
        assertEquals(200, r.status());
        assertEquals(ReferenceHandler.ROOT_BODY, r.body());
        assertEquals("h2", r.sslSession().orElseThrow().getProtocol().isEmpty() ? "" : "h2");
    }

    @Test
    void postEchoesTheBody() throws Exception {
        byte[] body = new byte[300_000];
        new Random(7).nextBytes(body);
        for (H2Server server : List.of(h2c, tls)) {
            H2Response<byte[]> r = client.send(H2Request.newBuilder(server.url() + "echo")
                    .header("content-type", "application/octet-stream").POST(BodyPublishers.ofByteArray(body)).build(),
                    BodyHandlers.ofByteArray());
            assertEquals(200, r.status());
            assertArrayEquals(body, r.body());
        }
    }

    @Test
    void streamedDownloadThroughAnInputStream() throws Exception {
        long n = 20L * 1024 * 1024;
        H2Response<InputStream> r = client.send(H2Request.newBuilder(h2c.url() + "bytes/" + n).build(),
                BodyHandlers.ofInputStream());
        long count = 0;
        boolean same = true;
        try (InputStream in = r.body()) {
            byte[] buf = new byte[64 * 1024];
            int k;
            while ((k = in.read(buf)) > 0) {
                for (int i = 0; i < k; i++) {
                    same &= buf[i] == ReferenceHandler.patternByte(count + i);
                }
                count += k;
            }
        }
        assertEquals(n, count);
        assertTrue(same, "the bytes follow the /bytes pattern");
        assertEquals(List.of(), r.trailers().get());
    }

    @Test
    void aBlockingSendWithAJdkHandlerTakesABodyManyWindowsLong() throws Exception {
        // the body is assembled on the loop thread for send + ofByteArray: the credit must still flow back
        int n = 20 * 1024 * 1024;
        H2Response<byte[]> r = client.send(H2Request.newBuilder(h2c.url() + "bytes/" + n).build(), BodyHandlers.ofByteArray());
        assertEquals(n, r.body().length);
        for (int i = 0; i < n; i += 4093) {
            assertEquals(ReferenceHandler.patternByte(i), r.body()[i], "byte " + i);
        }
        assertEquals(List.of(), r.trailers().get());
    }

    @Test
    void userHandlersAndDependentStagesNeverRunOnALoopThread() throws Exception {
        List<String> handlerThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
        HttpResponse.BodyHandler<String> mine = info -> {
            handlerThreads.add(Thread.currentThread().getName());
            return HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8);
        };
        assertEquals(ReferenceHandler.ROOT_BODY, client.send(H2Request.newBuilder(h2c.url()).build(), mine).body());
        String stage = client.sendAsync(H2Request.newBuilder(h2c.url()).build(), BodyHandlers.ofByteArray())
                .thenApply(r -> Thread.currentThread().getName()).get();
        assertEquals(1, handlerThreads.size());
        assertTrue(handlerThreads.get(0).startsWith("h2scope-client-app-"), handlerThreads.get(0));
        assertTrue(!stage.contains("loop"), "a sendAsync stage ran on " + stage);
    }
}
