package io.h2scope.engine.trace.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Pins every part of a frame line, octet for octet, over a varied set of frames (every type, flags the type does not
 * define, padding, priority, fields hidden and escaped, windows unknown, stream 0, a time in front or none): the
 * lines in {@code frame-lines.txt} beside this class, one a line, in the order of {@link #lines()}.
 */
class FrameLineGoldenTest {

    private static final List<HeaderField> REQUEST = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":path", "/a?b=c"), new HeaderField(":scheme", "http"),
            new HeaderField(":authority", "127.0.0.1:31880"), new HeaderField("accept", "*/*"),
            new HeaderField("user-agent", "h2load nghttp2/1.52.0"));
    private static final List<HeaderField> ODD = List.of(new HeaderField(":status", "200"),
            new HeaderField("authorization", "Bearer secret123"), new HeaderField("Cookie", "a=b"),
            new HeaderField("x-tab", "a\tb\u00e9\u007f"), new HeaderField("set-cookie", ""));

    @Test
    void everyPartOfAFrameLineIsAsPinned() throws IOException {
        List<String> expected = golden();
        List<String> actual = lines();
        assertEquals(expected.size(), actual.size(), "lines");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "line " + (i + 1));
        }
    }

    /**
     * A thread's {@link FrameLineMaker} gives each line as a new builder does, whatever it held before and whichever
     * field lists and stream tails it kept: three rounds over the events, the later ones copying what it kept.
     */
    @Test
    void aFrameLineMakerGivesTheSameLines() throws IOException {
        List<String> expected = golden();
        FrameLineMaker maker = new FrameLineMaker();
        Redaction revealing = Redaction.DEFAULT.revealing(true);
        for (int round = 0; round < 3; round++) {
            int at = 0;
            for (FrameEvent e : events()) {
                for (String time : new String[] {"", TraceText.time(e.nanosSinceStart())}) {
                    for (boolean showData : new boolean[] {false, true}) {
                        for (Redaction redaction : new Redaction[] {Redaction.DEFAULT, revealing}) {
                            assertEquals(expected.get(at), maker.line(e, redaction, showData, time).toString(),
                                    "round " + round + ", line " + (at + 1));
                            at++;
                        }
                    }
                }
            }
        }
    }

    /** A field list or window text that differs from a kept one in one value only is not taken for it. */
    @Test
    void aKeptListOrWindowTextIsCopiedOnlyForTheSameFieldsAndWindows() {
        FrameLineMaker maker = new FrameLineMaker();
        List<HeaderField> other = new ArrayList<>(REQUEST);
        other.set(5, new HeaderField("user-agent", "h2load nghttp2/1.52.1"));
        // the same request's HEADERS, each differing from the first in one thing: fields, a window or the state
        FrameEvent first = requestHeaders(REQUEST, 65535, 100, 65535, 100, StreamState.OPEN);
        FrameEvent second = requestHeaders(other, 65535, 100, 65535, 101, StreamState.OPEN);
        FrameEvent third = requestHeaders(REQUEST, 65535, 100, 65535, 100, StreamState.HALF_CLOSED_REMOTE);
        FrameEvent fourth = requestHeaders(REQUEST, 65535, 100, 65534, 100, StreamState.OPEN);
        FrameEvent fifth = requestHeaders(REQUEST, 65534, 100, 65535, 100, StreamState.OPEN);
        FrameEvent sixth = requestHeaders(REQUEST, 65535, 99, 65535, 100, StreamState.OPEN);
        List<FrameEvent> events = List.of(first, second, third, fourth, fifth, sixth);
        for (int i = 0; i < 4 * events.size(); i++) {
            FrameEvent e = events.get(i * 5 % events.size()); // 0, 5, 4, 3, 2, 1: each after another one each round
            assertEquals(TraceText.frameLine(e, Redaction.DEFAULT, false, ""),
                    maker.line(e, Redaction.DEFAULT, false, "").toString());
        }
    }

    static List<String> lines() {
        List<String> lines = new ArrayList<>();
        Redaction revealing = Redaction.DEFAULT.revealing(true);
        for (FrameEvent e : events()) {
            for (String time : new String[] {"", TraceText.time(e.nanosSinceStart())}) {
                for (boolean showData : new boolean[] {false, true}) {
                    lines.add(TraceText.frameLine(e, Redaction.DEFAULT, showData, time));
                    lines.add(TraceText.frameLine(e, revealing, showData, time));
                }
            }
        }
        return lines;
    }

    private static List<String> golden() throws IOException {
        try (InputStream in = Objects.requireNonNull(FrameLineGoldenTest.class.getResourceAsStream("frame-lines.txt"),
                "frame-lines.txt beside the test class")) {
            return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
    }

    static List<FrameEvent> events() {
        byte[] body = "Hello from h2scope\n\"q\" \\ \r\u0001".getBytes(StandardCharsets.ISO_8859_1);
        List<FrameEvent> events = new ArrayList<>();
        events.add(event(1, 0, Direction.INBOUND, HeadersFrame.of(1, new byte[40], true, true), REQUEST, 65535,
                1073741823, 65535, 1073741823, StreamState.HALF_CLOSED_REMOTE));
        events.add(event(2, 999_999, Direction.OUTBOUND, HeadersFrame.of(3, new byte[12], false, true), ODD, 0, -5,
                -1, 7, StreamState.OPEN));
        events.add(event(3, 1_000_000_000L, Direction.OUTBOUND, HeadersFrame.withPriority(5, new byte[3], false, false,
                new Priority(3, true, 256)), List.of(), 1, 2, 3, 4, StreamState.OPEN));
        events.add(event(4, 12_345_678_901_234L, Direction.INBOUND, HeadersFrame.padded(7, new byte[9], true, true, 4,
                new Priority(0, false, 1)), REQUEST, 10, 20, -1, -1, StreamState.HALF_CLOSED_REMOTE));
        events.add(event(5, 1, Direction.INBOUND, HeadersFrame.padded(9, new byte[0], false, true, 0, null), List.of(),
                10, 20, 30, -1, null));
        events.add(event(Long.MAX_VALUE, 5_000, Direction.OUTBOUND, DataFrame.of(1, body, true), List.of(), 65516,
                1073741823, 65516, 1073741823, StreamState.CLOSED));
        events.add(event(7, 5_001, Direction.INBOUND, DataFrame.padded(11, new byte[100], false, 255), List.of(),
                -2147483648, 2147483647, 0, 0, StreamState.HALF_CLOSED_LOCAL));
        events.add(new FrameEvent(8, 5_002, Direction.INBOUND, new FrameHeader(1024, 0, 0x41, 13, true),
                new DataFrame(13, 0x41, new byte[3], -1), List.of(), 1, 1, 1, 1, StreamState.RESERVED_LOCAL));
        events.add(new FrameEvent(9, 5_003, Direction.INBOUND, new FrameHeader(16, 0, 0, 15, false),
                DataFrame.of(15, new byte[0], false), List.of(), 1, 1, 1, 1, StreamState.IDLE));
        events.add(event(10, 6_000, Direction.OUTBOUND, PriorityFrame.of(17, new Priority(1, false, 16)), List.of(),
                100, 200, 300, 400, StreamState.IDLE));
        events.add(event(11, 7_000, Direction.INBOUND, RstStreamFrame.of(19, ErrorCode.CANCEL), List.of(), 100, 200,
                300, 400, StreamState.CLOSED));
        events.add(event(12, 7_001, Direction.INBOUND, RstStreamFrame.of(21, 0x77), List.of(), 100, 200, -1, -1,
                StreamState.CLOSED));
        events.add(event(13, 8_000, Direction.OUTBOUND, SettingsFrame.of(new RawSetting(1, 4096),
                new RawSetting(3, 100), new RawSetting(4, 2147483647L), new RawSetting(0x99, 4294967295L)), List.of(),
                65535, 65535, -1, -1, null));
        events.add(event(14, 8_001, Direction.INBOUND, SettingsFrame.ackFrame(), List.of(), 65535, 65535, -1, -1,
                null));
        events.add(event(15, 9_000, Direction.INBOUND, PushPromiseFrame.of(1, 2, new byte[20], true), REQUEST, 1, 2, 3,
                4, StreamState.OPEN));
        events.add(event(16, 9_001, Direction.INBOUND, PushPromiseFrame.padded(1, 4, new byte[20], false, 6),
                List.of(), 1, 2, 3, 4, StreamState.OPEN));
        events.add(event(17, 10_000, Direction.INBOUND, PingFrame.of(0x0102030405060708L), List.of(), 1, 2, -1, -1,
                null));
        events.add(event(18, 10_001, Direction.OUTBOUND, PingFrame.ackOf(-1L), List.of(), 1, 2, -1, -1, null));
        events.add(event(19, 11_000, Direction.OUTBOUND, GoAwayFrame.of(7, ErrorCode.PROTOCOL_ERROR,
                "bad\nframe \u00ff".getBytes(StandardCharsets.ISO_8859_1)), List.of(), 1, 2, -1, -1, null));
        events.add(event(20, 11_001, Direction.INBOUND, GoAwayFrame.of(0, 0x1f, new byte[0]), List.of(), 1, 2, -1, -1,
                null));
        events.add(event(21, 12_000, Direction.INBOUND, WindowUpdateFrame.of(0, 2147483647), List.of(), 2147483647,
                65535, -1, -1, null));
        events.add(event(22, 12_001, Direction.OUTBOUND, WindowUpdateFrame.of(23, 1), List.of(), 1, 65535, 65536, -1,
                StreamState.HALF_CLOSED_LOCAL));
        events.add(event(23, 13_000, Direction.INBOUND, ContinuationFrame.of(25, new byte[7], false), List.of(), 1, 2,
                3, 4, StreamState.OPEN));
        events.add(event(24, 13_001, Direction.INBOUND, ContinuationFrame.of(25, new byte[7], true), ODD, 1, 2, 3, 4,
                StreamState.OPEN));
        events.add(event(25, 14_000, Direction.INBOUND, new UnknownFrame(0xfa, 0x80, 0, new byte[2]), List.of(), 1, 2,
                -1, -1, null));
        events.add(event(26, 14_001, Direction.INBOUND, new UnknownFrame(0x0a, 0xff, 27, new byte[0]), List.of(), 1,
                2, 3, 4, StreamState.IDLE));
        events.add(event(27, 15_000, Direction.INBOUND, new HeadersFrame(29, 0xff & ~0x28, new byte[1], -1, null),
                REQUEST, 1, 2, 3, 4, StreamState.OPEN));
        events.add(event(28, 15_001, Direction.INBOUND, new PingFrame(0x0e, 0), List.of(), 1, 2, -1, -1, null));
        return events;
    }

    /** A request's HEADERS on stream 1 of connection 1, received, with {@code fields}, the windows and state. */
    private static FrameEvent requestHeaders(List<HeaderField> fields, int connectionSend, int connectionReceive,
            int streamSend, int streamReceive, StreamState state) {
        return event(1, 0, Direction.INBOUND, HeadersFrame.of(1, new byte[40], true, true), fields, connectionSend,
                connectionReceive, streamSend, streamReceive, state);
    }

    private static FrameEvent event(long connection, long nanos, Direction direction, Frame frame,
            List<HeaderField> headers, int connectionSend, int connectionReceive, int streamSend, int streamReceive,
            StreamState state) {
        return new FrameEvent(connection, nanos, direction, FrameHeader.of(frame), frame, headers, connectionSend,
                connectionReceive, streamSend, streamReceive, state);
    }
}
