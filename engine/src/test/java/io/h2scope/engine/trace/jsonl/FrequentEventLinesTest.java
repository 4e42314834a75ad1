package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.TracedExchange;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The octet path of the frequent lines writes exactly what the text path ({@link TraceEventJson}) writes. */
class FrequentEventLinesTest {

    @Test
    void everyFrequentEventOfARealExchangeIsWrittenAsTheTextPathWritesIt() {
        List<TraceEvent> events = exchangeEvents();
        int frequent = 0;
        for (TraceEvent event : events) {
            LineOctets line = new LineOctets(16);
            if (FrequentEventLines.write(event, line)) {
                frequent++;
                assertEquals(TraceEventJson.write(event), text(line), event.toString());
            }
        }
        long frames = events.stream().filter(e -> e instanceof FrameEvent f && f.hpack() != null).count();
        assertTrue(frames >= 2, "the exchange has header blocks with HPACK detail: " + frames);
        assertTrue(events.stream().anyMatch(e -> e instanceof HpackEntryAdded), "the exchange adds HPACK entries");
        assertTrue(events.stream().anyMatch(e -> e instanceof WindowChanged), "the exchange changes windows");
        assertTrue(events.stream().anyMatch(e -> e instanceof StreamStateChanged), "the exchange changes states");
        assertTrue(frequent > 20, "frequent lines compared: " + frequent);
    }

    @Test
    void edgeCaseFramesAreWrittenAsTheTextPathWritesThem() {
        String unusual = "q\"b\\s/\n\r\t\b\f\u0000\u001f\u007f\u00e9\u2603\ud83d\ude00 end";
        List<String> lines = List.of(
                frameLine(Long.MAX_VALUE, Long.MAX_VALUE, "recv", Integer.MAX_VALUE, 0, 1, false, new byte[0], ""),
                frameLine(0, 0, "send", 1, 0, 0x8, false, new byte[] {3, 'a', 'b', 7, 8, 9}, ""),
                frameLine(3, 5, "recv", 0, 7, 0, false,
                        concat(new byte[] {0, 0, 0, 5, 0, 0, 0, 2}, "\u0000\"\\\n\u007f\u00e9\u00ff"
                                .getBytes(StandardCharsets.ISO_8859_1)), ""),
                frameLine(3, 6, "send", 0, 7, 0, false, new byte[0 + 8], ""),
                frameLine(3, 7, "send", 0, 6, 1, false, new byte[] {-1, -2, -3, -4, -5, -6, -7, -8}, ""),
                frameLine(3, 8, "recv", 0, 4, 0, false, new byte[] {0, 1, 0, 0, 16, 0, 0, -103, -1, -1, -1, -1}, ""),
                frameLine(3, 9, "recv", 5, 3, 0, false, new byte[] {-34, -83, -66, -17}, ""),
                frameLine(3, 10, "recv", 0, 8, 0, true, new byte[] {127, -1, -1, -1}, ""),
                frameLine(3, 11, "recv", 1, 5, 0x4, false, new byte[] {0, 0, 0, 4, -126}, ""),
                frameLine(3, 12, "send", 9, 0xfa, 0xff, true, new byte[] {1, 2, 3, 4, 5}, ""),
                frameLine(-1, -12, "recv", 1, 1, 0x4 | 0x8 | 0x20,
                        false, new byte[] {2, -128, 0, 0, 3, 15, -126, 1, 2}, ",\"headers\":[[\":path\","
                                + quoted(unusual) + "],[\"x\",\"\",true]],\"state\":\"half_closed_remote\","
                                + "\"hpack\":{\"size_updates\":[0,4096],\"lines\":[[\":path\"," + quoted(unusual)
                                + ",\"literal_indexed\",true,false,62,3,40],[\"x\",\"\",\"literal_not_indexed\","
                                + "false,true]],\"table\":[[\":path\"," + quoted(unusual) + "]],\"table_size\":73,"
                                + "\"table_max\":4096}"));
        for (String json : lines) {
            TraceEvent event = TraceEventJson.read(object(json));
            LineOctets line = new LineOctets(1);
            assertTrue(FrequentEventLines.write(event, line), json);
            assertEquals(TraceEventJson.write(event), text(line), json);
        }
    }

    @Test
    void otherFrequentKindsWithUnusualValuesAreWrittenAsTheTextPathWritesThem() {
        Random random = new Random(7);
        List<TraceEvent> events = new ArrayList<>();
        events.add(new WindowChanged(Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE, WindowSide.RECEIVE,
                Integer.MIN_VALUE, -1, WindowCause.values()[WindowCause.values().length - 1]));
        events.add(new StreamStateChanged(0, 0, 0, StreamState.IDLE, StreamState.CLOSED, StreamInput.values()[0]));
        events.add(new HpackEntryAdded(1, 2, HpackContext.values()[0], "", "", 32));
        events.add(new HpackEntriesEvicted(-5, 9, HpackContext.values()[HpackContext.values().length - 1], 0));
        for (int i = 0; i < 2000; i++) {
            events.add(new HpackEntryAdded(random.nextLong(), random.nextLong(), HpackContext.values()[i % 2],
                    randomText(random), randomText(random), random.nextInt()));
            events.add(new WindowChanged(random.nextLong(), random.nextLong(), random.nextInt(),
                    i % 2 == 0 ? WindowSide.SEND : WindowSide.RECEIVE, random.nextInt(), random.nextInt(),
                    WindowCause.values()[i % WindowCause.values().length]));
        }
        for (TraceEvent event : events) {
            LineOctets line = new LineOctets(4);
            assertTrue(FrequentEventLines.write(event, line));
            assertEquals(TraceEventJson.write(event), text(line), event.toString());
        }
    }

    @Test
    void theWriterRecordsEveryKindAsTheTextPathWritesIt(@TempDir Path dir) throws Exception {
        List<TraceEvent> events = exchangeEvents();
        assertTrue(events.stream().anyMatch(e -> !FrequentEventLines.write(e, new LineOctets(8))),
                "the exchange has rare kinds too (opened, settings), written by the text path");
        Path file = dir.resolve("trace.jsonl");
        StringBuilder expected = new StringBuilder();
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, new PrintStream(new ByteArrayOutputStream()))) {
            for (TraceEvent event : events) {
                writer.onEvent(event);
                expected.append(TraceEventJson.write(event)).append('\n');
            }
        }
        assertEquals(expected.toString(), Files.readString(file, StandardCharsets.US_ASCII));
    }

    @Test
    void aKindThatIsNotFrequentIsLeftToTheTextPath() {
        LineOctets line = new LineOctets(8);
        assertFalse(FrequentEventLines.write(new SettingsAcknowledged(1, 2, Side.LOCAL), line));
        assertEquals(0, line.length());
    }

    private static List<TraceEvent> exchangeEvents() {
        List<TraceEvent> events = new ArrayList<>();
        TraceSink sink = new TraceSink() {
            @Override
            public void onEvent(TraceEvent event) {
                events.add(event);
            }

            @Override
            public boolean wantsHpackDetail() {
                return true;
            }
        };
        TracedExchange.run(sink, sink);
        return events;
    }

    private static String frameLine(long conn, long t, String dir, int stream, int type, int flags, boolean reserved,
                                     byte[] payload, String rest) {
        return "{\"v\":2,\"kind\":\"frame\",\"conn\":" + conn + ",\"t_ns\":" + t + ",\"dir\":\"" + dir
                + "\",\"stream\":" + stream + ",\"type_code\":" + type + ",\"flags\":" + flags + ",\"length\":"
                + payload.length + ",\"reserved\":" + reserved + ",\"payload\":\""
                + Base64.getEncoder().encodeToString(payload) + "\",\"window\":{\"conn_send\":-100,\"conn_recv\":"
                + Integer.MAX_VALUE + ",\"stream_send\":0,\"stream_recv\":" + Integer.MIN_VALUE + "}" + rest + "}";
    }

    private static String quoted(String value) {
        StringBuilder out = new StringBuilder();
        Json.string(out, value);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(String json) {
        return (Map<String, Object>) Json.parse(json);
    }

    private static String randomText(Random random) {
        char[] chars = new char[random.nextInt(12)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = random.nextBoolean() ? (char) (0x20 + random.nextInt(0x60)) : (char) random.nextInt(0x10000);
        }
        return new String(chars);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static String text(LineOctets line) {
        return new String(line.octets(), 0, line.length(), StandardCharsets.ISO_8859_1);
    }
}
