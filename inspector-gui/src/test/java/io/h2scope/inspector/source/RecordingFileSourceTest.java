package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;
import io.h2scope.inspector.model.filter.DisplayFilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class RecordingFileSourceTest {

    private static List<TraceEvent> exchange;

    @TempDir
    Path dir;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(50_000);
    }

    static List<String> lines(List<TraceEvent> events) {
        List<String> lines = new ArrayList<>();
        for (TraceEvent e : events) {
            lines.add(TraceEventJson.write(e));
        }
        return lines;
    }

    private Path write(String name, List<String> lines) throws IOException {
        return Files.write(dir.resolve(name), lines, StandardCharsets.US_ASCII);
    }

    private RecordingFileSource source;

    private CollectingSink open(Path file) throws InterruptedException {
        CollectingSink sink = new CollectingSink();
        source = new RecordingFileSource(file);
        source.start(sink);
        sink.awaitEnd();
        return sink;
    }

    @Test
    void aRecordingGivesBackEveryEventInOrder() throws Exception {
        Path file = write("exchange.jsonl", lines(exchange));
        CollectingSink sink = open(file);
        assertEquals(exchange, sink.whole(source));
        assertEquals(List.of(exchange.size() + " events read"), sink.ends);
        assertEquals(List.of(), sink.problems);
        long[] last = sink.progress.get(sink.progress.size() - 1);
        assertEquals(Files.size(file), last[0], "all octets read at the end");
        assertEquals(Files.size(file), last[1]);
    }

    @Test
    void anInspectionKeepsPositionsAndReadsEachEventAgainFromTheFile() throws Exception {
        List<String> lines = lines(exchange);
        Path file = Files.write(dir.resolve("kept.jsonl"), String.join("\n", lines).getBytes(StandardCharsets.US_ASCII));
        try (Inspection inspection = new Inspection()) {
            inspection.open(new RecordingFileSource(file)); // the last line has no newline: read to the file's end
            CollectingSink.await(() -> inspection.notices().stream().anyMatch(Inspection.Notice::ended), "the end");
            assertEquals(exchange.size(), inspection.recording().eventCount());
            for (int i = exchange.size() - 1; i >= 0; i--) {
                // an opening says what the window shows of its connection: the credentials hidden
                TraceEvent expected = exchange.get(i) instanceof ConnectionOpened o
                        ? o.withPrivacy(Redaction.DEFAULT.privacy(TracePrivacy.ALL_DATA)) : exchange.get(i);
                assertEquals(expected, inspection.recording().event(i), "event " + i);
            }
        }
    }

    @Test
    void anOpenedFilesFieldsAndLinesAreFilteredFromWhatItsIndexKept() throws Exception {
        Path file = write("filtered.jsonl", lines(exchange));
        try (Inspection inspection = new Inspection()) {
            inspection.open(new RecordingFileSource(file));
            CollectingSink.await(() -> inspection.notices().stream().anyMatch(Inspection.Notice::ended), "the end");
            Recording recording = inspection.recording();
            long responses = exchange.stream().filter(e -> e instanceof FrameEvent f
                    && f.headers().contains(new HeaderField(":status", "200"))).count();
            DisplayFilter.Matcher status = DisplayFilter.compile("header[\":status\"] == \"200\"", null).matcher(recording);
            int shown = 0;
            for (int f = 0; f < recording.frameCount(); f++) {
                shown += status.matches(f) ? 1 : 0;
                // the line from the index, as the frame read again from the file gives it
                assertTrue(recording.frameHeads().kept(f) && recording.frameFields().kept(f), "frame " + f);
                assertEquals(FrameSummary.of(recording, f).toLowerCase(Locale.ROOT), FrameSummary.searchable(recording, f),
                        "frame " + f);
            }
            assertTrue(responses > 0);
            assertEquals(responses, shown, "the fields of a file's frames are kept");
        }
    }

    @Test
    void aBigFileArrivesInBatchesWithProgressAndBadLinesNamedByTheirNumberInTheFile() throws Exception {
        List<String> one = lines(exchange);
        List<String> all = new ArrayList<>();
        long octets = 0;
        while (octets < 3L * RecordingFileSource.CHUNK) {
            all.addAll(one);
            octets += one.stream().mapToLong(l -> l.length() + 1).sum();
        }
        int corrupt = all.size() - 10; // in the last chunk: its number counts the lines of every chunk before
        all.set(corrupt, "{\"v\":2,\"kind\":\"window\",\"conn\"");
        CollectingSink sink = open(write("big.jsonl", all));
        assertEquals(all.size() - 1, sink.events.size());
        assertTrue(sink.batchSizes.size() >= 3, "batches " + sink.batchSizes);
        assertEquals(List.of("line " + (corrupt + 1) + " of big.jsonl skipped: not JSON (JSON: ':' was expected "
                + "at offset 29); the other events are kept"), sink.problems.subList(0, 1));
        long previous = -1;
        for (long[] p : sink.progress) {
            assertTrue(p[0] >= previous, "progress goes forward");
            previous = p[0];
        }
        assertTrue(sink.progress.size() >= 3, "progress told " + sink.progress.size() + " times");
        assertEquals((all.size() - 1) + " events read, 1 bad line skipped", sink.ends.get(0));
    }

    @Test
    void aCorruptLineIsSkippedAndTheGoodEventsKept() throws Exception {
        List<String> lines = lines(exchange);
        lines.add(3, "this is not json");
        lines.add(6, "[1, 2]");
        CollectingSink sink = open(write("corrupt.jsonl", lines));
        assertEquals(exchange, sink.whole(source));
        assertEquals(2, sink.problems.size(), sink.problems.toString());
        assertTrue(sink.problems.get(0).startsWith("line 4 of corrupt.jsonl skipped: not JSON ("), sink.problems.get(0));
        assertEquals("line 7 of corrupt.jsonl skipped: not a JSON object; the other events are kept", sink.problems.get(1));
        assertEquals(exchange.size() + " events read, 2 bad lines skipped", sink.ends.get(0));
    }

    @Test
    void aFileThatIsNotATraceStopsWithOneLine() throws Exception {
        Path file = Files.write(dir.resolve("photo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n',
                0, 0, 0, 13, 'I', 'H', 'D', 'R'});
        CollectingSink sink = open(file);
        assertEquals(List.of(), sink.events);
        assertEquals(List.of(), sink.problems);
        assertEquals(List.of("photo.png is not a JSONL trace (line 1: not UTF-8 text): open a file recorded with "
                + "H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)"), sink.ends);

        CollectingSink text = open(write("notes.txt", List.of("GET / HTTP/1.1", "Host: example.com")));
        assertTrue(text.ends.get(0).startsWith("notes.txt is not a JSONL trace (line 1: not JSON ("), text.ends.get(0));
        assertEquals(List.of(), text.problems, "one line, not one per line");
    }

    @Test
    void aNewerFormatVersionStopsThereSayingWhatToDo() throws Exception {
        List<String> lines = lines(exchange);
        lines.add(5, "{\"v\":4,\"kind\":\"frame\",\"conn\":1}");
        CollectingSink sink = open(write("future.jsonl", lines));
        assertEquals(exchange.subList(0, 5), sink.whole(source), "the events before it are kept");
        assertEquals(List.of("future.jsonl line 6: trace format version 4 is newer than this h2scope reads "
                + "(versions 1 to 3): open it with the h2scope that wrote it, or update this one"), sink.ends);
    }

    @Test
    void aMissingFileSaysSo() throws Exception {
        CollectingSink sink = open(dir.resolve("gone.jsonl"));
        assertTrue(sink.ends.get(0).startsWith("cannot read " + dir.resolve("gone.jsonl")), sink.ends.get(0));
    }
}
