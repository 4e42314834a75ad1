package io.h2scope.engine.trace;

import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.log.TextTraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceSink;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each category prints what it should for the known exchange of {@link TracedExchange}, against golden
 * text in src/test/resources/.../golden/. Times are exact (time is passed in), so nothing needs normalizing
 * but the golden files are still compared with times masked, in case the exchange's pacing changes.
 * Run with {@code -Dh2scope.updateGolden=true} to rewrite them after a deliberate format change.
 */
class TextTraceSinkTest {

    @ParameterizedTest(name = "H2SCOPE_LOG={0} prints {1}")
    @CsvSource({
            "frames=debug, frames, frames-debug.txt",
            "frames=trace, frames, frames-trace.txt",
            "hpack=debug, hpack, hpack-debug.txt",
            "flow=debug, flow, flow-debug.txt",
            "flow=info, flow, flow-info.txt",
            "state=debug, state, state-debug.txt",
            "conn=info, conn, conn-info.txt"})
    void categoryMatchesGolden(String spec, String categoryKey, String golden) throws IOException {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", spec));
        RecordingLog log = new RecordingLog(config);
        TextTraceSink sink = new TextTraceSink(log);
        TracedExchange.run(sink, sink);
        TraceCategory category = TraceCategory.parse(categoryKey).orElseThrow();
        for (TraceCategory other : TraceCategory.values()) {
            if (other != category) {
                assertTrue(log.lines.get(other).isEmpty(), other + " printed with " + spec);
            }
        }
        assertGolden(golden, log.text(category));
    }

    @Test
    @DisplayName("credential values are redacted at every level; DATA bytes are shown at trace")
    void redaction() {
        for (String level : new String[] {"debug", "trace"}) {
            RecordingLog log = new RecordingLog(TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", level)));
            TextTraceSink sink = new TextTraceSink(log);
            TracedExchange.run(sink, sink);
            String text = log.text(TraceCategory.FRAMES) + log.text(TraceCategory.HPACK);
            for (String secret : new String[] {"Bearer s3cret", "session=abc", "id=42"}) {
                assertFalse(text.contains(secret), secret + " at " + level);
            }
            assertTrue(text.contains("authorization: <redacted 13 bytes>"), level);
            assertEquals(level.equals("trace"), text.contains("data=\"xxxx"), "DATA bytes at " + level);
        }
    }

    @Test
    @DisplayName("H2SCOPE_TRACE_REVEAL=1 shows credential values at debug")
    void revealing() {
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=debug,hpack=debug",
                "H2SCOPE_TRACE_REVEAL", "1"));
        RecordingLog log = new RecordingLog(config);
        TraceSink sink = TraceSinks.fromConfig(config, log, System.err);
        TracedExchange.run(sink, sink);
        String text = log.text(TraceCategory.FRAMES) + log.text(TraceCategory.HPACK);
        for (String secret : new String[] {"Bearer s3cret", "session=abc", "id=42"}) {
            assertTrue(text.contains(secret), secret);
        }
        assertFalse(text.contains("<redacted"), text);
    }

    @Test
    @DisplayName("through the environment's sinks, frames=trace shows DATA only as H2SCOPE_TRACE_DATA keeps it")
    void dataAsRecorded() {
        for (String data : new String[] {"off", "on"}) {
            TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=trace",
                    "H2SCOPE_TRACE_DATA", data, "H2SCOPE_TRACE_DATA_MAX", "20000"));
            RecordingLog log = new RecordingLog(config);
            TraceSink sink = TraceSinks.fromConfig(config, log, System.err);
            TracedExchange.run(sink, sink);
            String text = log.text(TraceCategory.FRAMES);
            assertEquals(data.equals("on"), text.contains("data=\"xxxx"), data);
            // 20,000 octets a stream: the first frame of 16,384 kept whole, the second 3,616 of them, then none
            assertEquals(data.equals("on"), text.contains(", 12768 more octets not recorded"), data + "\n" + text);
            assertTrue(text.contains("DATA          stream=1 length=16384 payload not recorded"), data);
            assertTrue(text.contains("authorization: <redacted 13 bytes>"), data);
        }
    }

    @Test
    void theConnectionsLifeOutsideItsFramesGoesToConn() {
        RecordingLog log = new RecordingLog(TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "conn=info,flow=debug")));
        TextTraceSink sink = new TextTraceSink(log);
        sink.onEvent(new ConnectionOpened(7, 0, Role.SERVER, "127.0.0.1:8443", "127.0.0.1:50000",
                ConnectionOrigin.TLS, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h2", null));
        sink.onEvent(new ConnectionOpened(9, 0, Role.CLIENT, "127.0.0.1:50001", "127.0.0.1:80",
                ConnectionOrigin.H2C_UPGRADE, null, null, null, null));
        sink.onEvent(new Http1Head(9, 0, true, "GET / HTTP/1.1\nHost: a:80\nAuthorization: secret\nUpgrade: h2c"));
        sink.onEvent(new Http1Head(9, 0, false, "HTTP/1.1 101 Switching Protocols\nUpgrade: h2c"));
        sink.onEvent(new ConnectionClosed(9, 5_000, null, ConnectionClosed.Cause.IO_ERROR, -1, -1,
                "Connection reset by peer", null, 10, 20, 1, 2));
        assertEquals("""
                INFO conn=7 opened server local=127.0.0.1:8443 remote=127.0.0.1:50000 transport=tls tls=TLSv1.3 \
                cipher=TLS_AES_128_GCM_SHA256 alpn=h2
                INFO conn=9 opened client local=127.0.0.1:50001 remote=127.0.0.1:80 transport=h2c upgrade
                INFO conn=9 HTTP/1.1 sent: GET / HTTP/1.1 | Host: a:80 | Authorization: <redacted 6 bytes> | Upgrade: h2c
                INFO conn=9 HTTP/1.1 received: HTTP/1.1 101 Switching Protocols | Upgrade: h2c
                INFO conn=9 closed by transport: io_error debug="Connection reset by peer" | sent 1 frames 10 octets, \
                received 2 frames 20 octets
                """, log.text(TraceCategory.CONN));
    }

    @Test
    @DisplayName("every category on: each frame is one line of frames only, the close one line of conn")
    void eachFactIsToldByOneCategoryOnce() {
        RecordingLog log = new RecordingLog(TraceConfig.fromEnvironment(
                Map.of("H2SCOPE_LOG", "frames=debug,hpack=debug,flow=debug,state=debug,conn=info")));
        TextTraceSink text = new TextTraceSink(log);
        java.util.concurrent.atomic.AtomicInteger frames = new java.util.concurrent.atomic.AtomicInteger();
        TraceSink counting = new TraceSink() {
            @Override
            public void onEvent(io.h2scope.engine.trace.model.TraceEvent event) {
                if (event instanceof io.h2scope.engine.trace.model.FrameEvent) {
                    frames.incrementAndGet();
                }
                text.onEvent(event);
            }

            @Override
            public boolean wantsHpackDetail() {
                return text.wantsHpackDetail();
            }
        };
        TracedExchange exchange = TracedExchange.run(counting, counting);
        exchange.client.goAway(io.h2scope.engine.error.ErrorCode.NO_ERROR, "done");
        exchange.pump();
        exchange.client.transportClosed(10_000_000);
        exchange.server.transportClosed(10_000_000);

        assertEquals(frames.get(), log.lines.get(TraceCategory.FRAMES).size(), log.text(TraceCategory.FRAMES));
        for (TraceCategory other : new TraceCategory[] {TraceCategory.CONN, TraceCategory.STATE, TraceCategory.FLOW}) {
            assertTrue(log.lines.get(other).stream().noneMatch(l -> l.matches("\\w+ conn=\\d+ (send|recv) [A-Z_]+ +stream=.*")),
                    other + " tells frames: " + log.text(other));
        }
        String conn = log.text(TraceCategory.CONN);
        assertEquals(1, conn.lines().filter(l -> l.startsWith("INFO conn=1 closed by local: goaway_sent error=NO_ERROR")).count(), conn);
        assertEquals(1, conn.lines().filter(l -> l.startsWith("INFO conn=2 closed by remote: goaway_received")).count(), conn);
        assertTrue(log.lines.values().stream().flatMap(List::stream).noneMatch(l -> l.contains("[")
                && l.matches(".*\\[\\s*\\d+\\.\\d{6}\\].*")), "a log line has the backend's time only");
    }

    @Test
    void everythingOffIsDisabled() {
        TextTraceSink sink = new TextTraceSink(new RecordingLog(TraceConfig.OFF));
        assertFalse(sink.enabled());
        assertFalse(sink.wantsHpackDetail());
    }

    static void assertGolden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("h2scope.updateGolden")) {
            Path file = Path.of("src/test/resources/io/h2scope/engine/trace/golden", name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
            return;
        }
        try (InputStream in = TextTraceSinkTest.class.getResourceAsStream("golden/" + name)) {
            if (in == null) {
                throw new AssertionError("missing golden file " + name + "; run with -Dh2scope.updateGolden=true");
            }
            String expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(maskTimes(expected), maskTimes(actual), name);
        }
    }

    static String maskTimes(String text) {
        return text.replaceAll("\\[\\s*\\d+\\.\\d{6}\\]", "[T]");
    }
}
