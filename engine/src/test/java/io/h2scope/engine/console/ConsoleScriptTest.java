package io.h2scope.engine.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleScriptTest {

    private final ConsoleParser parser = new ConsoleParser("http", "example:80", Duration.ofSeconds(1));

    /** What the line sends, as the console sends it. */
    private byte[] sent(String line) {
        ConsoleAction action = parser.parse(line);
        if (action instanceof ConsoleAction.SendFrame f) {
            return FrameWriter.encode(f.frame());
        }
        return ((ConsoleAction.SendOctets) action).octets();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyFrameTypeValidOrNotComesBackAsTheSameOctets() {
        List<Frame> frames = List.of(
                DataFrame.of(1, utf8("hello world"), true), DataFrame.of(3, utf8("end of it"), false),
                DataFrame.of(0, new byte[0], false), DataFrame.of(1, new byte[] {(byte) 0xff, 0, 10}, false),
                DataFrame.of(1, utf8(" two\nlines "), false), DataFrame.padded(1, utf8("x"), true, 7),
                new DataFrame(5, 0xf6, utf8("odd flags"), -1),
                HeadersFrame.of(1, new byte[] {(byte) 0x82, (byte) 0x86, (byte) 0x84}, true, true),
                HeadersFrame.padded(1, new byte[] {(byte) 0x82}, false, false, 3, null),
                HeadersFrame.withPriority(3, new byte[] {(byte) 0x82}, false, true, new Priority(3, true, 256)),
                ContinuationFrame.of(1, new byte[] {(byte) 0x86}, true),
                PushPromiseFrame.of(1, 2, new byte[] {(byte) 0x82}, true),
                PriorityFrame.of(1, new Priority(1, false, 1)), PriorityFrame.of(0, new Priority(7, true, 200)),
                RstStreamFrame.of(0, ErrorCode.PROTOCOL_ERROR), RstStreamFrame.of(5, 0x1f),
                new RstStreamFrame(1, 0x80, 8),
                SettingsFrame.of(new RawSetting(5, 16383), new RawSetting(0x42, 0xffffffffL), new RawSetting(2, 7)),
                SettingsFrame.of(List.of()), SettingsFrame.ackFrame(),
                new SettingsFrame(1, List.of(new RawSetting(1, 4096))), new SettingsFrame(0x20, List.of()),
                PingFrame.of(0), PingFrame.ackOf(0xffffffffffffffffL), new PingFrame(0x8, 42),
                GoAwayFrame.of(0, ErrorCode.NO_ERROR), GoAwayFrame.of(7, 0xabcdef, utf8("bye now")),
                GoAwayFrame.of(1, 1, new byte[] {(byte) 0xc3}), GoAwayFrame.of(0, 2, utf8("  padded  ")),
                WindowUpdateFrame.of(0, 0), WindowUpdateFrame.of(3, Integer.MAX_VALUE), new WindowUpdateFrame(1, 0xff, 10),
                new UnknownFrame(0xfa, 0xff, 9, utf8("extension")));
        int words = 0;
        for (Frame frame : frames) {
            String line = ConsoleScript.lineOf(frame);
            assertArrayEquals(FrameWriter.encode(frame), sent(line), frame + " -> " + line);
            words += line.startsWith("raw ") ? 0 : 1;
        }
        assertEquals(15, words, "the frames the words can say are said in words");
        assertEquals("rst 5 0x1f", ConsoleScript.lineOf(RstStreamFrame.of(5, 0x1f)));
        assertEquals("settings MAX_FRAME_SIZE=16383 0x42=4294967295 ENABLE_PUSH=7",
                ConsoleScript.lineOf(frames.get(17)));
        assertTrue(ConsoleScript.lineOf(frames.get(1)).startsWith("raw "), "a text whose first word is end is raw");
    }

    @Test
    void octetsNoFrameRecordCanHoldAreRaw() {
        byte[] pingOnAStream = RawFrameWriter.frame(8, 0x6, 0, 1, false, new byte[8]);
        byte[] reservedBit = RawFrameWriter.frame(4, 0x8, 0, 1, true, new byte[] {0, 0, 0, 1});
        for (byte[] wire : List.of(pingOnAStream, reservedBit)) {
            String line = ConsoleScript.lineOf(PingFrame.of(0), wire);
            assertTrue(line.startsWith("raw "), line);
            assertArrayEquals(wire, sent(line));
        }
    }

    private static FrameEvent event(long millis, Direction direction, Frame frame) {
        return new FrameEvent(1, millis * 1_000_000, direction, FrameHeader.of(frame), frame, List.of(), 0, 0, -1, -1,
                null);
    }

    @Test
    void aConnectionsScriptWaitsWhereItWasAnsweredAndLeavesTheGreetingAndAutomaticAcksToTheConsole() {
        List<String> lines = new ConsoleScript.Builder()
                .greeting(event(0, Direction.OUTBOUND, SettingsFrame.of(new RawSetting(3, 100))))
                .frame(event(1, Direction.INBOUND, SettingsFrame.of(List.of())))
                .frame(event(2, Direction.OUTBOUND, SettingsFrame.ackFrame()))
                .frame(event(3, Direction.OUTBOUND, PingFrame.of(1)))
                .frame(event(4, Direction.OUTBOUND, SettingsFrame.ackFrame()))
                .frame(event(300, Direction.INBOUND, PingFrame.ackOf(1)))
                .note("RAW 3 octets \"abc\"")
                .frame(event(450, Direction.OUTBOUND, WindowUpdateFrame.of(0, 0)))
                .frame(event(451, Direction.INBOUND, GoAwayFrame.of(0, ErrorCode.PROTOCOL_ERROR)))
                .lines();
        assertEquals(List.of(
                "# the greeting sent settings MAX_CONCURRENT_STREAMS=100 (the console's connection sends its own)",
                "# settings ack (the peer's SETTINGS: the console ACKs them by itself)",
                "ping 0x0000000000000001",
                "settings ack",
                "# RAW 3 octets \"abc\"",
                "wait 446",
                "window 0 0",
                "wait 100"), lines);
    }
}
