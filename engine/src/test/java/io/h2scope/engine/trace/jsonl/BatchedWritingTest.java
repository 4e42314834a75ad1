package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSONL writer queues lines and writes them in batches: the files must be what line-by-line writing made. */
class BatchedWritingTest {

    @TempDir
    Path dir;

    @Test
    void linesWrittenInBatchesRollWhereTheyWouldOneByOne() throws IOException {
        Random random = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            List<byte[]> lines = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                lines.add(("x".repeat(random.nextInt(random.nextInt(10) == 0 ? 400 : 60)) + "\n")
                        .getBytes(StandardCharsets.US_ASCII));
            }
            long cap = 50 + random.nextInt(2000);
            Path single = dir.resolve("single-" + trial);
            Path batched = dir.resolve("batched-" + trial);
            try (RollingFile one = new RollingFile(single, cap); RollingFile many = new RollingFile(batched, cap)) {
                for (int i = 0; i < lines.size(); ) {
                    int n = 1 + random.nextInt(30);
                    ByteBuffer batch = ByteBuffer.allocateDirect(64 * 1024);
                    for (int j = i; j < Math.min(lines.size(), i + n); j++) {
                        one.append(lines.get(j));
                        batch.put(lines.get(j));
                    }
                    many.appendLines(batch.flip());
                    i += n;
                }
            }
            assertArrayEquals(Files.readAllBytes(single), Files.readAllBytes(batched), "trial " + trial + ", cap " + cap);
            assertArrayEquals(Files.readAllBytes(one(single)), Files.readAllBytes(one(batched)), "trial " + trial);
        }
    }

    /** Frame events of a few sizes and a window change each, on a few connections. */
    private static List<TraceEvent> exchange() {
        List<TraceEvent> events = new ArrayList<>();
        for (int conn = 1; conn <= 3; conn++) {
            for (int size : new int[] {0, 19, 300, 4000}) {
                events.add(data(conn, size));
                events.add(new WindowChanged(conn, 5, 1, WindowSide.RECEIVE, 65535, 65535 - size,
                        WindowCause.DATA));
            }
        }
        return events;
    }

    private static FrameEvent data(long conn, int size) {
        byte[] payload = new byte[size];
        new Random(size).nextBytes(payload);
        return new FrameEvent(conn, 7, Direction.INBOUND, new FrameHeader(size, FrameType.DATA.code(), 0, 1, false),
                new DataFrame(1, 0, payload, -1), List.of(), 65535, 65535, 65535, 65535, StreamState.OPEN);
    }

    private static Path one(Path file) {
        return file.resolveSibling(file.getFileName() + ".1");
    }

    @Test
    void theFileHoldsEveryLineInOrderAndALineLongerThanTheQueueWhole() throws IOException {
        Path file = dir.resolve("trace.jsonl");
        List<TraceEvent> events = exchange();
        FrameEvent huge = data(1, JsonlTraceWriter.QUEUE_BYTES); // its line is longer than the writer's queue
        StringBuilder expected = new StringBuilder();
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, System.err)) {
            for (int round = 0; round < 3000; round++) {
                for (TraceEvent e : events) {
                    writer.onEvent(e);
                    expected.append(TraceEventJson.write(e)).append('\n');
                }
                if (round == 1500) {
                    writer.onEvent(huge);
                    expected.append(TraceEventJson.write(huge)).append('\n');
                }
            }
        }
        String written = Files.readString(file, StandardCharsets.US_ASCII);
        assertTrue(written.length() > 4 * JsonlTraceWriter.QUEUE_BYTES, "the test fills the queue several times");
        assertEquals(expected.toString(), written);
    }

    @Test
    void flushWritesEverythingQueuedAndTheWriterGoesOnTakingLines() throws IOException {
        Path file = dir.resolve("flushed.jsonl");
        List<TraceEvent> events = exchange();
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, System.err)) {
            events.forEach(writer::onEvent);
            writer.flush(java.time.Duration.ofSeconds(10));
            assertEquals(events.size(), JsonlTraceReader.read(file).size(), "written while the writer is open");
            events.forEach(writer::onEvent);
        }
        assertEquals(2 * events.size(), JsonlTraceReader.read(file).size(), "lines after a flush are written too");
    }

    @Test
    void linesQueuedAtCloseAreWrittenAndLaterOnesReportedOnce() throws IOException {
        Path file = dir.resolve("closing.jsonl");
        List<TraceEvent> events = exchange();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, new PrintStream(errors, true));
        events.forEach(writer::onEvent);
        writer.close();
        assertEquals(events.size(), JsonlTraceReader.read(file).size());
        events.forEach(writer::onEvent);
        assertEquals(1, errors.toString().lines().count(), errors.toString());
        assertEquals(TraceSink.NONE, TraceSinks.compose(List.of(writer)), "a failed writer is not enabled");
    }

    /** A batch's lines are held until it ends (or past {@link JsonlTraceWriter#BATCH_BYTES}), in their order. */
    @Test
    void aBatchsLinesAreQueuedWhenItEndsInTheirOrder() throws IOException {
        Path file = dir.resolve("batch.jsonl");
        List<TraceEvent> events = exchange();
        StringBuilder expected = new StringBuilder();
        events.forEach(e -> expected.append(TraceEventJson.write(e)).append('\n'));
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, System.err)) {
            writer.batch(() -> {
                events.forEach(writer::onEvent);
                writer.flush(java.time.Duration.ofSeconds(10));
                assertEquals("", read(file), "nothing of an open batch is queued below its size");
            });
            writer.flush(java.time.Duration.ofSeconds(10));
            assertEquals(expected.toString(), read(file), "the batch's lines, once it ended");
        }
    }

    @Test
    void aBatchLargerThanItsSizeIsQueuedAsItGoesAndNestedBatchesEndWithTheOuter() throws IOException {
        Path file = dir.resolve("large.jsonl");
        FrameEvent big = data(1, 4000); // over 5,000 octets of line: 13 of them pass the batch size
        String line = TraceEventJson.write(big) + "\n";
        int count = 40;
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, System.err)) {
            writer.batch(() -> writer.batch(() -> {
                for (int i = 0; i < count; i++) {
                    writer.onEvent(big);
                }
                writer.flush(java.time.Duration.ofSeconds(10));
                int queued = read(file).length();
                assertTrue(queued >= JsonlTraceWriter.BATCH_BYTES && queued < count * line.length(),
                        "part is written already: " + queued);
            }));
        }
        assertEquals(line.repeat(count), read(file));
    }

    @Test
    void twoWritersBatchedOnOneThreadKeepTheirLinesApart() throws IOException {
        Path a = dir.resolve("a.jsonl");
        Path b = dir.resolve("b.jsonl");
        List<TraceEvent> events = exchange();
        try (JsonlTraceWriter first = new JsonlTraceWriter(a, 1L << 30, System.err);
             JsonlTraceWriter second = new JsonlTraceWriter(b, 1L << 30, System.err)) {
            TraceSink both = TraceSinks.compose(List.of(first, second));
            both.batch(() -> events.forEach(both::onEvent));
        }
        assertEquals(events.size(), JsonlTraceReader.read(a).size());
        assertEquals(Files.readString(a), Files.readString(b));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
