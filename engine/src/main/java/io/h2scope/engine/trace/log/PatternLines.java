package io.h2scope.engine.trace.log;

import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.text.AsciiLine;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The built-in text appender's line ({@link LogbackSetup#PATTERN}: the time in UTC to the millisecond, the level in
 * five columns, the logger, the message, the line separator) made straight into octets, the same octets logback's
 * encoder makes (its default charset included), for the lines the trace writes most (a frame's): no logging event
 * or layout a line, and the message's octets go to the output as they are. Used only while the built-in appender is
 * the one that writes ({@link LogbackSetup#patternLines()}). One buffer a thread, for a line's head.
 */
final class PatternLines {

    private static final Charset ENCODING = Charset.defaultCharset(); // what logback's encoder uses without a charset
    private static final byte[] SEPARATOR = System.lineSeparator().getBytes(ENCODING);
    /** Whether the charset writes each ASCII char as its own octet (UTF-8, ISO-8859-1, US-ASCII and the like). */
    private static final boolean ASCII_AS_IS = asciiAsIs();

    private static final class Line {
        byte[] octets = new byte[64]; // the head: time, level, logger
        int length;
        long second = Long.MIN_VALUE; // the second the time prefix below is of
        final byte[] secondText = new byte[20]; // yyyy-MM-ddTHH:mm:ss.
    }

    private final HeldStandardError out;
    private final ThreadLocal<Line> lines = ThreadLocal.withInitial(Line::new);

    PatternLines(HeldStandardError out) {
        this.out = out;
    }

    /**
     * Writes {@code message} as logger {@code logger}'s line at {@code level}, stamped {@code epochMillis}. A frame
     * line comes as an ASCII {@link AsciiLine} ({@link io.h2scope.engine.trace.text.FrameLineMaker}): its octets are
     * copied straight into what standard error keeps; any other message is encoded as logback's encoder does.
     */
    void write(long epochMillis, TraceLevel level, String logger, CharSequence message) {
        Line line = lines.get();
        line.length = 0;
        time(line, epochMillis);
        String levelName = level.name();
        ascii(line, levelName);
        for (int i = levelName.length(); i < 5; i++) {
            put(line, (byte) ' ');
        }
        put(line, (byte) ' ');
        ascii(line, logger);
        put(line, (byte) ' ');
        if (ASCII_AS_IS && message instanceof AsciiLine text && text.isAscii()) {
            out.writeLine(line.octets, line.length, text.octets(), text.length(), SEPARATOR);
        } else {
            byte[] encoded = message.toString().getBytes(ENCODING);
            out.writeLine(line.octets, line.length, encoded, encoded.length, SEPARATOR);
        }
    }

    /** {@code yyyy-MM-dd'T'HH:mm:ss.SSS'Z'} in UTC and a space; the part to the second is made once a second. */
    private static void time(Line line, long epochMillis) {
        long intoSecond = epochMillis - line.second * 1000; // no 64-bit division a line: a line's second is mostly the last one's
        if (line.second == Long.MIN_VALUE || intoSecond < 0 || intoSecond >= 1000) {
            long second = Math.floorDiv(epochMillis, 1000);
            LocalDateTime t = LocalDateTime.ofEpochSecond(second, 0, ZoneOffset.UTC);
            String text = String.format("%04d-%02d-%02dT%02d:%02d:%02d.", t.getYear(), t.getMonthValue(),
                    t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
            byte[] octets = text.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(octets, 0, line.secondText, 0, 20);
            line.second = second;
            intoSecond = epochMillis - second * 1000;
        }
        room(line, 26);
        System.arraycopy(line.secondText, 0, line.octets, line.length, 20);
        int millis = (int) intoSecond;
        byte[] o = line.octets;
        int at = line.length + 20;
        o[at] = (byte) ('0' + millis / 100);
        o[at + 1] = (byte) ('0' + millis / 10 % 10);
        o[at + 2] = (byte) ('0' + millis % 10);
        o[at + 3] = 'Z';
        o[at + 4] = ' ';
        line.length = at + 5;
    }

    private static boolean asciiAsIs() {
        byte[] ascii = new byte[128];
        for (int i = 0; i < ascii.length; i++) {
            ascii[i] = (byte) i;
        }
        return java.util.Arrays.equals(new String(ascii, StandardCharsets.US_ASCII).getBytes(ENCODING), ascii);
    }

    private static void ascii(Line line, String text) {
        int n = text.length();
        room(line, n);
        for (int i = 0; i < n; i++) {
            line.octets[line.length + i] = (byte) text.charAt(i);
        }
        line.length += n;
    }

    private static void put(Line line, byte b) {
        room(line, 1);
        line.octets[line.length++] = b;
    }

    private static void room(Line line, int more) {
        if (line.length + more > line.octets.length) {
            line.octets = java.util.Arrays.copyOf(line.octets, Math.max(line.octets.length * 2, line.length + more));
        }
    }
}
