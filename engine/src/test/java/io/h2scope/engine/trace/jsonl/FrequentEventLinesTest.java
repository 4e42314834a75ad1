package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.Representation;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TracedExchange;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackBlock;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The encoder of the frequent lines ({@link FrequentEventLines}, by way of {@link TraceEventJson#write}): what it
 * writes reads back as the same event, and its lines are exactly the ones docs/TRACE_FORMAT.md describes.
 */
class FrequentEventLinesTest {

    @Test
    void everyEventOfARealExchangeReadsBackAsItself() throws TraceFormatException {
        List<TraceEvent> events = exchangeEvents();
        int frequent = 0;
        for (TraceEvent event : events) {
            frequent += FrequentEventLines.write(event, new LineOctets(8)) ? 1 : 0;
            assertReadsBack(event);
        }
        long frames = events.stream().filter(e -> e instanceof FrameEvent f && f.hpack() != null).count();
        assertTrue(frames >= 2, "the exchange has header blocks with HPACK detail: " + frames);
        assertTrue(events.stream().anyMatch(e -> e instanceof HpackEntryAdded), "the exchange adds HPACK entries");
        assertTrue(events.stream().anyMatch(e -> e instanceof WindowChanged), "the exchange changes windows");
        assertTrue(events.stream().anyMatch(e -> e instanceof StreamStateChanged), "the exchange changes states");
        assertTrue(frequent > 20, "frequent lines read back: " + frequent);
        assertTrue(frequent < events.size(), "the exchange has rare kinds too (opened, settings)");
    }

    /**
     * A reused line copies a field list it wrote before ({@link KeptFieldLists}) only when every field is the same:
     * each line is the one a fresh line writes, through repeats, equal copies and lists that differ in one thing.
     */
    @Test
    void aReusedLineWritesEachFieldListAsAFreshLineDoes() {
        FrameEvent request = exchangeEvents().stream()
                .filter(e -> e instanceof FrameEvent f && f.headers().size() >= 2).map(e -> (FrameEvent) e)
                .findFirst().orElseThrow();
        List<HeaderField> fields = request.headers();
        HeaderField first = fields.get(0);
        // each list that differs comes while the original is kept, so it is compared with it
        List<List<HeaderField>> lists = new ArrayList<>();
        lists.add(fields);
        lists.add(fields);
        lists.add(List.of(new HeaderField("x-other", "1")));
        lists.add(fields);
        lists.add(fields.stream().map(f -> new HeaderField(new String(f.name()), new String(f.value()),
                f.neverIndex())).toList()); // equal, other instances
        for (List<HeaderField> other : List.of(
                replaceFirst(fields, new HeaderField(first.name(), first.value(), !first.neverIndex())),
                replaceFirst(fields, new HeaderField(first.name(), first.value() + "\u00e9", first.neverIndex())),
                replaceFirst(fields, new HeaderField(first.name() + "x", first.value(), first.neverIndex())),
                fields.subList(1, fields.size()))) {
            lists.add(other);
            lists.add(fields);
        }
        LineOctets reused = LineOctets.reused(16);
        for (List<HeaderField> list : lists) {
            FrameEvent event = request.withContent(request.frame(), list, request.hpack());
            String fresh = TraceEventJson.write(event, new LineOctets(16)).text();
            assertEquals(fresh, TraceEventJson.write(event, reused.clear()).text());
        }
    }

    /**
     * A reused line copies a window change's tail it wrote before ({@link KeptWindowTails}) only when side, sizes and
     * cause are the same: each frame line's changes are the ones a fresh line writes, through repeats, changes that
     * differ in one thing, negative and extreme sizes, and more changes than the tails kept; and every stream state
     * change is written as its parts say.
     */
    @Test
    void aReusedLineWritesEachChangeAsAFreshLineDoes() {
        HeadersFrame get = HeadersFrame.of(3, new byte[] {(byte) 0x82}, true, true);
        FrameEvent frame = frame(2, 500, Direction.INBOUND, FrameHeader.of(get), get, List.of(), 1, 2, 3, 4,
                StreamState.OPEN, null);
        List<TraceEvent> changes = new ArrayList<>();
        int[] sizes = {0, 1, 65535, 65519, -1, -65535, Integer.MAX_VALUE, Integer.MIN_VALUE, 1073741823};
        for (WindowCause cause : WindowCause.values()) {
            for (WindowSide side : WindowSide.values()) {
                for (int old : sizes) {
                    for (int now : sizes) {
                        changes.add(new WindowChanged(2, 500, old == 0 ? 0 : 3, side, old, now, cause));
                    }
                }
            }
        }
        for (StreamState from : StreamState.values()) {
            for (StreamState to : StreamState.values()) {
                for (StreamInput input : StreamInput.values()) {
                    changes.add(new StreamStateChanged(2, 500, 5, from, to, input));
                }
            }
        }
        LineOctets reused = LineOctets.reused(16);
        SplittableRandom random = new SplittableRandom(5);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < changes.size(); i += 3) {
                // three changes a line, and now and then one from before: kept tails, and ones overwritten since
                List<TraceEvent> line = new ArrayList<>(changes.subList(i, Math.min(i + 3, changes.size())));
                line.add(changes.get(random.nextInt(changes.size())));
                LineOctets fresh = new LineOctets(16);
                FrequentEventLines.frame(frame, line, fresh);
                FrequentEventLines.frame(frame, line, reused.clear());
                assertEquals(fresh.text(), reused.text());
            }
        }
        LineOctets one = new LineOctets(16);
        FrequentEventLines.frame(frame, List.of(new StreamStateChanged(2, 500, 5, StreamState.OPEN,
                StreamState.HALF_CLOSED_REMOTE, StreamInput.RECV_END_STREAM), new WindowChanged(2, 500, 5,
                WindowSide.SEND, -7, 2147483647, WindowCause.INITIAL_WINDOW_SIZE)), one);
        assertTrue(one.text().contains("\"changes\":[[\"state\",5,\"open\",\"half_closed_remote\",\"recv_end_stream\"],"
                + "[\"window\",5,\"send\",-7,2147483647,\"initial_window_size\"]]"), one.text());
    }

    private static List<HeaderField> replaceFirst(List<HeaderField> fields, HeaderField first) {
        List<HeaderField> changed = new ArrayList<>(fields);
        changed.set(0, first);
        return changed;
    }

    @Test
    void edgeCaseFramesReadBackAsThemselves() throws TraceFormatException {
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
            assertReadsBack(TraceEventJson.read(object(json)));
        }
    }

    @Test
    void otherFrequentKindsWithUnusualValuesReadBackAsThemselves() throws TraceFormatException {
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
            events.add(new StreamStateChanged(random.nextLong(), random.nextLong(), random.nextInt(),
                    StreamState.values()[i % StreamState.values().length],
                    StreamState.values()[(i / 7) % StreamState.values().length],
                    StreamInput.values()[i % StreamInput.values().length]));
            events.add(new HpackEntriesEvicted(random.nextLong(), random.nextLong(), HpackContext.values()[i % 2],
                    random.nextInt()));
        }
        for (TraceEvent event : events) {
            assertReadsBack(event);
        }
    }

    @Test
    void theWriterRecordsEveryKindSoThatTheFileReadsBackAsTheEvents(@TempDir Path dir) throws Exception {
        List<TraceEvent> events = exchangeEvents();
        Path file = dir.resolve("trace.jsonl");
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, new PrintStream(new ByteArrayOutputStream()))) {
            events.forEach(writer::onEvent);
        }
        assertEquals(events, JsonlTraceReader.read(file));
    }

    @Test
    void aKindThatIsNotFrequentIsLeftToTheRestOfTheEncoder() {
        LineOctets line = new LineOctets(8);
        assertFalse(FrequentEventLines.write(new SettingsAcknowledged(1, 2, Side.LOCAL), line));
        assertEquals(0, line.length());
        assertEquals("{\"v\":3,\"kind\":\"settings_ack\",\"conn\":1,\"t_ns\":2,\"side\":\"local\"}",
                TraceEventJson.write(new SettingsAcknowledged(1, 2, Side.LOCAL), line).text());
    }

    /** The example of docs/TRACE_FORMAT.md: a server's received GET, its four changes in its frame line. */
    @Test
    void aFrameLineWithItsChangesIsTheOneTheFormatDescribes() throws TraceFormatException {
        HeadersFrame get = HeadersFrame.of(3, new byte[] {(byte) 0x82, 0x44, 0x01, 0x2f}, true, true);
        List<TraceEvent> events = List.of(
                new StreamStateChanged(2, 500, 3, StreamState.IDLE, StreamState.OPEN, StreamInput.RECV_HEADERS),
                new WindowChanged(2, 500, 3, WindowSide.RECEIVE, 0, 65535, WindowCause.OPENED),
                new WindowChanged(2, 500, 3, WindowSide.SEND, 0, 65535, WindowCause.OPENED),
                new StreamStateChanged(2, 500, 3, StreamState.OPEN, StreamState.HALF_CLOSED_REMOTE,
                        StreamInput.RECV_END_STREAM),
                frame(2, 500, Direction.INBOUND, FrameHeader.of(get), get,
                        List.of(new HeaderField(":method", "GET"), new HeaderField(":path", "/")), 65535, 65535, 65535,
                        65535, StreamState.HALF_CLOSED_REMOTE, null));
        LineOctets line = new LineOctets(1);
        FoldedChanges folding = new FoldedChanges();
        events.forEach(e -> folding.write(e, line));
        assertEquals("""
                {"v":3,"kind":"frame","conn":2,"t_ns":500,"dir":"recv","stream":3,"type_code":1,"flags":5,\
                "length":4,"changes":[["state",3,"idle","open","recv_headers"],["window",3,"recv",0,65535,\
                "opened"],["window",3,"send",0,65535,"opened"],["state",3,"open","half_closed_remote",\
                "recv_end_stream"]],"payload":"gkQBLw==","headers":[[":method","GET"],[":path","/"]],\
                "window":[65535,65535,65535,65535],"state":"half_closed_remote"}
                """, line.text());
        List<TraceEvent> read = new ArrayList<>();
        JsonlLineDecoder.decode(line.text().strip(), 1, read::add);
        assertEquals(events, read);
    }

    /** Lines written by hand from docs/TRACE_FORMAT.md (its examples among them), beside the event each is. */
    static Stream<Arguments> goldenLines() {
        // the request of docs/TRACING.md's sample program as recorded: its authorization value filled (Huffman-coded)
        byte[] docHeaders = Base64.getDecoder().decode("godBiqDkHROdCbjzTTOEHwiP6dOnToyyyyyyyyyyyyz/");
        HeadersFrame request = HeadersFrame.of(1, docHeaders, true, true);
        HeadersFrame small = HeadersFrame.of(3, new byte[] {(byte) 0x82, 0x44, 0x01, 0x2f}, true, true);
        HpackBlock block = new HpackBlock(List.of(0, 4096),
                List.of(new HpackBlock.Line(":method", "GET", Representation.INDEXED, false, false, 2, 0, 1),
                        new HpackBlock.Line(":path", "/", Representation.LITERAL_INDEXED, false, true, 4, 1, 3),
                        new HpackBlock.Line("x-id", "7", Representation.LITERAL_NEVER_INDEXED, true, false)),
                List.of(new HeaderField(":path", "/")), 38, 4096);
        UnknownFrame unknown = new UnknownFrame(0xfa, 0xff, 9, new byte[] {1, 2, 3});
        return Stream.of(
                Arguments.of(frame(1, 0, Direction.OUTBOUND, FrameHeader.of(request), request,
                        List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "https"),
                                new HeaderField(":authority", "localhost:8443"), new HeaderField(":path", "/"),
                                new HeaderField("authorization", "******************")),
                        65535, 65535, 65535, 65535, StreamState.HALF_CLOSED_LOCAL, null), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":0,"dir":"send","stream":1,"type_code":1,"flags":5,\
                        "length":33,"payload":"godBiqDkHROdCbjzTTOEHwiP6dOnToyyyyyyyyyyyyz/",\
                        "headers":[[":method","GET"],[":scheme","https"],[":authority","localhost:8443"],\
                        [":path","/"],["authorization","******************"]],"window":[65535,65535,65535,\
                        65535],"state":"half_closed_local"}"""),
                Arguments.of(frame(2, 90, Direction.INBOUND, FrameHeader.of(small), small,
                        List.of(new HeaderField(":method", "GET"), new HeaderField(":path", "/"),
                                new HeaderField("x-id", "7", true)),
                        100, 200, 300, 400, StreamState.HALF_CLOSED_REMOTE, block), """
                        {"v":3,"kind":"frame","conn":2,"t_ns":90,"dir":"recv","stream":3,"type_code":1,\
                        "flags":5,"length":4,"payload":"gkQBLw==","headers":[[":method","GET"],[":path","/"],\
                        ["x-id","7",true]],"window":[100,200,300,400],"state":"half_closed_remote",\
                        "hpack":{"size_updates":[0,4096],"lines":[[":method","GET","indexed",false,false,2,0,1],\
                        [":path","/","literal_indexed",false,true,4,1,3],["x-id","7","literal_never_indexed",\
                        true,false]],"table":[[":path","/"]],"table_size":38,"table_max":4096}}"""),
                Arguments.of(frame(7, 1500, Direction.INBOUND, DataFrame.padded(3, "hi".getBytes(StandardCharsets.US_ASCII),
                        true, 2)), """
                        {"v":3,"kind":"frame","conn":7,"t_ns":1500,"dir":"recv","stream":3,"type_code":0,\
                        "flags":9,"length":5,"payload":"AmhpAAA=","window":[10,20,-1,-1]}"""),
                Arguments.of(new FrameEvent(7, 1600, Direction.INBOUND, new FrameHeader(1024, 0, 0, 5, false),
                        DataFrame.of(5, "{\"id\":7}".getBytes(StandardCharsets.US_ASCII), false), List.of(), 10, 20,
                        30, 40, StreamState.OPEN), """
                        {"v":3,"kind":"frame","conn":7,"t_ns":1600,"dir":"recv","stream":5,"type_code":0,\
                        "flags":0,"length":1024,"payload":"eyJpZCI6N30=","data_omitted":1016,"window":[10,20,30,\
                        40],"state":"open"}"""),
                Arguments.of(frame(1, 5, Direction.OUTBOUND, SettingsFrame.of(new RawSetting(0x4, 1048576),
                        new RawSetting(0xff, 7))), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":5,"dir":"send","stream":0,"type_code":4,"flags":0,\
                        "length":12,"settings":[["SETTINGS_INITIAL_WINDOW_SIZE",1048576],["0xff",7]],\
                        "payload":"AAQAEAAAAP8AAAAH","window":[10,20,-1,-1]}"""),
                Arguments.of(frame(1, 6, Direction.INBOUND, PingFrame.ackOf(0x0123456789abcdefL)), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":6,"dir":"recv","stream":0,"type_code":6,"flags":1,\
                        "length":8,"opaque":"0123456789abcdef","payload":"ASNFZ4mrze8=","window":[10,20,-1,-1]}"""),
                Arguments.of(frame(1, 7, Direction.INBOUND, GoAwayFrame.of(5, ErrorCode.ENHANCE_YOUR_CALM,
                        new byte[] {'a', '"', (byte) 0xe9})), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":7,"dir":"recv","stream":0,"type_code":7,"flags":0,\
                        "length":11,"last_stream":5,"error":"ENHANCE_YOUR_CALM","debug":"a\\"\\u00e9",\
                        "payload":"AAAABQAAAAthIuk=","window":[10,20,-1,-1]}"""),
                Arguments.of(frame(1, 8, Direction.OUTBOUND, RstStreamFrame.of(5, 0x99)), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":8,"dir":"send","stream":5,"type_code":3,"flags":0,\
                        "length":4,"error":"0x99","payload":"AAAAmQ==","window":[10,20,-1,-1]}"""),
                Arguments.of(frame(1, 9, Direction.OUTBOUND, WindowUpdateFrame.of(0, 1000)), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":9,"dir":"send","stream":0,"type_code":8,"flags":0,\
                        "length":4,"increment":1000,"payload":"AAAD6A==","window":[10,20,-1,-1]}"""),
                Arguments.of(frame(1, 10, Direction.INBOUND, new FrameHeader(3, 0xfa, 0xff, 9, true), unknown, List.of(),
                        10, 20, -1, -1, null, null), """
                        {"v":3,"kind":"frame","conn":1,"t_ns":10,"dir":"recv","stream":9,"type_code":250,\
                        "flags":255,"length":3,"reserved":true,"payload":"AQID","window":[10,20,-1,-1]}"""),
                Arguments.of(new StreamStateChanged(1, 0, 1, StreamState.IDLE, StreamState.OPEN,
                        StreamInput.SEND_HEADERS), """
                        {"v":3,"kind":"state","conn":1,"t_ns":0,"stream":1,"from":"idle","to":"open",\
                        "input":"send_headers"}"""),
                Arguments.of(new StreamStateChanged(4, 12, 3, StreamState.HALF_CLOSED_REMOTE, StreamState.CLOSED,
                        StreamInput.SEND_END_STREAM), """
                        {"v":3,"kind":"state","conn":4,"t_ns":12,"stream":3,"from":"half_closed_remote",\
                        "to":"closed","input":"send_end_stream"}"""),
                Arguments.of(new WindowChanged(2, 400, 1, WindowSide.SEND, 65535, 49151, WindowCause.DATA), """
                        {"v":3,"kind":"window","conn":2,"t_ns":400,"stream":1,"side":"send","old":65535,\
                        "new":49151,"cause":"data"}"""),
                Arguments.of(new WindowChanged(2, 401, 3, WindowSide.RECEIVE, -100, 65435,
                        WindowCause.INITIAL_WINDOW_SIZE), """
                        {"v":3,"kind":"window","conn":2,"t_ns":401,"stream":3,"side":"recv","old":-100,\
                        "new":65435,"cause":"initial_window_size"}"""),
                Arguments.of(new HpackEntryAdded(1, 200, HpackContext.ENCODER, ":authority", "example.com", 52), """
                        {"v":3,"kind":"hpack_add","conn":1,"t_ns":200,"table":"encoder","name":":authority",\
                        "value":"example.com","size":52}"""),
                Arguments.of(new HpackEntryAdded(1, 201, HpackContext.DECODER, "x-say", "\"hi\"\\\n\u00ff", 46), """
                        {"v":3,"kind":"hpack_add","conn":1,"t_ns":201,"table":"decoder","name":"x-say",\
                        "value":"\\"hi\\"\\\\\\n\\u00ff","size":46}"""),
                Arguments.of(new HpackEntriesEvicted(1, 300, HpackContext.DECODER, 2), """
                        {"v":3,"kind":"hpack_evict","conn":1,"t_ns":300,"table":"decoder","count":2}"""),
                Arguments.of(new HpackEntriesEvicted(9, 301, HpackContext.ENCODER, 0), """
                        {"v":3,"kind":"hpack_evict","conn":9,"t_ns":301,"table":"encoder","count":0}"""));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("goldenLines")
    void theLineIsTheOneTheFormatDescribes(TraceEvent event, String expected) throws TraceFormatException {
        LineOctets line = new LineOctets(1);
        assertTrue(FrequentEventLines.write(event, line), "a frequent kind");
        assertEquals(expected, line.text());
        assertEquals(expected, TraceEventJson.write(event));
        assertReadsBack(event);
    }

    /** The event's line is ASCII and reads back as the event, both ways a reader reads a line. */
    private static void assertReadsBack(TraceEvent event) throws TraceFormatException {
        LineOctets line = TraceEventJson.write(event, new LineOctets(16));
        String text = line.text();
        for (int i = 0; i < line.length(); i++) {
            byte b = line.octets()[i];
            assertTrue(b >= 0x20 && b <= 0x7e, "ASCII only: " + text);
        }
        assertEquals(event, TraceEventJson.read(object(text)), text);
        assertEquals(event, JsonlLineDecoder.decode(line.octets(), 0, line.length(), 1), text);
    }

    private static FrameEvent frame(long conn, long t, Direction dir, Frame frame) {
        return frame(conn, t, dir, FrameHeader.of(frame), frame, List.of(), 10, 20, -1, -1, null, null);
    }

    private static FrameEvent frame(long conn, long t, Direction dir, FrameHeader header, Frame frame,
                                    List<HeaderField> headers, int connSend, int connRecv, int streamSend,
                                    int streamRecv, StreamState after, HpackBlock hpack) {
        return new FrameEvent(conn, t, dir, header, frame, headers, connSend, connRecv, streamSend, streamRecv, after,
                hpack);
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
}
