package io.h2scope.engine.server;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server end to end with the JDK's HttpClient (h2c Upgrade and TLS). */
@Timeout(60)
class H2ServerTest {

    private H2Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void jdkClientOverH2cUpgrade() throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(server.url())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, r.version());
        assertEquals(ReferenceHandler.ROOT_BODY, r.body());
        HttpResponse<String> second = client.send(HttpRequest.newBuilder(URI.create(server.url() + "headers")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, second.version());
        assertTrue(second.body().startsWith("{\"method\":\"GET\""), second.body());
    }

    @Test
    void jdkClientOverTls() throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(SslContexts.clientTrusting(server.keyMaterial().orElseThrow().chain())).build();
        byte[] body = new byte[70_000];
        new java.util.Random(1).nextBytes(body);
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(server.url().replace("127.0.0.1", "localhost") + "echo"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, r.version());
        assertTrue(java.util.Arrays.equals(body, r.body()));
    }

    @Test
    void asynchronousCompletionFromAnotherThread() throws Exception {
        server = H2Server.builder().handler(ex -> new Thread(() -> {
            ex.respond(200, List.of(new HeaderField("x-thread", Thread.currentThread().getName())));
            ex.write(ByteBuffer.wrap("late".getBytes(StandardCharsets.US_ASCII)))
                    .thenRun(() -> ex.trailers(List.of(new HeaderField("x-done", "yes"))));
        }, "app-later").start()).start();
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(server.url())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("late", r.body());
        assertEquals("app-later", r.headers().firstValue("x-thread").orElse(""));
    }
}
