package io.h2scope.engine.trace;

import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.jsonl.RollingFile;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonlTraceTest {

    @TempDir
    Path dir;

    /** Keeps events as the connection gave them, beside the writer. */
    static final class Collect implements TraceSink {
        final List<TraceEvent> events = new ArrayList<>();
        final boolean hpack;

        Collect(boolean hpack) {
            this.hpack = hpack;
        }

        @Override
        public void onEvent(TraceEvent event) {
            events.add(event);
        }

        @Override
        public boolean wantsHpackDetail() {
            return hpack;
        }
    }

    @Test
    void writtenThenReadGivesEqualEvents() throws IOException {
        for (boolean hpack : new boolean[] {false, true}) {
            Path file = dir.resolve("trace-" + hpack + ".jsonl");
            Collect collect = new Collect(hpack);
            try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
                TraceSink both = TraceSinks.compose(List.of(collect, writer));
                TracedExchange.run(both, both);
            }
            List<TraceEvent> read = JsonlTraceReader.read(file);
            assertEquals(collect.events.size(), read.size());
            assertEquals(collect.events, read);
            assertEquals(hpack, read.stream().anyMatch(e -> e instanceof FrameEvent f && f.hpack() != null));
            assertTrue(Files.readString(file).contains("\"kind\":\"state\""), "state lines are recorded too");
        }
    }

    @Test
    void linesAreVersionedJson() throws IOException {
        Path file = dir.resolve("t.jsonl");
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            TracedExchange.run(writer, TraceSink.NONE);
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals("{\"v\":3,\"kind\":\"opened\",\"conn\":1,\"t_ns\":0,\"role\":\"client\"}", lines.get(0));
        String frame = lines.stream().filter(l -> l.contains("\"kind\":\"frame\"")).findFirst().orElseThrow();
        assertTrue(frame.startsWith("{\"v\":3,\"kind\":\"frame\",\"conn\":1,\"t_ns\":0,\"dir\":\"send\",\"stream\":0,"
                + "\"type_code\":4,"), frame);
    }

    @Test
    void sizeCapRollsToOnePreviousFile() throws IOException {
        Path file = dir.resolve("capped.jsonl");
        long cap = 64 * 1024; // above the longest line (a 16 KiB DATA frame in base64)
        for (int run = 0; run < 3; run++) {
            try (JsonlTraceWriter writer = new JsonlTraceWriter(file, cap, System.err)) {
                TracedExchange.run(writer, writer);
            }
        }
        Path previous = dir.resolve("capped.jsonl.1");
        assertTrue(Files.exists(previous));
        assertTrue(Files.size(file) <= cap, "current file within the cap: " + Files.size(file));
        assertTrue(Files.size(previous) <= cap, "previous file within the cap: " + Files.size(previous));
        try (var listing = Files.list(dir)) {
            assertEquals(2, listing.filter(p -> p.getFileName().toString().startsWith("capped")).count());
        }
        assertFalse(JsonlTraceReader.read(file).isEmpty());
        assertFalse(JsonlTraceReader.read(previous).isEmpty());
    }

    @Test
    void aLineLongerThanTheCapStillGoesInAlone() throws IOException {
        Path file = dir.resolve("one.jsonl");
        try (RollingFile rolling = new RollingFile(file, 10)) {
            rolling.append("0123456789abcdef\n".getBytes(StandardCharsets.US_ASCII));
            rolling.append("second\n".getBytes(StandardCharsets.US_ASCII));
        }
        assertEquals("second\n", Files.readString(file));
        assertEquals("0123456789abcdef\n", Files.readString(dir.resolve("one.jsonl.1")));
    }

    @Test
    void manyThreadsShareOneWriter() throws Exception {
        Path file = dir.resolve("shared.jsonl");
        int threads = 4;
        int expected;
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            Collect one = new Collect(false);
            TracedExchange.run(one, one);
            expected = one.events.size() * threads;
            List<Thread> started = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread t = new Thread(() -> TracedExchange.run(writer, writer));
                t.start();
                started.add(t);
            }
            for (Thread t : started) {
                t.join();
            }
        }
        assertEquals(expected, JsonlTraceReader.read(file).size());
    }

    @Test
    void badLinesAreNamedByNumber() {
        String text = "{\"v\":2,\"kind\":\"a_later_kind\"}\n{\"v\":1,\"kind\":\"frame\"}\n{}\n";
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> JsonlTraceReader.read(new BufferedReader(new StringReader(text))));
        assertTrue(e.getMessage().startsWith("line 2: "), e.getMessage());
        assertEquals(2, e.line());
        TraceFormatException version = assertThrows(TraceFormatException.class,
                () -> JsonlTraceReader.read(new BufferedReader(new StringReader("{\"v\":9}\n{}\n"))));
        assertTrue(version.getMessage().contains("version 9"), version.getMessage());
    }

    @Test
    void aFileThatIsNotUtf8IsNamedAsSuch() throws IOException {
        Path file = Files.write(dir.resolve("random.bin"), new byte[] {'\n', (byte) 0xC3, (byte) 0x28, '\n'});
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> JsonlTraceReader.read(file));
        assertEquals("line 2 of " + file + ": not UTF-8 text", e.getMessage());
    }

    @Test
    void aLastLineThatIsNotJsonAtAllIsAnErrorNotACutLine() {
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> JsonlTraceReader.read(new BufferedReader(new StringReader("hello world\n"))));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().startsWith("line 1: not JSON ("), e.getMessage());
    }

    @Test
    void aTruncatedLastLineIsSkipped() throws IOException {
        Path file = dir.resolve("cut.jsonl");
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES, System.err)) {
            TracedExchange.run(writer, TraceSink.NONE);
        }
        int whole = JsonlTraceReader.read(file).size();
        Files.writeString(file, "{\"v\":1,\"kind\":\"frame\",\"co", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(whole, JsonlTraceReader.read(file).size());
    }

    @Test
    void writeFailureIsReportedOnceAndRecordingStops() throws IOException {
        Path file = dir.resolve("closed.jsonl");
        var errors = new java.io.ByteArrayOutputStream();
        JsonlTraceWriter writer = new JsonlTraceWriter(file, 1 << 20, new PrintStream(errors, true));
        writer.close();
        TracedExchange.run(writer, writer);
        assertFalse(writer.enabled());
        assertEquals(1, errors.toString().lines().count(), errors.toString());
    }

    @Test
    void composeOfNothingEnabledIsNone() {
        assertEquals(TraceSink.NONE, TraceSinks.compose(List.of(TraceSink.NONE)));
        TraceConfig config = TraceConfig.fromEnvironment(Map.of());
        assertEquals(TraceSink.NONE, TraceSinks.fromConfig(config, new RecordingLog(config), System.err));
    }
}
