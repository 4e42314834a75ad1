package io.h2scope.engine.server;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.ScriptedPeer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server's own behaviour: shutdown, timeouts, errors, threads. Clients are the JDK's HttpClient and sockets. */
@Timeout(60)
class ServerBehaviourTest {

    private H2Server server;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(1));
        }
    }

    private HttpRequest priorKnowledgeGet(String path) {
        return HttpRequest.newBuilder(URI.create(server.url() + path.substring(1))).build();
    }

    @Test
    void gracefulShutdownLetsInFlightStreamsFinish_rfc9113_6_8() throws Exception {
        CompletableFuture<ServerExchange> held = new CompletableFuture<>();
        server = H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/hold")) {
                held.complete(ex);
            } else {
                ex.respond(200, List.of(), ByteBuffer.wrap("ok".getBytes(StandardCharsets.US_ASCII)));
            }
        }).start();
        try (ScriptedPeer c = ScriptedPeer.connect(server.port()).greet()) {
            c.get(1, "/hold");
            ServerExchange exchange = held.get(10, TimeUnit.SECONDS);
            CompletableFuture<Boolean> shutdown = CompletableFuture.supplyAsync(() -> server.shutdown(Duration.ofSeconds(10)));
            GoAwayFrame goAway = (GoAwayFrame) c.await(f -> f instanceof GoAwayFrame);
            assertEquals("NO_ERROR", goAway.errorName());
            assertEquals(1, goAway.lastStreamId(), "RFC 9113 §6.8: the last stream we accepted");
            c.get(3, "/");
            RstStreamFrame refused = (RstStreamFrame) c.await(f -> f instanceof RstStreamFrame);
            assertEquals(3, refused.streamId());
            assertEquals("REFUSED_STREAM", refused.errorName(), "streams after GOAWAY are refused");
            assertFalse(shutdown.isDone(), "shutdown waits for the in-flight stream");
            exchange.respond(200, List.of(), ByteBuffer.wrap("finished".getBytes(StandardCharsets.US_ASCII)));
            DataFrame data = (DataFrame) c.await(f -> f instanceof DataFrame);
            assertEquals("finished", new String(data.data(), StandardCharsets.US_ASCII));
            assertTrue(c.closedWithout(f -> false), "the connection closes once its last stream is done");
            assertTrue(shutdown.get(10, TimeUnit.SECONDS), "every connection finished before the deadline");
        }
        assertThrows(IOException.class, () -> new java.net.Socket("127.0.0.1", server.port()).close(),
                "no longer accepting");
        server = null;
    }

    @Test
    void shutdownDeadlineClosesByForce() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        server = H2Server.builder().handler(ex -> started.countDown()).start(); // never answers
        try (ScriptedPeer c = ScriptedPeer.connect(server.port()).greet()) {
            c.get(1, "/");
            assertTrue(started.await(10, TimeUnit.SECONDS));
            assertFalse(server.shutdown(Duration.ofMillis(300)), "a stream was still open at the deadline");
            assertTrue(c.closedWithout(f -> f instanceof DataFrame || f instanceof HeadersFrame));
        }
        assertEquals(0, server.connectionCount());
        server = null;
    }

    @Test
    void readTimeoutResetsAStalledRequestBody() throws Exception {
        CompletableFuture<Throwable> bodyError = new CompletableFuture<>();
        server = H2Server.builder().readTimeout(Duration.ofMillis(300)).handler(ex -> ex.readBody(1 << 20)
                .whenComplete((b, e) -> {
                    if (e != null) {
                        bodyError.complete(e);
                    } else {
                        ex.end();
                    }
                })).start();
        client.send(priorKnowledgeGet("/"), HttpResponse.BodyHandlers.discarding()); // upgrade with an empty body
        HttpRequest stalled = HttpRequest.newBuilder(URI.create(server.url()))
                .POST(HttpRequest.BodyPublishers.fromPublisher(subscriber -> subscriber.onSubscribe(
                        new java.util.concurrent.Flow.Subscription() {
                            @Override
                            public void request(long n) {
                            }

                            @Override
                            public void cancel() {
                            }
                        }))).build(); // a body that never comes
        client.sendAsync(stalled, HttpResponse.BodyHandlers.discarding());
        Throwable e = bodyError.get(10, TimeUnit.SECONDS);
        assertTrue(e instanceof StreamClosedException, e.toString());
        assertEquals(0x8, ((StreamClosedException) e).errorCode(), "RST_STREAM CANCEL");
    }

    @Test
    void throwingHandlerGets500AndTheConnectionLives() throws Exception {
        server = H2Server.builder().handler(ex -> {
            if (ex.request().path().equals("/boom")) {
                throw new IllegalStateException("handler bug");
            }
            ex.end();
        }).start();
        HttpResponse<String> boom = client.send(priorKnowledgeGet("/boom"), HttpResponse.BodyHandlers.ofString());
        assertEquals(500, boom.statusCode());
        assertEquals(200, client.send(priorKnowledgeGet("/"), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void handlersRunOffTheLoopByDefaultAndOnItWhenAsked() throws Exception {
        server = H2Server.builder().handler(ex -> ex.respond(200,
                List.of(new HeaderField("x-thread", Thread.currentThread().getName())), ByteBuffer.allocate(0))).start();
        String thread = client.send(priorKnowledgeGet("/"), HttpResponse.BodyHandlers.discarding())
                .headers().firstValue("x-thread").orElse("");
        assertTrue(thread.startsWith("h2scope-app-"), thread);
        server.shutdown(Duration.ofSeconds(1));
        server = H2Server.builder().runHandlersOnLoop().handler(ex -> ex.respond(200,
                List.of(new HeaderField("x-thread", Thread.currentThread().getName())), ByteBuffer.allocate(0))).start();
        HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        String loop = fresh.send(priorKnowledgeGet("/"), HttpResponse.BodyHandlers.discarding())
                .headers().firstValue("x-thread").orElse("");
        assertTrue(loop.startsWith("h2scope-server-loop-"), loop);
    }

    @Test
    void nonBlockingRequestsRunOnTheLoopAndTheOthersOnTheExecutor() throws Exception {
        H2Handler handler = new H2Handler() {
            @Override
            public void handle(ServerExchange ex) {
                ex.onBody(new BodyReceiver() {
                    @Override
                    public void onData(ByteBuffer chunk) {
                    }

                    @Override
                    public void onEnd() {
                        ex.respond(200, List.of(new HeaderField("x-handler", handlerThread),
                                new HeaderField("x-body", Thread.currentThread().getName())), ByteBuffer.allocate(0));
                    }

                    @Override
                    public void onError(Throwable e) {
                    }

                    private final String handlerThread = Thread.currentThread().getName();
                });
            }

            @Override
            public boolean isNonBlocking(io.h2scope.engine.http.RequestHead request) {
                return request.path().equals("/fast");
            }
        };
        server = H2Server.builder().handler(handler).start();
        HttpResponse<Void> fast = client.send(priorKnowledgeGet("/fast"), HttpResponse.BodyHandlers.discarding());
        assertTrue(fast.headers().firstValue("x-handler").orElse("").startsWith("h2scope-server-loop-"), fast.headers().toString());
        assertTrue(fast.headers().firstValue("x-body").orElse("").startsWith("h2scope-app-"), fast.headers().toString());
        HttpResponse<Void> slow = client.send(priorKnowledgeGet("/slow"), HttpResponse.BodyHandlers.discarding());
        assertTrue(slow.headers().firstValue("x-handler").orElse("").startsWith("h2scope-app-"), slow.headers().toString());
    }

    @Test
    void informationalResponseThenFinal_rfc9113_8_1() throws Exception {
        server = H2Server.builder().handler(ex -> {
            ex.informational(103, List.of(new HeaderField("link", "</style.css>; rel=preload")));
            ex.respond(200, List.of(), ByteBuffer.wrap("final".getBytes(StandardCharsets.US_ASCII)));
        }).start();
        HttpResponse<String> r = client.send(priorKnowledgeGet("/"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        assertEquals("final", r.body());
    }
}
