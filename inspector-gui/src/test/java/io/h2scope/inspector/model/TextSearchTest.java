package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A text looked for part by part (each distinct head, name and value once, a text that spans parts followed through
 * them) finds the frames whose whole line holds it, and only those: the line built and searched per frame is the
 * reference, over every frame type, hidden values, multi-field blocks and values holding the line's joints.
 */
class TextSearchTest {

    private static final long MADE_UP = 1;
    private static Recording recording;

    @BeforeAll
    static void record() throws Exception {
        List<TraceEvent> events = new ArrayList<>(RecordedExchange.clientEvents(40_000));
        events.addAll(RecordedExchange.credentialEvents()); // credentials in clear: their values on the line
        events.addAll(BrokenExchange.events());
        events.addAll(everyFrameType());
        recording = new Recording();
        recording.append(recording.addSource("varied"), events);
    }

    /** One frame of each type, field blocks with hidden values (filled, as a recording holds them) and odd values. */
    private static List<TraceEvent> everyFrameType() {
        byte[] none = new byte[0];
        List<HeaderField> response = fields(":status", "200", "content-type", "text/html; charset=utf-8",
                "cookie", "************", "x-odd", "a: b, c {d} e}", "x-empty", "", "authorization", "***",
                "X-Upper", "MiXeD \"quoted\"\tTab", "set-cookie", "**********", ":status", "200");
        List<HeaderField> request = fields(":method", "GET", ":path", "/status: 200", "cookie", "****",
                "cookie", "*****", "accept-encoding", "gzip, deflate, br");
        return List.of(
                frame(HeadersFrame.of(1, none, false, true), request),
                frame(HeadersFrame.of(1, none, false, true), response),
                frame(HeadersFrame.of(3, none, false, false), fields("x-first", "1")),
                frame(ContinuationFrame.of(3, none, true), fields("cookie", "**", ":status", "204")),
                frame(HeadersFrame.of(5, new byte[7], false, false), List.of()),
                frame(ContinuationFrame.of(5, new byte[3], true), List.of()),
                frame(HeadersFrame.padded(7, none, true, true, 4, new Priority(3, true, 16)),
                        fields(":status", "200")),
                frame(HeadersFrame.withPriority(9, none, true, true, new Priority(0, false, 256)),
                        fields("authorization", "******")),
                frame(PushPromiseFrame.of(1, 2, none, true), fields(":path", "/pushed", "cookie", "***")),
                frame(PushPromiseFrame.padded(1, 4, new byte[5], false, 2), List.of()),
                frame(DataFrame.of(1, "stream 3 HEADERS: {:status: 200}".getBytes(StandardCharsets.US_ASCII), false),
                        List.of()),
                frame(DataFrame.padded(1, new byte[] {0, 1, '{'}, true, 3), List.of()),
                frame(PriorityFrame.of(11, new Priority(1, true, 1)), List.of()),
                frame(RstStreamFrame.of(11, ErrorCode.CANCEL), List.of()),
                frame(SettingsFrame.of(new RawSetting(1, 4096), new RawSetting(4, 65535), new RawSetting(0x77, 1)),
                        List.of()),
                frame(SettingsFrame.ackFrame(), List.of()),
                frame(PingFrame.of(0x0102030405060708L), List.of()),
                frame(GoAwayFrame.of(11, ErrorCode.ENHANCE_YOUR_CALM, "x: y, z {}".getBytes(StandardCharsets.US_ASCII)),
                        List.of()),
                frame(WindowUpdateFrame.of(1, 1000), List.of()),
                frame(new UnknownFrame(0x42, 0x3, 13, new byte[9]), List.of()));
    }

    private static List<HeaderField> fields(String... namesAndValues) {
        List<HeaderField> fields = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(new HeaderField(namesAndValues[i], namesAndValues[i + 1]));
        }
        return fields;
    }

    private static FrameEvent frame(Frame frame, List<HeaderField> fields) {
        return frame(MADE_UP, frame, fields);
    }

    private static FrameEvent frame(long connection, Frame frame, List<HeaderField> fields) {
        return new FrameEvent(connection, 0, Direction.INBOUND, FrameHeader.of(frame), frame, fields, 65535, 65535,
                65535, 65535, StreamState.OPEN);
    }

    /** How many frames hold {@code text}, each answer asserted equal to the line's. */
    private static int assertAsTheLines(String text) {
        TextSearch search = new TextSearch(recording, text);
        int found = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            boolean expected = FrameSummary.searchable(recording, f).contains(text);
            assertEquals(expected, search.matches(f), "\"" + text + "\" in frame " + f + ": "
                    + FrameSummary.searchable(recording, f));
            found += expected ? 1 : 0;
        }
        for (int f = recording.frameCount() - 1; f >= 0; f -= 7) { // asked again, out of order: the same
            assertEquals(FrameSummary.searchable(recording, f).contains(text), search.matches(f), text);
        }
        return found;
    }

    @Test
    void eachTextFindsTheFramesWhoseLineHoldsIt() {
        // in one part (a head's word, a flag, a name, a value), across parts (": ", ", ", "{", "}"), and nowhere
        List<String> texts = List.of("headers", "end_stream", "status", "200", "gzip", "content-length", "/", "=",
                "h", "zzz-nowhere", "window_update", "settings", "bytes", "redacted", "*", "x-empty",
                ":status: 200", "{:status", "stream=1 ", ", ", ": ", "{", "}", " ", "stream 3 headers",
                "200, content-type: text", "charset=utf-8, cookie: , x-odd: a", "cookie: , ", "cookie: }",
                "authorization: }", "authorization: , x-upper", "a: b, c {d} e}, x-empty: , ", "x-empty: , auth",
                "end_headers {:status", "priority weight=16 {", "{:method: get, :path: /status: 200, cookie",
                "deflate, br}", "{x-first: 1}", "{cookie: , :status: 204}", "status: 200}", "} ", "200} ",
                "secret", "bearer secret123, cookie", "cookie: session=cookie-secret",
                "a text of more than sixty-three chars, with joints: it is looked for in each line as it is");
        int found = 0;
        for (String text : texts) {
            found += assertAsTheLines(text);
        }
        assertTrue(found > recording.frameCount(), "the texts are found in many frames: " + found);
        assertEquals(1, assertAsTheLines("cookie: , x-odd"), "the made-up response: its cookie hidden");
    }

    @Test
    void anyPieceOfALineFindsTheFramesThatHoldIt() {
        Random random = new Random(31);
        Set<String> texts = new LinkedHashSet<>();
        for (int f = 0; f < recording.frameCount(); f++) {
            String line = FrameSummary.searchable(recording, f);
            for (int i = 0; i < 3 && !line.isEmpty(); i++) { // pieces of the line, most of them across its parts
                int from = random.nextInt(line.length());
                int to = Math.min(line.length(), from + 1 + random.nextInt(70));
                texts.add(line.substring(from, to).strip());
            }
            if (line.length() > TextParts.MAX_BITS + 1) { // and one longer than positions in a long's bits
                int from = random.nextInt(line.length() - TextParts.MAX_BITS);
                texts.add(line.substring(from, Math.min(line.length(), from + TextParts.MAX_BITS + 1
                        + random.nextInt(200))));
            }
        }
        texts.remove("");
        long longOnes = texts.stream().filter(t -> t.length() > TextParts.MAX_BITS && t.matches(".*[{}:, ].*")).count();
        assertTrue(longOnes > 20, "long texts with joints among the pieces: " + longOnes);
        for (String text : texts) {
            assertTrue(assertAsTheLines(text) >= 1, text);
        }
    }

    @Test
    void aLongTextWithJointsFindsTheFramesWhoseLineHoldsIt() {
        // past 63 chars: followed by its longest position, repeats and borders (": , " again and again) included
        List<String> texts = List.of(
                "{:method: get, :path: /status: 200, cookie: , cookie: , accept-encoding: gzip, deflate, br}",
                "content-type: text/html; charset=utf-8, cookie: , x-odd: a: b, c {d} e}, x-empty: , authorization",
                "cookie: , cookie: , cookie: , cookie: , cookie: , cookie: , cookie: , cookie: , cookie: , cookie: ",
                "cookie: , :status: 204}".repeat(3), ", , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , , ",
                "x-upper: mixed \\\"quoted\\\"\\ttab, set-cookie: , :status: 200} and more than the line has");
        for (String text : texts) {
            assertTrue(text.length() > TextParts.MAX_BITS, text);
            assertAsTheLines(text);
        }
        assertEquals(1, assertAsTheLines(texts.get(0)), "the made-up request, its cookies hidden");
        assertEquals(1, assertAsTheLines(texts.get(1)), "the made-up response, its cookie hidden");
        // a hidden value is left out of the line: its filler and its placeholder are found nowhere
        assertEquals(0, assertAsTheLines("content-type: text/html; charset=utf-8, cookie: ************, x-odd: a: b"));
        assertEquals(0, assertAsTheLines("charset=utf-8, cookie: <redacted 12 bytes>, x-odd: a: b, c {d} e}, x-empty"));
    }

    @Test
    void aValueIsLeftOutWhereItsOwnConnectionHidesItThoughAConnectionThatHidesItCameLater() {
        Recording two = new Recording();
        int source = two.addSource("two connections");
        List<HeaderField> block = fields(":status", "200", "x-secret", "abc, and more: past the joints of a line");
        two.append(source, List.of(opened(1, List.of()), frame(1, HeadersFrame.of(1, new byte[0], true, true), block)));
        List<String> texts = List.of("x-secret: abc", "200, x-secret: abc", "x-secret: }",
                "{:status: 200, x-secret: abc, and more: past the joints of a line}", "{:status: 200, x-secret: }");
        List<TextSearch> searches = texts.stream().map(t -> new TextSearch(two, t)).toList();
        String shown = FrameSummary.searchable(two, 0);
        LineEquals shownLine = new LineEquals(two, shown);
        for (int t = 0; t < texts.size(); t++) { // each name's answer decided while no connection hides x-secret
            assertEquals(shown.contains(texts.get(t)), searches.get(t).matches(0), texts.get(t));
        }
        assertTrue(shownLine.matches(0));
        // then a connection whose opening hides x-secret: its value is left out of its line, not of the first's
        two.append(source, List.of(opened(2, List.of("x-secret")),
                frame(2, HeadersFrame.of(1, new byte[0], true, true), block)));
        String left = FrameSummary.searchable(two, 1);
        assertTrue(left.endsWith("x-secret: }") && shown.endsWith("of a line}"), left + " / " + shown);
        LineEquals leftLine = new LineEquals(two, left);
        for (int t = 0; t < texts.size(); t++) {
            assertEquals(shown.contains(texts.get(t)), searches.get(t).matches(0), texts.get(t));
            assertEquals(left.contains(texts.get(t)), searches.get(t).matches(1), texts.get(t));
        }
        assertTrue(shownLine.matches(0) && !shownLine.matches(1), shown);
        assertTrue(leftLine.matches(1) && !leftLine.matches(0), left);
    }

    private static ConnectionOpened opened(long connection, List<String> hidden) {
        return new ConnectionOpened(connection, 0, Role.CLIENT, "127.0.0.1:51000", "127.0.0.1:8443", "tcp", null, null,
                "h2", null, ConnectionOpened.NO_PAIR, null, new TracePrivacy(hidden, false, TracePrivacy.ALL_DATA));
    }

    /** How many frames' line is {@code text}, each answer asserted equal to the line's. */
    private static int assertEqualAsTheLines(String text) {
        LineEquals equals = new LineEquals(recording, text);
        int equal = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            boolean expected = FrameSummary.searchable(recording, f).equals(text);
            assertEquals(expected, equals.matches(f), "\"" + text + "\" is frame " + f + ": "
                    + FrameSummary.searchable(recording, f));
            equal += expected ? 1 : 0;
        }
        return equal;
    }

    @Test
    void aWholeLineIsEqualToTheFramesWithThatLineOnly() {
        Set<String> lines = new LinkedHashSet<>();
        for (int f = 0; f < recording.frameCount(); f++) {
            lines.add(FrameSummary.searchable(recording, f));
        }
        lines.remove("");
        for (String line : lines) { // every line, hidden values left out as the line leaves them out
            assertTrue(assertEqualAsTheLines(line) >= 1, line);
            // near misses: a char short or more, the head alone, the fields alone
            assertEqualAsTheLines(line.substring(0, line.length() - 1));
            assertEqualAsTheLines(line + "}");
            assertEqualAsTheLines(line + ", x: y}");
            assertEqualAsTheLines(line.indexOf('{') < 0 ? line + " " : line.substring(0, line.indexOf('{')));
            assertEqualAsTheLines(line.indexOf('{') < 0 ? line.strip() : line.substring(line.indexOf('{')));
        }
        assertEqualAsTheLines(""); // the frames whose line is empty, if any
        String response = lines.stream().filter(l -> l.contains("cookie: , x-odd")).findFirst().orElseThrow();
        assertEquals(0, assertEqualAsTheLines(response.replace("cookie: , x-odd", "cookie: ************, x-odd")),
                "a hidden value's filler is not on the line");
    }
}
