package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TracedExchange;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading the common kinds straight from the octets gives what the general reader gives, and nothing it would refuse. */
class DirectEventReaderTest {

    private static byte[] octets(String line) {
        return line.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The summary the general reader (a map of the line) makes. */
    private static TraceEvent general(String line) throws TraceFormatException {
        Map<String, Object> o = JsonlLineDecoder.parse(line, 1);
        return "frame".equals(o.get("kind")) ? FrameEventJson.readSummary(o) : TraceEventJson.read(o);
    }

    private static TraceEvent direct(String line) {
        byte[] b = octets(line);
        return DirectEventReader.read(b, 0, b.length);
    }

    @Test
    void everyLineOfARealExchangeReadsAsTheGeneralReaderReadsIt() throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        TracedExchange.run(events::add, events::add);
        Set<Class<?>> direct = new HashSet<>();
        for (TraceEvent event : events) {
            String line = TraceEventJson.write(event);
            TraceEvent read = direct(line);
            if (read != null) {
                direct.add(read.getClass());
                assertEquals(general(line), read, line);
                byte[] b = octets(line);
                assertEquals(read, JsonlLineDecoder.summary(b, 0, b.length, 1), "the decoder's summary is this one");
            }
        }
        assertTrue(direct.containsAll(Set.of(FrameEvent.class, WindowChanged.class,
                io.h2scope.engine.trace.model.StreamStateChanged.class, HpackEntryAdded.class)), direct.toString());
    }

    @Test
    void aFramesPayloadIsSteppedOverEvenWhenItsLengthDoesNotMatch() throws TraceFormatException {
        String line = "{\"v\":2,\"kind\":\"frame\",\"conn\":1,\"t_ns\":5,\"dir\":\"send\",\"stream\":3,\"type\":\"DATA\","
                + "\"type_code\":0,\"flags\":1,\"flag_names\":\"END_STREAM\",\"length\":9,\"reserved\":false,"
                + "\"payload\":\"aGVsbG8=\",\"window\":{\"conn_send\":10,\"conn_recv\":20,\"stream_send\":30,"
                + "\"stream_recv\":40},\"state\":\"half_closed_local\"}";
        FrameEvent f = (FrameEvent) direct(line);
        assertNotNull(f);
        assertEquals(general(line), f);
        assertEquals(9, f.header().length(), "the summary's length is the recorded one");
        assertEquals(List.of(10, 20, 30, 40), List.of(f.connectionSendWindow(), f.connectionReceiveWindow(),
                f.streamSendWindow(), f.streamReceiveWindow()));
    }

    @Test
    void aLineNotInThePlainFormIsLeftToTheGeneralReader() throws Exception {
        String plain = TraceEventJson.write(new HpackEntryAdded(1, 2, HpackContext.DECODER, "x-a", "b", 36));
        assertNotNull(direct(plain));
        String raw = plain.replace("\"b\"", "\"caf\u00e9\"");
        assertNull(DirectEventReader.read(raw.getBytes(StandardCharsets.UTF_8), 0,
                raw.getBytes(StandardCharsets.UTF_8).length), "an octet above 0x7f: the general reader checks UTF-8");

        String window = TraceEventJson.write(new WindowChanged(1, 2, 3, WindowSide.SEND, 4, 5, WindowCause.DATA));
        for (String odd : List.of(window.replace("\"old\":4", "\"old\":4.0"), window + " x",
                window.substring(0, window.length() - 1), window.replace("\"v\":3", "\"v\":4"),
                window.replace("\"cause\":\"data\"", "\"cause\":\"rain\""), window.replace("\"old\":4,", ""),
                "{\"v\":2,\"kind\":\"settings_ack\",\"conn\":1,\"t_ns\":2,\"side\":\"local\"}", "", "[]")) {
            assertNull(direct(odd), odd);
        }
    }

    @Test
    void escapedNamesAndValuesAreReadStraightFromTheOctets() throws Exception {
        String entry = TraceEventJson.write(
                new HpackEntryAdded(1, 2, HpackContext.DECODER, "x-a", "say \"hi\"\t\u00e9", 43));
        assertEquals("say \"hi\"\t\u00e9", ((HpackEntryAdded) direct(entry)).value());
        assertEquals(general(entry), direct(entry));
        String etag = "{\"v\":2,\"kind\":\"frame\",\"conn\":2,\"t_ns\":9,\"dir\":\"send\",\"stream\":1,"
                + "\"type\":\"HEADERS\","
                + "\"type_code\":1,\"flags\":4,\"flag_names\":\"END_HEADERS\",\"length\":3,\"reserved\":false,"
                + "\"payload\":\"iF+S\",\"headers\":[[\":status\",\"200\"],[\"etag\",\"\\\"279a\\\"\"],"
                + "[\"x-path\",\"a\\/b\\\\c\\u0041\",true]],"
                + "\"window\":{\"conn_send\":1,\"conn_recv\":2,\"stream_send\":3,\"stream_recv\":4},"
                + "\"state\":\"half_closed_remote\"}";
        FrameEvent read = (FrameEvent) direct(etag);
        assertNotNull(read, "a quoted ETag keeps the line on the direct reader");
        assertEquals(general(etag), read);
        assertEquals(List.of(new HeaderField(":status", "200"), new HeaderField("etag", "\"279a\""),
                new HeaderField("x-path", "a/b\\cA", true)), read.headers());
        assertNull(direct(etag.replace("\\u0041", "\\u00G1")), "a bad escape: the general reader names it");
    }

    @Test
    void theGeneralReaderStillNamesWhatIsWrong() {
        String window = TraceEventJson.write(new WindowChanged(1, 2, 3, WindowSide.SEND, 4, 5, WindowCause.DATA));
        byte[] cut = octets(window.substring(0, window.length() - 3));
        TraceFormatException notJson = assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.summary(cut, 0, cut.length, 12));
        assertTrue(notJson.getMessage().startsWith("line 12: not JSON ("), notJson.getMessage());
        byte[] newer = octets(window.replace("\"v\":3", "\"v\":4"));
        assertTrue(assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.summary(newer, 0, newer.length, 13)).newerVersion());
        byte[] rain = octets(window.replace("\"cause\":\"data\"", "\"cause\":\"rain\""));
        assertEquals("line 14: \"rain\" is not a WindowCause name", assertThrows(TraceFormatException.class,
                () -> JsonlLineDecoder.summary(rain, 0, rain.length, 14)).getMessage());
    }

    @Test
    void summaryLinesReadEachLineInTurnAndGoOnAfterABadOne() throws Exception {
        String window = TraceEventJson.write(new WindowChanged(1, 2, 3, WindowSide.SEND, 4, 5, WindowCause.DATA));
        String escaped = TraceEventJson.write(new HpackEntryAdded(1, 2, HpackContext.ENCODER, "etag", "\"x\"", 42));
        String text = window + "\r\n\n" + window.substring(0, 30) + "\n" + escaped + "\n" + window;
        byte[] b = octets(text);
        SummaryLines lines = new SummaryLines(b, 0, b.length);
        List<String> seen = new ArrayList<>();
        long number = 0;
        while (lines.hasNext()) {
            number++;
            try {
                TraceEvent e = lines.next(number);
                seen.add(lines.lineStart() + ":" + (e == null ? "blank" : e.getClass().getSimpleName()));
            } catch (TraceFormatException e) {
                seen.add(lines.lineStart() + ":line " + e.line());
            }
        }
        int third = window.length() + 3;
        int fourth = third + 31;
        assertEquals(List.of("0:WindowChanged", (window.length() + 2) + ":blank", third + ":line 3",
                fourth + ":HpackEntryAdded", (fourth + escaped.length() + 1) + ":WindowChanged"), seen);
    }
}
