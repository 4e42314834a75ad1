package io.h2scope.engine.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleParserTest {

    private final ConsoleParser parser = new ConsoleParser("http", "example:80", Duration.ofSeconds(1));

    private Frame frame(String line) {
        return assertInstanceOf(ConsoleAction.SendFrame.class, parser.parse(line)).frame();
    }

    private String error(String line) {
        return assertThrows(IllegalArgumentException.class, () -> parser.parse(line)).getMessage();
    }

    @Test
    void settingsByNameOrNumberAndTheirAck() {
        assertEquals(SettingsFrame.of(new RawSetting(5, 32768), new RawSetting(0x4, 0), new RawSetting(0xff, 7)),
                frame("settings MAX_FRAME_SIZE=32768 settings_initial_window_size=0 0xff=7"));
        assertEquals(SettingsFrame.of(List.of()), frame("settings"));
        assertEquals(SettingsFrame.ackFrame(), frame("SETTINGS ack"));
        assertTrue(error("settings NOPE=1").startsWith("settings: unknown setting 'NOPE': give a name (HEADER_TABLE_SIZE"));
        assertTrue(error("settings MAX_FRAME_SIZE=4294967296").contains("VALUE must be a number from 0 to 4294967295"));
    }

    @Test
    void pingDataAsTextOrHexAndItsAck() {
        assertEquals(PingFrame.of(0x6162630000000000L), frame("ping abc"));
        assertEquals(PingFrame.ackOf(0xffffffffffffffffL), frame("ping ack 0xffffffffffffffff"));
        assertEquals(PingFrame.of(1), frame("ping"));
        assertEquals(PingFrame.of(2), frame("ping"));
        assertEquals("ping: DATA is 8 octets at most, got 9 ('123456789') (usage: ping [ack] [TEXT|0xHEX])",
                error("ping 123456789"));
    }

    @Test
    void headersFillInAGetWithoutPseudoHeadersAndKeepWhatIsTyped() {
        ConsoleAction.SendHeaders filled = assertInstanceOf(ConsoleAction.SendHeaders.class,
                parser.parse("headers 2 end accept: text/plain; cookie: a=1\\; b=2"));
        assertEquals(2, filled.streamId());
        assertTrue(filled.endStream());
        assertEquals(List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "example:80"), new HeaderField(":path", "/"),
                new HeaderField("accept", "text/plain"), new HeaderField("cookie", "a=1; b=2")), filled.fields());
        ConsoleAction.SendHeaders typed = assertInstanceOf(ConsoleAction.SendHeaders.class,
                parser.parse("headers :method: POST; :path: /x"));
        assertEquals(0, typed.streamId(), "no STREAM: the session's next odd one");
        assertEquals(List.of(new HeaderField(":method", "POST"), new HeaderField(":path", "/x")), typed.fields());
        ConsoleAction.SendHeaders get = assertInstanceOf(ConsoleAction.SendHeaders.class, parser.parse("get /a?b"));
        assertEquals(new HeaderField(":path", "/a?b"), get.fields().get(3));
        assertEquals("headers: 'accept' is not NAME: VALUE (usage: headers [STREAM] [end] [NAME: VALUE; ...])",
                error("headers 1 accept"));
    }

    @Test
    void dataRstGoawayWindowPriorityAndRaw() {
        DataFrame data = assertInstanceOf(DataFrame.class, frame("data 3 end hello  world"));
        assertEquals(3, data.streamId());
        assertTrue(data.endStream());
        assertEquals("hello  world", new String(data.data(), StandardCharsets.UTF_8));
        assertEquals(RstStreamFrame.of(5, ErrorCode.CANCEL), frame("rst 5 cancel"));
        assertEquals(RstStreamFrame.of(5, 0x77), frame("rst 5 0x77"));
        assertEquals(GoAwayFrame.of(0, ErrorCode.NO_ERROR, new byte[0]), frame("goaway NO_ERROR"));
        assertEquals(GoAwayFrame.of(7, ErrorCode.ENHANCE_YOUR_CALM, "slow down".getBytes(StandardCharsets.UTF_8)),
                frame("goaway 7 ENHANCE_YOUR_CALM slow down"));
        assertEquals(WindowUpdateFrame.of(0, 1000), frame("window 1000"));
        assertEquals(WindowUpdateFrame.of(3, 0), frame("window 3 0"), "an increment of 0 is sent: §6.9 says what it earns");
        assertEquals(PriorityFrame.of(3, new Priority(3, true, 256)), frame("priority 3 3 256 exclusive"));
        assertArrayEquals(new byte[] {0, 0, 0, 4, 1, 0, 0, 0, 0},
                assertInstanceOf(ConsoleAction.SendOctets.class, parser.parse("raw 00 00 00 04 01 0x00:00:00:00")).octets());
        assertTrue(error("rst 1 NOPE").startsWith("rst: 'NOPE' is not an error code (RFC 9113 §7); accepted: NO_ERROR"));
        assertEquals("rst: CODE is missing (usage: rst STREAM CODE)", error("rst 1"));
        assertEquals("window: STREAM must be a number from 0 to 2147483647, got '2147483648' (usage: window [STREAM] INCREMENT)",
                error("window 2147483648 1"));
        assertTrue(error("priority 1 0 257").contains("WEIGHT must be a number from 0 to 256"));
        assertTrue(error("raw 0").startsWith("raw: odd number of hex digits"));
    }

    @Test
    void waitQuitHelpCommentsAndWhatIsNoCommand() {
        assertEquals(new ConsoleAction.Wait(Duration.ofMillis(250)), parser.parse("wait 250"));
        assertEquals(new ConsoleAction.Wait(Duration.ofSeconds(1)), parser.parse("wait"));
        assertInstanceOf(ConsoleAction.Quit.class, parser.parse("quit"));
        assertInstanceOf(ConsoleAction.Help.class, parser.parse("help"));
        assertInstanceOf(ConsoleAction.Nothing.class, parser.parse("   "));
        assertInstanceOf(ConsoleAction.Nothing.class, parser.parse("# a comment"));
        assertEquals("unknown command 'pong': the commands are settings, ping, headers, get, data, rst, goaway, window, "
                + "priority, raw, wait, help, quit ('help' shows their arguments)", error("pong"));
        assertEquals("quit: unexpected 'now' (usage: quit)", error("quit now"));
        assertEquals(13, ConsoleParser.help().size());
    }
}
