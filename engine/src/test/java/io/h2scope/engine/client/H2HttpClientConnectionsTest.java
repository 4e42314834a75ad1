package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The drop-in with its defaults ({@code new H2HttpClient(H2Client.newBuilder().build())}, up to four connections
 * allowed) opens a second connection only when the first is full: counted by the server, which traces every
 * connection it accepts. And its futures cancel the request as the engine's do.
 */
@Timeout(60)
class H2HttpClientConnectionsTest {

    @Test
    void sixtyFourInFlightShareOneConnectionWithinTheServersLimitOfAHundred() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        TraceSink sink = e -> {
            if (e instanceof ConnectionOpened) {
                accepted.incrementAndGet();
            }
        };
        try (H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c())
                .limits(Limits.DEFAULTS.toBuilder().maxConcurrentStreams(100).build()).traceSink(sink).start();
             H2HttpClient client = new H2HttpClient(H2Client.newBuilder().build())) {
            // one HttpRequest sent again and again (its conversion reused), and new ones: both share the connection
            HttpRequest request = HttpRequest.newBuilder(URI.create(server.url())).build();
            // the first batch is sent before any connection exists: all 64 wait for the first one's SETTINGS
            for (int batch = 0; batch < 20; batch++) {
                List<CompletableFuture<HttpResponse<byte[]>>> inFlight = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    HttpRequest r = i % 2 == 0 ? request : HttpRequest.newBuilder(URI.create(server.url() + "?i=" + i)).build();
                    inFlight.add(client.sendAsync(r, BodyHandlers.ofByteArray()));
                }
                for (CompletableFuture<HttpResponse<byte[]>> f : inFlight) {
                    assertEquals(200, f.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS).statusCode());
                }
                assertEquals(1, accepted.get(), "connections the server accepted by batch " + batch);
            }
            assertEquals(1, client.engine().connectionCount());
        }
    }

    @Test
    void cancellingADropInFutureResetsItsStream() throws Exception {
        CountDownLatch requested = new CountDownLatch(1);
        CountDownLatch reset = new CountDownLatch(1);
        TraceSink sink = e -> {
            if (e instanceof FrameEvent f && f.direction() == Direction.INBOUND) {
                if (f.frame() instanceof HeadersFrame) {
                    requested.countDown();
                } else if (f.frame() instanceof RstStreamFrame) {
                    reset.countDown();
                }
            }
        };
        try (H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(sink).start();
             H2HttpClient client = new H2HttpClient(H2Client.newBuilder().build())) {
            HttpRequest slow = HttpRequest.newBuilder(URI.create(server.url() + "slow?ms=5000")).build();
            CompletableFuture<HttpResponse<String>> f = client.sendAsync(slow, BodyHandlers.ofString());
            assertTrue(requested.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS), "the server saw no request");
            assertTrue(f.cancel(true));
            assertThrows(CancellationException.class, f::join);
            assertTrue(reset.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS),
                    "the server saw no RST_STREAM after the cancel");
            // the connection stays usable
            HttpRequest fast = HttpRequest.newBuilder(URI.create(server.url())).build();
            assertEquals(200, client.send(fast, BodyHandlers.ofString()).statusCode());
        }
    }
}
