package io.h2scope.engine.trace.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.WindowChanged;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server's recording costs few lines a request: a GET answered with a body is its three frames' lines, the window and
 * stream state changes each frame made folded into that frame's line (docs/TRACE_FORMAT.md, {@code changes}); and the
 * recording still reads back as every event the connection published, each change included.
 */
class RequestLinesTest {

    private static final int REQUESTS = 20;

    @TempDir
    Path dir;

    @Test
    void aServersGetIsThreeLinesAndReadsBackWhole() throws Exception {
        Path file = dir.resolve("server.jsonl");
        List<TraceEvent> published = Collections.synchronizedList(new ArrayList<>());
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            TraceSink both = TraceSinks.compose(List.of(published::add, writer));
            H2Server server = H2Server.builder().traceSink(both).handler(ex -> ex.respond(200,
                    List.of(new HeaderField("content-type", "text/plain")),
                    ByteBuffer.wrap("hello".getBytes(StandardCharsets.UTF_8)))).start();
            try (H2Client client = H2Client.newBuilder().traceSink(TraceSink.NONE).build()) {
                for (int i = 0; i < REQUESTS; i++) {
                    assertEquals("hello", client.get(server.url() + "r" + i).body());
                }
            } finally {
                server.close();
            }
        }
        Map<Long, Integer> linesPerStream = new TreeMap<>();
        List<String> all = Files.readAllLines(file);
        for (String line : all) {
            Map<String, Object> o = JsonlLineDecoder.parse(line, 0);
            if (o.get("stream") instanceof Long stream && stream > 0) {
                linesPerStream.merge(stream, 1, Integer::sum);
            }
        }
        assertEquals(REQUESTS, linesPerStream.size(), linesPerStream::toString);
        linesPerStream.forEach((stream, lines) -> assertEquals(3, lines,
                () -> "stream " + stream + ": HEADERS received, HEADERS and DATA sent, nothing else: " + linesPerStream
                        + "\n" + String.join("\n", all.stream().filter(l -> l.contains("\"stream\":" + stream + ",")).toList())));
        List<TraceEvent> read = JsonlTraceReader.read(file);
        assertEquals(published, read, "every event published reads back, in order");
        assertTrue(read.stream().filter(e -> e instanceof WindowChanged || e instanceof StreamStateChanged)
                .count() >= 7L * REQUESTS, "each request's window and state changes are there");
    }
}
