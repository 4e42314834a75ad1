package io.h2scope.engine.trace.log;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.AsciiLine;
import io.h2scope.engine.trace.text.FrameLineMaker;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The built-in appender's lines made directly are the octets logback's encoder makes of the same line. */
class PatternLinesTest {

    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(written, true);
    private final PatternLines lines = new PatternLines(new HeldStandardError(() -> err));
    private final LoggerContext context = new LoggerContext();
    private final PatternLayoutEncoder logback = new PatternLayoutEncoder();

    PatternLinesTest() {
        logback.setContext(context);
        logback.setPattern(LogbackSetup.PATTERN);
        logback.start();
    }

    private void assertSameLine(long epochMillis, TraceLevel level, String logger, String message) {
        assertSameLine(epochMillis, level, logger, message, new StringBuilder(message));
    }

    private void assertSameLine(long epochMillis, TraceLevel level, String logger, String message,
            CharSequence given) {
        written.reset();
        lines.write(epochMillis, level, logger, given);
        Logger log = context.getLogger(logger);
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), log, Level.toLevel(level.name()), message, null,
                null);
        event.setInstant(Instant.ofEpochMilli(epochMillis));
        assertArrayEquals(logback.encode(event), written.toByteArray(), message + " at " + epochMillis);
    }

    @Test
    void eachLevelAndTimeAsLogbacksEncoderWritesThem() {
        String frame = "conn=9 send HEADERS       stream=109199 length=7 flags=END_HEADERS {:status: 200} | window conn"
                + " send=1072704442 recv=1048576 | half_closed_remote";
        long[] times = {0L, 999L, 1_000L, 1_764_957_802_549L, 1_764_957_802_005L, 1_764_957_801_999L, 1_767_225_599_999L,
            1_767_225_600_000L, 4_102_444_800_123L};
        for (long t : times) {
            for (TraceLevel level : new TraceLevel[] {TraceLevel.ERROR, TraceLevel.WARN, TraceLevel.INFO,
                TraceLevel.DEBUG, TraceLevel.TRACE}) {
                assertSameLine(t, level, "h2scope.frames", frame);
            }
        }
    }

    @Test
    void aMessageBeyondAsciiIsEncodedAsLogbackEncodesIt() {
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", "x-name: caf\u00e9 \u20ac \ud83d\ude00 end");
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", "");
    }

    @Test
    void aMessageGivenAsAStringIsTheSameLine() {
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", "conn=1 send PING", "conn=1 send PING");
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", "caf\u00e9", "caf\u00e9");
    }

    @Test
    void aCharBeyondAsciiAtAnyPlaceOfAnyLengthIsEncoded() {
        for (int length = 1; length <= 70; length++) { // past the check's steps of 32 and 8 octets
            for (int at = 0; at < length; at++) {
                StringBuilder message = new StringBuilder("a".repeat(length));
                message.setCharAt(at, '\u00e9');
                assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", message.toString());
            }
        }
    }

    @Test
    void linesHeldTogetherKeepTheirOrderAndOctetsWhenOneIsBeyondAscii() {
        String[] messages = {"conn=1 send PING", "x-name: caf\u00e9", "conn=1 recv PING", "\u00ff", ""};
        byte[] expected = linesOneByOne(messages);
        HeldStandardError held = new HeldStandardError(() -> err);
        PatternLines heldLines = new PatternLines(held);
        held.hold(() -> {
            for (String message : messages) {
                heldLines.write(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", new StringBuilder(message));
            }
        });
        assertArrayEquals(expected, written.toByteArray());
    }

    /** Each message's line as logback writes it alone, one after the other (what a held run must equal). */
    private byte[] linesOneByOne(String[] messages) {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (String message : messages) {
            assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", message);
            expected.writeBytes(written.toByteArray());
        }
        written.reset();
        return expected.toByteArray();
    }

    private static AsciiLine ascii(String message) {
        AsciiLine line = new AsciiLine(16);
        line.append(message);
        return line;
    }

    @Test
    void anAsciiLineIsTheSameLineAsItsText() {
        String[] messages = {"conn=1 send PING          stream=0 length=8 flags=ACK opaque=0102030405060708", "",
            "y".repeat(9_000), "w".repeat(HeldStandardError.MAX_HELD + 10)};
        for (String message : messages) {
            assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", message, ascii(message));
        }
    }

    @Test
    void aFrameLineBeyondAsciiIsEncodedNotWrittenAsItsLowOctets() {
        HeadersFrame frame = HeadersFrame.of(1, new byte[20], true, true);
        FrameEvent event = new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(frame), frame,
                List.of(new HeaderField(":method", "GET")), 65535, 65535, 65535, 65535, StreamState.HALF_CLOSED_REMOTE);
        FrameLineMaker maker = new FrameLineMaker();
        for (String time : new String[] {"[\u0141]", "[Ł]", "[café]", ""}) { // U+0141's low octet is 'A'
            String expected = TraceText.frameLine(event, Redaction.DEFAULT, false, time);
            assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", expected,
                    maker.line(event, Redaction.DEFAULT, false, time));
        }
    }

    @Test
    void heldAsciiLinesFromOneReusedLineKeepTheirOrderBesideEncodedOnes() {
        String[] messages = {"conn=1 send PING", "x-name: caf\u00e9", "x-name: café", "conn=1 recv PING",
            "z".repeat(10_000), "ÿ", "", "last"};
        byte[] expected = linesOneByOne(messages);
        HeldStandardError held = new HeldStandardError(() -> err);
        PatternLines heldLines = new PatternLines(held);
        AsciiLine reused = new AsciiLine(16);
        held.hold(() -> {
            for (String message : messages) {
                reused.clear();
                reused.append(message);
                heldLines.write(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames",
                        reused.isAscii() ? reused : new StringBuilder(message));
            }
        });
        assertArrayEquals(expected, written.toByteArray());
    }

    @Test
    void aLineLongerThanTheBufferIsWhole() {
        String longLine = "y".repeat(5_000) + "\u00ff" + "z".repeat(3_000);
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", longLine);
    }

    @Test
    void aLineLongerThanWhatIsKeptIsWhole() {
        assertSameLine(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", "w".repeat(HeldStandardError.MAX_HELD + 10));
    }
}
