package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Budgets of buffered request bodies ({@code readBody}): counted in bytes on a real server; the read of a stream
 * that would go over a budget fails naming the budget, the handler answers 413 and the client is told to stop
 * sending with RST_STREAM NO_ERROR (never REFUSED_STREAM, which would invite it to send the body again: RFC 9113
 * §8.7); the bytes come back when streams end.
 */
@Timeout(60)
class BodyBudgetsTest {

    private static final int KIB = 1024;

    private H2Server server;
    /** What each stream's readBody ended with: the body length, or the failure's message. */
    private final Map<Integer, CompletableFuture<String>> outcomes = new ConcurrentHashMap<>();

    private CompletableFuture<String> outcome(int streamId) {
        return outcomes.computeIfAbsent(streamId, k -> new CompletableFuture<>());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private void start(BodyBudgets budgets) throws IOException {
        server = H2Server.builder().port(0).bodyBudgets(budgets).handler(ex -> {
            CompletableFuture<String> outcome = outcome(ex.streamId());
            ex.readBody(64L << 20).whenComplete((body, error) -> {
                outcome.complete(error != null ? error.getMessage() : "read " + body.length);
                ex.respond(error == null ? 200 : 413, List.of(), ByteBuffer.allocate(0));
            });
        }).start();
    }

    /** A POST on {@code streamId} with {@code bytes} of body in 16 KiB DATA frames, END_STREAM only if asked. */
    private static void post(ScriptedPeer client, HpackEncoder encoder, int streamId, int bytes, boolean end) throws IOException {
        byte[] block = encoder.encode(List.of(new HeaderField(":method", "POST"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "localhost"), new HeaderField(":path", "/upload")));
        client.send(FrameWriter.encode(HeadersFrame.of(streamId, block, false, true)));
        for (int sent = 0; sent < bytes; sent += 16 * KIB) {
            client.send(FrameWriter.encode(DataFrame.of(streamId, new byte[Math.min(16 * KIB, bytes - sent)], false)));
        }
        if (end) {
            client.send(FrameWriter.encode(DataFrame.of(streamId, new byte[0], true)));
        }
    }

    private static void end(ScriptedPeer client, int streamId) throws IOException {
        client.send(FrameWriter.encode(DataFrame.of(streamId, new byte[0], true)));
    }

    private void awaitBuffered(long bytes) throws InterruptedException {
        Await.until(() -> server.bufferedBodyBytes() == bytes, () -> bytes + " bytes held by the body budgets, not "
                + server.bufferedBodyBytes());
    }

    @Test
    void aStreamThatWouldGoOverTheConnectionBudgetIsAnswered413ThenStoppedWithNoError_rfc9113_8_1() throws Exception {
        start(new BodyBudgets(16L << 20, 300 * KIB, 1L << 30));
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            HpackEncoder encoder = new HpackEncoder(4096);
            post(client, encoder, 1, 200 * KIB, false);
            awaitBuffered(200 * KIB);
            post(client, encoder, 3, 200 * KIB, false);
            HeadersFrame answer = (HeadersFrame) client.await(f -> f instanceof HeadersFrame h && h.streamId() == 3);
            assertNotNull(answer, "stream 3 was not answered");
            assertEquals("413", client.fields(answer).get(0).value());
            RstStreamFrame rst = (RstStreamFrame) client.await(f -> f instanceof RstStreamFrame r && r.streamId() == 3);
            assertNotNull(rst, "stream 3 was not reset");
            assertEquals(ErrorCode.NO_ERROR.code(), rst.errorCode());
            String told = outcome(3).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertTrue(told.contains("maxBufferedBodyBytesPerConnection 307200 bytes budget"), told);
            awaitBuffered(200 * KIB); // stream 3's share came back, stream 1 still holds its own
            end(client, 1);
            assertEquals("read " + 200 * KIB, outcome(1).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            awaitBuffered(0);
        }
    }

    @Test
    void theServerBudgetBindsAcrossConnections() throws Exception {
        start(new BodyBudgets(16L << 20, 64L << 20, 300 * KIB));
        try (ScriptedPeer first = ScriptedPeer.connect(server.port()).greet(); ScriptedPeer second = ScriptedPeer.connect(server.port()).greet()) {
            post(first, new HpackEncoder(4096), 1, 200 * KIB, false);
            awaitBuffered(200 * KIB);
            post(second, new HpackEncoder(4096), 1, 200 * KIB, false);
            assertNotNull(second.await(f -> f instanceof RstStreamFrame r && r.errorCode() == ErrorCode.NO_ERROR.code()));
            assertTrue(outcomes.values().stream().anyMatch(o -> o.getNow("").contains("maxBufferedBodyBytesPerServer")));
        }
        awaitBuffered(0); // both connections closed: everything given back
    }

    @Test
    void withBudgetsLargeEnoughBothStreamsAreRead() throws Exception {
        start(BodyBudgets.defaults());
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            HpackEncoder encoder = new HpackEncoder(4096);
            post(client, encoder, 1, 200 * KIB, true);
            post(client, encoder, 3, 200 * KIB, true);
            assertEquals("read " + 200 * KIB, outcome(1).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            assertEquals("read " + 200 * KIB, outcome(3).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        }
    }

    @Test
    void aBudgetBelowOneIsRefusedWithItsName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BodyBudgets(1, 0, 1));
        assertEquals("maxBufferedBodyBytesPerConnection must be >= 1, got 0", e.getMessage());
    }
}
