package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.ServerExchange;
import io.h2scope.engine.testsupport.Await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Client behaviour against servers made to misbehave: resets, stalls, limits, pushes, slow readers. */
@Timeout(60)
class H2ClientBehaviourTest {

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private H2Server server(H2Server.Builder b) throws IOException {
        H2Server s = b.start();
        open.add(s);
        return s;
    }

    private H2Client client(H2Client.Builder b) {
        H2Client c = b.build();
        open.add(0, c);
        return c;
    }

    private static void text(ServerExchange ex, String body) {
        ex.respond(200, List.of(new HeaderField("content-type", "text/plain")),
                ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @DisplayName("1,000 concurrent requests on one connection never exceed MAX_CONCURRENT_STREAMS (RFC 9113 §5.1.2)")
    void thousandRequestsRespectMaxConcurrentStreams_rfc9113_5_1_2() throws Exception {
        AtomicInteger live = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        H2Server server = server(H2Server.builder().limits(Limits.builder().maxConcurrentStreams(25).build()).handler(ex -> {
            peak.accumulateAndGet(live.incrementAndGet(), Math::max);
            CompletableFuture.runAsync(() -> {
                live.decrementAndGet();
                text(ex, ex.request().path());
            });
        }));
        H2Client client = client(H2Client.newBuilder().maxConnectionsPerAuthority(1));
        List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            all.add(client.sendAsync(H2Request.newBuilder(server.url() + "r" + i).build(), BodyHandlers.ofString()));
        }
        for (int i = 0; i < 1000; i++) {
            assertEquals("/r" + i, all.get(i).get().body());
        }
        assertTrue(peak.get() <= 25, "peak " + peak.get());
        assertEquals(1, all.stream().map(f -> f.join().connectionId()).distinct().count(), "one connection");
    }

    @Test
    @DisplayName("a sendAsync stage that blocks on a later response of the same client does not hold it up forever")
    void aBlockingStageDoesNotStallTheCompletionsBehindIt() throws Exception {
        // /a answers at once; /b 100 ms later, while a's stage is blocked waiting for b: completions are batched
        // on the executor, so b's sits behind a's stage until the deadline thread hands the queue on
        H2Server server = server(H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/b")) {
                CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS).execute(() -> text(ex, "b-body"));
            } else {
                text(ex, "a-body");
            }
        }));
        H2Client client = client(H2Client.newBuilder());
        CompletableFuture<H2Response<String>> b = client.sendAsync(H2Request.newBuilder(server.url() + "b").build(),
                BodyHandlers.ofString());
        CompletableFuture<String> aThenB = client.sendAsync(H2Request.newBuilder(server.url() + "a").build(),
                BodyHandlers.ofString()).thenApply(a -> a.body() + "+" + b.join().body());
        assertEquals("a-body+b-body", aThenB.get(10, TimeUnit.SECONDS));
    }

    @Test
    void moreConnectionsWhenTheFirstIsFull() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        H2Server server = server(H2Server.builder().limits(Limits.builder().maxConcurrentStreams(2).build()).handler(ex ->
                CompletableFuture.runAsync(() -> {
                    try {
                        release.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    text(ex, "ok");
                })));
        H2Client client = client(H2Client.newBuilder().maxConnectionsPerAuthority(3));
        List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            all.add(client.sendAsync(H2Request.newBuilder(server.url()).build(), BodyHandlers.ofString()));
        }
        Await.until(() -> server.connectionCount() >= 3, "three connections for eight requests of two streams each");
        release.countDown();
        for (CompletableFuture<H2Response<String>> f : all) {
            assertEquals("ok", f.get().body());
        }
        assertEquals(3, all.stream().map(f -> f.join().connectionId()).distinct().count());
    }

    @Test
    @DisplayName("RST_STREAM from the server fails that request only (RFC 9113 §6.4)")
    void serverResetFailsTheRequest_rfc9113_6_4() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/reset")) {
                ex.reset(ErrorCode.INTERNAL_ERROR);
            } else {
                text(ex, "fine");
            }
        }));
        H2Client client = client(H2Client.newBuilder());
        ExecutionException e = assertThrows(ExecutionException.class, () -> client.sendAsync(
                H2Request.newBuilder(server.url() + "reset").build(), BodyHandlers.ofString()).get());
        StreamResetException reset = assertInstanceOf(StreamResetException.class, e.getCause());
        assertEquals(ErrorCode.INTERNAL_ERROR.code(), reset.errorCode());
        assertTrue(reset.byPeer());
        assertEquals("fine", client.get(server.url()).body());
        assertEquals(1, client.connectionCount());
    }

    @Test
    @DisplayName("cancel mid-stream sends RST_STREAM CANCEL and keeps the connection usable (RFC 9113 §8.7)")
    void cancelMidStreamResetsAndKeepsTheConnection_rfc9113_8_7() throws Exception {
        ConcurrentLinkedQueue<String> serverSaw = new ConcurrentLinkedQueue<>();
        H2Server server = server(H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/endless")) {
                ex.respond(200, List.of());
                writeForever(ex, serverSaw);
            } else {
                text(ex, "still here");
            }
        }));
        H2Client client = client(H2Client.newBuilder());
        CompletableFuture<H2Response<byte[]>> f = client.sendAsync(H2Request.newBuilder(server.url() + "endless").build(),
                BodyHandlers.ofByteArray());
        Await.until(() -> !serverSaw.isEmpty(), "the server writes the endless body");
        f.cancel(true);
        Await.until(() -> serverSaw.contains("closed"), "the server's write fails once our RST_STREAM arrives");
        assertEquals("still here", client.get(server.url()).body());
        assertEquals(1, client.connectionCount());
    }

    private static void writeForever(ServerExchange ex, ConcurrentLinkedQueue<String> log) {
        ex.write(ByteBuffer.allocate(16 * 1024)).whenComplete((v, e) -> {
            if (e != null) {
                log.add("closed");
            } else {
                log.add("wrote");
                writeForever(ex, log);
            }
        });
    }

    @Test
    @DisplayName("a slow reader stops granting window: the server's writes stall, memory stays within the window (RFC 9113 §5.2)")
    void slowReaderBackPressure_rfc9113_5_2() throws Exception {
        ConcurrentLinkedQueue<String> serverSaw = new ConcurrentLinkedQueue<>();
        H2Server server = server(H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/small")) {
                text(ex, "small");
                return;
            }
            ex.respond(200, List.of());
            writeForever(ex, serverSaw);
        }));
        int window = 256 * 1024;
        H2Client client = client(H2Client.newBuilder().windows(window, 1 << 20));
        H2Response<InputStream> r = client.send(H2Request.newBuilder(server.url()).build(), BodyHandlers.ofInputStream());
        InputStream in = r.body();
        in.readNBytes(1000);
        int before;
        int now = serverSaw.size();
        do {
            before = now;
            Thread.sleep(100);
            now = serverSaw.size();
        } while (now != before); // the server stops being able to write: the window is shut
        long written = (long) now * 16 * 1024;
        // at most: one window handed to the JDK InputStream (being read), one batch queued in it, one window
        // buffered in the publisher, plus the server's own 64 KiB write buffer and one 16 KiB write
        assertTrue(written <= 3L * window + 64 * 1024 + 16 * 1024,
                "server wrote " + written + " bytes to a reader that read 1000 (stream window " + window + ")");
        in.readNBytes(2 * window);
        int stalledAt = now;
        Await.until(() -> serverSaw.size() > stalledAt, "reading reopened the window");
        in.close();
        Await.until(() -> serverSaw.contains("closed"), "closing the body reset the stream");
        assertEquals("small", client.get(server.url() + "small").body());
        assertEquals(1, client.connectionCount());
    }

    @Test
    void responseHeadersTimeoutFiresAndTheConnectionStaysUsable() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> {
            if (!ex.request().path().equals("/never")) {
                text(ex, "quick");
            }
        }));
        H2Client client = client(H2Client.newBuilder().responseHeadersTimeout(Duration.ofMillis(300)));
        ExecutionException e = assertThrows(ExecutionException.class, () -> client.sendAsync(
                H2Request.newBuilder(server.url() + "never").build(), BodyHandlers.ofString()).get(10, TimeUnit.SECONDS));
        assertInstanceOf(HttpTimeoutException.class, e.getCause());
        assertTrue(e.getCause().getMessage().startsWith("no response headers within 300 ms"), e.getCause().getMessage());
        assertEquals("quick", client.get(server.url()).body());
    }

    @Test
    @DisplayName("headers in time but a body that never ends: the whole-exchange timeout fires after the headers one would have")
    void stalledBodyTripsTheRequestTimeoutNotTheHeadersTimeout() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> ex.respond(200, List.of())));
        // the head is sent at once: 3 s leaves it time to arrive on a loaded machine before its deadline is checked
        H2Client client = client(H2Client.newBuilder().responseHeadersTimeout(Duration.ofSeconds(3))
                .requestTimeout(Duration.ofMillis(3500)));
        ExecutionException e = assertThrows(ExecutionException.class, () -> client.sendAsync(
                H2Request.newBuilder(server.url()).build(), BodyHandlers.ofString()).get(10, TimeUnit.SECONDS));
        assertInstanceOf(HttpTimeoutException.class, e.getCause());
        // one timer serves both deadlines: it fired first at the headers deadline, found the headers, and re-armed
        assertTrue(e.getCause().getMessage().startsWith("request timed out after 3500 ms"), e.getCause().getMessage());
        assertTrue(e.getCause().getMessage().contains("the response head arrived, its body did not end"),
                e.getCause().getMessage());
    }

    @Test
    void perRequestTimeoutOverridesTheDefault() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> { }));
        H2Client client = client(H2Client.newBuilder());
        long start = System.nanoTime();
        assertThrows(HttpTimeoutException.class, () -> client.send(H2Request.newBuilder(server.url())
                .timeout(Duration.ofMillis(200)).build(), BodyHandlers.ofString()));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "not the 30 s default");
    }

    @Test
    void aServerThatNeverAnswersTripsTheConnectTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> accepted = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    accepted.add(silent.accept()); // accept, then say nothing
                } catch (IOException ignored) {
                    // closed by the test
                }
            });
            acceptor.start();
            H2Client client = client(H2Client.newBuilder().connectTimeout(Duration.ofMillis(400)));
            for (String scheme : List.of("http", "https")) {
                IOException e = assertThrows(IOException.class, () -> client.get(scheme + "://127.0.0.1:"
                        + silent.getLocalPort() + "/"));
                assertInstanceOf(HttpConnectTimeoutException.class, e, e.toString());
            }
        }
    }

    @Test
    @DisplayName("trailers both ways (RFC 9113 §8.1)")
    void trailersBothWays_rfc9113_8_1() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> ex.onBody(new io.h2scope.engine.server.BodyReceiver() {
            final StringBuilder body = new StringBuilder();
            volatile List<HeaderField> got = List.of();

            @Override
            public void onData(ByteBuffer data) {
                body.append(StandardCharsets.UTF_8.decode(data));
            }

            @Override
            public void onTrailers(List<HeaderField> trailers) {
                got = trailers;
            }

            @Override
            public void onEnd() {
                ex.respond(200, List.of());
                ex.write(ByteBuffer.wrap(body.toString().getBytes(StandardCharsets.UTF_8)));
                ex.trailers(List.of(new HeaderField("x-got", got.toString())));
            }

            @Override
            public void onError(Throwable t) {
            }
        })));
        H2Client client = client(H2Client.newBuilder());
        H2Response<String> r = client.send(H2Request.newBuilder(server.url()).POST(BodyPublishers.ofString("abc"))
                .trailer("x-sum", "42").build(), BodyHandlers.ofString());
        assertEquals("abc", r.body());
        String got = r.trailers().get().get(0).value();
        assertTrue(got.contains("x-sum") && got.contains("42"), got);
    }

    @Test
    @DisplayName("a response read whole has its trailers complete when it is handed out (RFC 9113 §8.1)")
    void trailersAreCompleteWithAWholeBody_rfc9113_8_1() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> {
            ex.respond(200, List.of());
            ex.write(ByteBuffer.wrap("body".getBytes(StandardCharsets.UTF_8)));
            ex.trailers(List.of(new HeaderField("x-checksum", "7")));
        }));
        H2Client client = client(H2Client.newBuilder());
        for (int i = 0; i < 20; i++) {
            H2Response<String> r = client.send(H2Request.newBuilder(server.url()).build(), BodyHandlers.ofString());
            assertEquals("body", r.body());
            assertTrue(r.trailers().isDone(), "trailers not complete with the response " + i);
            assertEquals(List.of(new HeaderField("x-checksum", "7")), r.trailers().getNow(null));
        }
    }

    @Test
    @DisplayName("a body handler that fails after the stream ended fails the request (it used to be left waiting)")
    void bodyHandlerFailingAfterTheEndFailsTheRequest() throws Exception {
        H2Server server = server(H2Server.builder().handler(ex -> text(ex, "fine")));
        H2Client client = client(H2Client.newBuilder());
        for (int i = 0; i < 20; i++) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> client.sendAsync(
                    H2Request.newBuilder(server.url()).build(),
                    info -> java.net.http.HttpResponse.BodySubscribers.mapping(
                            java.net.http.HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8), body -> {
                                throw new IllegalStateException("cannot map " + body);
                            })).get(10, TimeUnit.SECONDS));
            assertInstanceOf(IllegalStateException.class, e.getCause());
        }
        assertEquals("fine", client.get(server.url()).body());
    }

    @Test
    @DisplayName("pushes are refused by default (ENABLE_PUSH 0) and accepted by a handler (RFC 9113 §8.4)")
    void pushAcceptedByAHandler_rfc9113_8_4() throws Exception {
        H2Server server = server(io.h2scope.engine.server.reference.ReferenceServer.configure(
                io.h2scope.engine.server.reference.ReferenceServer.Options.h2c()));
        H2Client plain = client(H2Client.newBuilder());
        assertEquals(200, plain.get(server.url() + "push").status());
        CompletableFuture<H2Response<byte[]>> pushed = new CompletableFuture<>();
        H2Client accepting = client(H2Client.newBuilder().pushHandler((req, response) -> {
            response.whenComplete((r, e) -> {
                if (e != null) {
                    pushed.completeExceptionally(e);
                } else {
                    pushed.complete(r);
                }
            });
            return req.uri().getPath().equals("/pushed.css");
        }));
        assertEquals(200, accepting.get(server.url() + "push").status());
        assertEquals(io.h2scope.engine.server.reference.ReferenceHandler.PUSHED_CSS,
                new String(pushed.get(10, TimeUnit.SECONDS).body(), StandardCharsets.UTF_8));
    }
}
