package io.h2scope.engine.trace;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.jsonl.FrameEventJson;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.JsonlLineSplitter;
import io.h2scope.engine.trace.jsonl.SummaryLines;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The line-at-a-time reading every trace reader shares: cutting octets into lines, and one line into its event. */
class JsonlLineReadingTest {

    private static List<String> split(byte[] text, int chunk) throws IOException {
        List<String> lines = new ArrayList<>();
        JsonlLineSplitter splitter = new JsonlLineSplitter();
        JsonlLineSplitter.LineHandler handler = (octets, from, to, number) ->
                lines.add(number + ":" + new String(octets, from, to - from, StandardCharsets.US_ASCII));
        for (int i = 0; i < text.length; i += chunk) {
            splitter.feed(text, i, Math.min(chunk, text.length - i), handler);
        }
        splitter.finish(handler);
        return lines;
    }

    @Test
    void linesComeOutTheSameInAnyChunking() throws IOException {
        byte[] text = "first\r\n\nthird line\nunterminated".getBytes(StandardCharsets.US_ASCII);
        List<String> expected = List.of("1:first", "2:", "3:third line", "4:unterminated");
        for (int chunk = 1; chunk <= text.length; chunk++) {
            assertEquals(expected, split(text, chunk), "chunks of " + chunk);
        }
    }

    @Test
    void aLineInTheMiddleOfAChunkIsKeptUntilItEnds() throws IOException {
        JsonlLineSplitter splitter = new JsonlLineSplitter();
        List<Long> seen = new ArrayList<>();
        splitter.feed("a\nbc".getBytes(StandardCharsets.US_ASCII), 0, 4, (o, f, t, n) -> seen.add(n));
        assertEquals(List.of(1L), seen);
        assertEquals(2, splitter.pendingOctets());
        assertEquals(4, splitter.octetsFed());
    }

    @Test
    void theClockOfAnOpeningReadsBackThroughEveryReader() throws TraceFormatException {
        String clocked = "{\"v\":3,\"kind\":\"opened\",\"conn\":3,\"t_ns\":0,\"role\":\"server\","
                + "\"clock\":\"2025-06-01T14:03:00.123456Z\",\"remote\":\"10.1.2.3:51000\",\"transport\":\"h2c\"}";
        String before = "{\"v\":3,\"kind\":\"opened\",\"conn\":4,\"t_ns\":0,\"role\":\"client\"}";
        for (String line : List.of(clocked, before)) {
            byte[] octets = (line + "\n").getBytes(StandardCharsets.US_ASCII);
            ConnectionOpened whole = (ConnectionOpened) JsonlLineDecoder.decode(octets, 0, line.length(), 1);
            ConnectionOpened summary = (ConnectionOpened) JsonlLineDecoder.summary(octets, 0, line.length(), 1);
            ConnectionOpened indexed = (ConnectionOpened) new SummaryLines(octets, 0, octets.length).next(1);
            assertEquals(whole, summary, "the index's reading of " + line);
            assertEquals(whole, indexed, "the index's one-pass reading of " + line);
            assertEquals(line, TraceEventJson.write(whole), "written back the same");
        }
        ConnectionOpened opened = (ConnectionOpened) JsonlLineDecoder.decode(clocked.getBytes(StandardCharsets.US_ASCII),
                0, clocked.length(), 1);
        assertEquals(Instant.parse("2025-06-01T14:03:00.123456Z"), opened.clock());
        assertEquals(Instant.parse("2025-06-01T14:03:01.623456789Z"), opened.clockAt(1_500_000_789L));
        assertNull(((ConnectionOpened) JsonlLineDecoder.decode(before.getBytes(StandardCharsets.US_ASCII), 0,
                before.length(), 1)).clock(), "a recording made before openings carried the clock still reads");
        TraceFormatException bad = assertThrows(TraceFormatException.class, () -> JsonlLineDecoder.decode(
                clocked.replace("14:03:00", "14h03").getBytes(StandardCharsets.US_ASCII), 0, clocked.length() - 3, 7));
        assertTrue(bad.getMessage().contains("is not an ISO 8601 time with a zone, like 2025-06-01T14:03:00.123456Z"),
                bad.getMessage());
    }

    @Test
    void aWrittenEventDecodesBackFromItsOctets() throws TraceFormatException {
        TraceEvent event = new WindowChanged(3, 99, 1, WindowSide.SEND, 65_535, 64_000, WindowCause.DATA);
        byte[] line = ("  " + TraceEventJson.write(event)).getBytes(StandardCharsets.US_ASCII);
        assertEquals(event, JsonlLineDecoder.decode(line, 2, line.length, 7));
        assertNull(JsonlLineDecoder.decode("   ", 8), "a blank line has no event");
        assertNull(JsonlLineDecoder.decode("{\"v\":2,\"kind\":\"a_later_kind\"}", 9), "an unknown kind is skipped");
    }

    @Test
    void aSummaryHasTheFramesHeaderWindowsAndStateButNotItsPayload() throws TraceFormatException {
        List<TraceEvent> events = new ArrayList<>();
        TracedExchange.run(events::add, TraceSink.NONE);
        int frames = 0;
        for (TraceEvent event : events) {
            byte[] line = TraceEventJson.write(event).getBytes(StandardCharsets.US_ASCII);
            TraceEvent summary = JsonlLineDecoder.summary(line, 0, line.length, 1);
            if (event instanceof FrameEvent f) {
                frames++;
                FrameEvent s = (FrameEvent) summary;
                assertEquals(f.header(), s.header());
                assertEquals(f.direction(), s.direction());
                assertEquals(List.of(f.connectionId(), f.nanosSinceStart(), (long) f.connectionSendWindow(),
                        (long) f.connectionReceiveWindow(), (long) f.streamSendWindow(), (long) f.streamReceiveWindow()),
                        List.of(s.connectionId(), s.nanosSinceStart(), (long) s.connectionSendWindow(),
                                (long) s.connectionReceiveWindow(), (long) s.streamSendWindow(),
                                (long) s.streamReceiveWindow()));
                assertEquals(f.streamStateAfter(), s.streamStateAfter());
                if (FrameEventJson.keptInSummary(f.header().typeCode(), f.header().length())) {
                    assertEquals(f.frame(), s.frame(), "a small control frame is kept, for its error code or increment");
                } else {
                    assertNull(s.frame(), "the payload is not read");
                }
            } else {
                assertEquals(event, summary);
            }
        }
        assertTrue(frames > 5, frames + " frames");
    }

    @Test
    void eachBadLineIsNamedWithWhatIsWrong() {
        TraceFormatException notJson = assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.decode("GET / HTTP/1.1", 4));
        assertEquals(4, notJson.line());
        assertTrue(notJson.getMessage().startsWith("line 4: not JSON ("), notJson.getMessage());
        assertFalse(notJson.newerVersion());

        byte[] latin1 = {'{', (byte) 0xE9, '}'};
        TraceFormatException notUtf8 = assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.decode(latin1, 0, 3, 5));
        assertEquals("line 5: not UTF-8 text", notUtf8.getMessage());

        TraceFormatException array = assertThrows(TraceFormatException.class, () -> JsonlLineDecoder.decode("[1]", 6));
        assertEquals("not a JSON object", array.detail());
    }

    @Test
    void aNewerFormatVersionSaysSoAndWhatToDo() {
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.decode("{\"v\":4,\"kind\":\"frame\"}", 1));
        assertTrue(e.newerVersion());
        assertEquals("line 1: trace format version 4 is newer than this h2scope reads (versions 1 to 3): open it "
                + "with the h2scope that wrote it, or update this one", e.getMessage());
    }
}
