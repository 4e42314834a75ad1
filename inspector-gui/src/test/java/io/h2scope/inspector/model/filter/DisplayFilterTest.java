package io.h2scope.inspector.model.filter;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.inspector.BrokenExchange;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.FrameFields;
import io.h2scope.inspector.model.FrameSummary;
import io.h2scope.inspector.model.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The display filter on real recorded traffic (the engine's client and server, and a connection that broke): each
 * expression keeps exactly the frames a predicate written straight against the events keeps; bad text is refused
 * with where and what.
 */
class DisplayFilterTest {

    private static List<FrameEvent> frames;
    private static Recording recording;

    @BeforeAll
    static void record() throws Exception {
        recording = new Recording();
        recording.append(recording.addSource("exchange"), RecordedExchange.clientEvents(40_000));
        recording.append(recording.addSource("broken"), BrokenExchange.events());
        frames = new ArrayList<>();
        for (int i = 0; i < recording.frameCount(); i++) {
            frames.add(recording.frame(i));
        }
    }

    private static long rows(String text) {
        DisplayFilter.Matcher m = DisplayFilter.compile(text, recording.startClock()).matcher(recording);
        long n = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            n += m.matches(f) ? 1 : 0;
        }
        return n;
    }

    private static long count(Predicate<FrameEvent> which) {
        return frames.stream().filter(which).count();
    }

    private static void same(String text, Predicate<FrameEvent> which) {
        long expected = count(which);
        assertEquals(expected, rows(text), text);
    }

    @Test
    void eachFieldKeepsTheFramesItNames() {
        same("type == HEADERS", f -> f.header().typeCode() == FrameType.HEADERS.code());
        same("type == 0x0 || type == settings", f -> f.header().typeCode() == 0 || f.header().typeCode() == 4);
        same("type == HEADERS && stream > 3", f -> f.header().typeCode() == 1 && f.header().streamId() > 3);
        same("stream == 0", f -> f.header().streamId() == 0);
        same("dir == recv", f -> f.direction() == Direction.INBOUND);
        same("!(dir == recv)", f -> f.direction() == Direction.OUTBOUND);
        same("len >= 16384", f -> f.header().length() >= 16384);
        same("flags has END_STREAM && type == DATA", f -> f.header().typeCode() == 0 && (f.header().flags() & 1) != 0);
        same("error", f -> f.frame() instanceof RstStreamFrame || f.frame() instanceof GoAwayFrame);
        same("error == PROTOCOL_ERROR", f -> f.frame() instanceof RstStreamFrame r && r.errorCode() == 1
                || f.frame() instanceof GoAwayFrame g && g.errorCode() == 1);
        same("error != NO_ERROR", f -> f.frame() instanceof RstStreamFrame r && r.errorCode() != 0
                || f.frame() instanceof GoAwayFrame g && g.errorCode() != 0);
        same("window < 30000", f -> Math.min(Math.min(f.connectionSendWindow(), f.connectionReceiveWindow()),
                Math.min(f.streamSendWindow() < 0 ? Integer.MAX_VALUE : f.streamSendWindow(),
                        f.streamReceiveWindow() < 0 ? Integer.MAX_VALUE : f.streamReceiveWindow())) < 30000);
        same("header[\":status\"] == \"200\"", f -> f.headers().contains(new HeaderField(":status", "200")));
        same("header[\"x-test\"]", f -> f.headers().stream().anyMatch(h -> h.name().equals("x-test")));
        same("header[\":path\"] ~ \"ECHO\"", f -> f.headers().stream()
                .anyMatch(h -> h.name().equals(":path") && h.value().contains("echo")));
        same("state == closed", f -> f.streamStateAfter() != null && f.streamStateAfter().name().equals("CLOSED"));
        same("conn == " + frames.get(0).connectionId() + " and not stream == 0",
                f -> f.connectionId() == frames.get(0).connectionId() && f.header().streamId() != 0);
        assertEquals(frames.size(), rows(""), "empty text shows every frame");
        assertTrue(rows("type == HEADERS") > 0 && rows("error") > 0 && rows("header[\":status\"] == \"200\"") > 0,
                "the recording has what the tests look for");
    }

    @Test
    void timeIsSinceTheRecordingStarted() {
        long all = rows("time >= 0");
        assertEquals(frames.size(), all);
        assertEquals(0, rows("time < 0"));
    }

    @Test
    void aHiddenValueNeverMatchesButItsFieldIsThere() throws Exception {
        // as a window reads a recording made with H2SCOPE_TRACE_REVEAL=1 without --reveal (Inspection.open)
        io.h2scope.engine.trace.redact.ReaderRedaction reading =
                new io.h2scope.engine.trace.redact.ReaderRedaction(io.h2scope.engine.trace.text.Redaction.DEFAULT);
        Recording secrets = new Recording();
        secrets.append(secrets.addSource("credentials"),
                RecordedExchange.credentialEvents().stream().map(e -> reading.apply(e, true)).toList());
        DisplayFilter present = DisplayFilter.compile("header[\"authorization\"]", null);
        DisplayFilter guessed = DisplayFilter.compile("header[\"authorization\"] ~ \"Bearer\"", null);
        DisplayFilter.Matcher p = present.matcher(secrets);
        DisplayFilter.Matcher g = guessed.matcher(secrets);
        int withField = 0;
        for (int f = 0; f < secrets.frameCount(); f++) {
            withField += p.matches(f) ? 1 : 0;
            assertFalse(g.matches(f), "frame " + f + ": a hidden value cannot be probed through the filter");
        }
        assertTrue(withField > 0, "the recording carries an authorization field");
    }

    /** Of each name's filters (==, ~, != its value, != another, present): a shown value's answers, a hidden one's. */
    private static final List<Boolean> SHOWN = List.of(true, true, false, true, true);
    private static final List<Boolean> HIDDEN = List.of(false, false, true, true, true); // != tells nothing apart

    @Test
    void aHiddenValueIsNeverMatchedByItsOwnConnectionsRuleThoughOthersHideOtherwiseOrCameLater() {
        // values in clear (as a recording made by a build that did not redact holds them): only the rule stands between
        for (int strings : new int[] {FrameFields.MAX_STRINGS, 0}) { // fields kept; none kept, every frame read again
            Recording live = new Recording(Redaction.DEFAULT, strings);
            int source = live.addSource("live");
            List<DisplayFilter.Matcher> matchers = secretFilters(live);
            live.append(source, List.of(opened(1, List.of(), false), secrets(1)));
            // each name's answer decided while no connection hides x-secret
            assertEquals(both(SHOWN, HIDDEN), answers(matchers, 0), strings + " strings kept: frame 0");
            live.append(source, List.of(opened(2, List.of("x-secret"), false), secrets(2),
                    opened(3, List.of(), true), secrets(3), secrets(1)));
            for (List<DisplayFilter.Matcher> m : List.of(matchers, secretFilters(live))) { // as decided, and anew
                assertEquals(both(SHOWN, HIDDEN), answers(m, 0), strings + " strings kept: frame 0, then");
                assertEquals(both(HIDDEN, HIDDEN), answers(m, 1), strings + " strings kept: hides x-secret too");
                assertEquals(both(SHOWN, SHOWN), answers(m, 2), strings + " strings kept: reveals");
                assertEquals(both(SHOWN, HIDDEN), answers(m, 3), strings + " strings kept: frame 0's connection");
            }
        }
    }

    /** Per name (x-secret, then cookie): {@code == "abc"}, {@code ~ "BD"}, {@code != "abc"}, {@code != "nothing"}, alone. */
    private static List<DisplayFilter.Matcher> secretFilters(Recording live) {
        List<DisplayFilter.Matcher> matchers = new ArrayList<>();
        for (String name : List.of("x-secret", "cookie")) {
            String field = "header[\"" + name + "\"]";
            for (String text : List.of(field + " == \"abc\"", field + " ~ \"BD\"", field + " != \"abc\"",
                    field + " != \"nothing\"", field)) {
                matchers.add(DisplayFilter.compile(text, null).matcher(live));
            }
        }
        return matchers;
    }

    private static List<Boolean> answers(List<DisplayFilter.Matcher> matchers, int frame) {
        return matchers.stream().map(m -> m.matches(frame)).toList();
    }

    private static List<Boolean> both(List<Boolean> secret, List<Boolean> cookie) {
        List<Boolean> all = new ArrayList<>(secret);
        all.addAll(cookie);
        return all;
    }

    /** A response whose x-secret fields are "abc" and "abd", and its cookie fields likewise, all in clear. */
    private static FrameEvent secrets(long connection) {
        HeadersFrame frame = HeadersFrame.of(1, new byte[0], true, true);
        List<HeaderField> fields = List.of(new HeaderField(":status", "200"), new HeaderField("x-secret", "abc"),
                new HeaderField("x-secret", "abd"), new HeaderField("cookie", "abc"),
                new HeaderField("cookie", "abd"));
        return new FrameEvent(connection, 0, Direction.INBOUND, FrameHeader.of(frame), frame, fields, 65535, 65535,
                65535, 65535, StreamState.HALF_CLOSED_REMOTE);
    }

    private static ConnectionOpened opened(long connection, List<String> hidden, boolean revealed) {
        return new ConnectionOpened(connection, 0, Role.CLIENT, "127.0.0.1:51000", "127.0.0.1:8443", "tcp", null, null,
                "h2", null, ConnectionOpened.NO_PAIR, null, new TracePrivacy(hidden, revealed, TracePrivacy.ALL_DATA));
    }

    /** The frames whose line (lower case, as the box compares it) {@code which} accepts. */
    private static long lines(Predicate<String> which) {
        long n = 0;
        for (int f = 0; f < recording.frameCount(); f++) {
            n += which.test(FrameSummary.searchable(recording, f)) ? 1 : 0;
        }
        return n;
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Test
    void textIgnoresCaseAndEachTextOfAFilterIsItsOwn() {
        int f = 0;
        while (recording.frameFields().count(f) < 3) { // a HEADERS frame's line: a head and fields
            f++;
        }
        String line = FrameSummary.searchable(recording, f);
        String upper = line.toUpperCase(Locale.ROOT);
        String piece = line.substring(line.indexOf('{'), Math.min(line.length(), line.indexOf('{') + 70)); // joints
        long holding = lines(l -> l.contains(piece));
        assertTrue(holding >= 1 && holding < frames.size(), piece);
        assertEquals(holding, rows("text ~ " + quoted(piece.toUpperCase(Locale.ROOT))));
        assertEquals(lines(l -> l.contains("end_stream")), rows("text ~ \"End_Stream\""));
        long same = lines(line::equals);
        assertTrue(same >= 1, line);
        assertEquals(same, rows("text == " + quoted(upper)));
        assertEquals(frames.size() - same, rows("text != " + quoted(upper)));
        // two texts in one filter, each answered for itself
        assertEquals(lines(l -> l.contains(piece) && !l.contains("end_stream")),
                rows("text ~ " + quoted(piece.toUpperCase(Locale.ROOT)) + " && !(text ~ \"END_STREAM\")"));
        assertEquals(lines(l -> l.equals(line) || l.contains("settings")),
                rows("text == " + quoted(upper) + " || text ~ \"SETTINGS\""));
    }

    @Test
    void badTextSaysWhatAndWhere() {
        FilterSyntaxException e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("typ == HEADERS", null));
        assertEquals(0, e.start());
        assertEquals(3, e.end());
        assertTrue(e.getMessage().startsWith("unknown field \"typ\" (did you mean type?): fields are type, stream, "), e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("type == HEADER", null));
        assertEquals(8, e.start());
        assertTrue(e.getMessage().startsWith("no type called \"HEADER\" (did you mean HEADERS?): give one of DATA, HEADERS,"), e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("stream ~ 3", null));
        assertEquals("~ looks for text, and stream is a number: compare it with ==, !=, <, <=, >, >=", e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("(stream == 1", null));
        assertEquals("this ( is not closed: add a )", e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("stream == 1 stream", null));
        assertEquals(12, e.start());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("header == \"x\"", null));
        assertTrue(e.getMessage().startsWith("header needs a field name in brackets"), e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("time > \"14:03\"", null));
        assertTrue(e.getMessage().startsWith("this recording has no clock time"), e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("text ~ \"abc", null));
        assertEquals("this string has no closing \"", e.getMessage());
        e = assertThrows(FilterSyntaxException.class, () -> DisplayFilter.compile("stream == ", null));
        assertEquals("a value is missing after ==", e.getMessage());
    }

    @Test
    void completionOffersWhatMayComeNext() {
        assertEquals(List.of("stream", "send_window", "state"), FilterCompletion.at("s", 1).options());
        FilterCompletion afterOp = FilterCompletion.at("type == HE", 10);
        assertEquals(List.of("HEADERS"), afterOp.options());
        assertEquals(8, afterOp.from());
        assertTrue(FilterCompletion.at("error == ", 9).options().contains("COMPRESSION_ERROR"));
        assertTrue(FilterCompletion.at("flags ", 6).options().contains("has"));
        assertEquals(List.of("==", "!=", "~", "&&", "||"), FilterCompletion.at("header[\":status\"] ", 18).options());
        assertEquals(List.of("&&", "||"), FilterCompletion.at("stream == 3 ", 12).options());
        assertTrue(FilterCompletion.at("stream == 3 && ", 15).options().contains("type"));
    }
}
