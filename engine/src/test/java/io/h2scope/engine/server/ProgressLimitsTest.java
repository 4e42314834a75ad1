package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The core's progress deadlines on a real server, set from the builder: a zero-window stall, a slow request
 * body and an unfinished field block are each cut off, the handler told (SEC-12, SEC-14, slowloris).
 */
@Timeout(60)
class ProgressLimitsTest {

    private static final List<HeaderField> GET = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "localhost"), new HeaderField(":path", "/"));
    private static final List<HeaderField> POST = List.of(new HeaderField(":method", "POST"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "localhost"), new HeaderField(":path", "/"));

    private H2Server server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void aResponseStalledOnAZeroWindowIsResetWithCancelAndTheWriterFails() throws Exception {
        CompletableFuture<Throwable> writeOutcome = new CompletableFuture<>();
        server = H2Server.builder().port(0).sendStallTimeout(Duration.ofMillis(300)).handler(ex -> {
            ex.respond(200, List.of());
            ex.write(ByteBuffer.allocate(100_000)).whenComplete((v, e) -> writeOutcome.complete(e));
        }).start();
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            client.send(FrameWriter.encode(SettingsFrame.of(new RawSetting(0x4, 0))));
            long start = System.nanoTime();
            client.send(FrameWriter.encode(HeadersFrame.of(1, new HpackEncoder(4096).encode(GET), true, true)));
            RstStreamFrame rst = (RstStreamFrame) client.await(f -> f instanceof RstStreamFrame);
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertNotNull(rst, "no RST_STREAM");
            assertEquals("CANCEL", rst.errorName());
            assertTrue(took >= 300, "reset before the stall timeout, after " + took + " ms");
        }
        Throwable failure = writeOutcome.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotNull(failure, "the write must fail, not hang");
        assertTrue(failure.getMessage().contains("sendStallTimeout"), failure.getMessage());
    }

    @Test
    void aRequestBodySlowerThanTheMinimumRateGets408() throws Exception {
        CompletableFuture<Throwable> readOutcome = new CompletableFuture<>();
        server = H2Server.builder().port(0).minRequestBodyRate(1_000, Duration.ofMillis(300)).handler(ex ->
                ex.readBody(1 << 20).whenComplete((b, e) -> readOutcome.complete(e))).start();
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            client.send(FrameWriter.encode(HeadersFrame.of(1, new HpackEncoder(4096).encode(POST), false, true)));
            client.send(FrameWriter.encode(DataFrame.of(1, new byte[1], false)));
            HeadersFrame response = (HeadersFrame) client.await(f -> f instanceof HeadersFrame);
            assertNotNull(response, "no response");
            assertEquals(List.of(new HeaderField(":status", "408")),
                    new HpackDecoder(4096, 1 << 16, 1 << 16).decode(response.fragment()));
        }
        Throwable failure = readOutcome.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotNull(failure, "readBody must fail");
        assertTrue(failure.getMessage().contains("408"), failure.getMessage());
    }

    @Test
    void aFieldBlockLeftUnfinishedEndsTheConnection() throws Exception {
        server = H2Server.builder().port(0).headerBlockTimeout(Duration.ofMillis(300)).handler(ex -> { }).start();
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            byte[] block = new HpackEncoder(4096).encode(GET);
            client.send(FrameWriter.encode(HeadersFrame.of(1, Arrays.copyOf(block, 2), true, false)));
            GoAwayFrame goAway = (GoAwayFrame) client.await(f -> f instanceof GoAwayFrame);
            assertNotNull(goAway, "no GOAWAY");
            assertEquals(ErrorCode.ENHANCE_YOUR_CALM.name(), goAway.errorName());
        }
    }
}
