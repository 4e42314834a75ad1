package io.h2scope.engine.console;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.FrameOctets;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The inverse of {@link ConsoleParser}: frames turned into the console lines that send their octets again, exactly.
 * A frame the words can say (a SETTINGS, a PING, an RST_STREAM...) gets its words, checked by parsing them back and
 * comparing the octets; anything else (HEADERS, whose field block depends on the HPACK state of the connection it
 * was sent on, padding, flags or reserved bits the words have no place for) gets {@code raw HEX}. A
 * {@link Builder} makes a whole connection's script from its frame events: the frames it sent, {@code wait} lines
 * where it waited for an answer, and comments for what the console's own connection does by itself.
 */
public final class ConsoleScript {

    /** The shortest {@code wait} a script waits where the sender waited for an answer (loopback answers in microseconds). */
    public static final Duration MIN_WAIT = Duration.ofMillis(100);

    private ConsoleScript() {
    }

    /** The console line that sends {@code wire} (the frame's octets as sent: header and payload) again. */
    public static String lineOf(Frame frame, byte[] wire) {
        String words = words(frame);
        return words != null && sendsExactly(words, wire) ? words : rawLine(wire);
    }

    /** The line for a frame whose octets are the engine writer's ({@link FrameWriter#encode}). */
    public static String lineOf(Frame frame) {
        return lineOf(frame, FrameWriter.encode(frame));
    }

    /** {@code raw} with a frame's 9-octet header apart from its payload, to be read. */
    public static String rawLine(byte[] octets) {
        HexFormat hex = HexFormat.of();
        if (octets.length <= 9) {
            return "raw " + hex.formatHex(octets);
        }
        return "raw " + hex.formatHex(octets, 0, 9) + " " + hex.formatHex(octets, 9, octets.length);
    }

    private static boolean sendsExactly(String line, byte[] wire) {
        try {
            // a parser of its own (it counts pings); no headers line is made here, so the authority is unused
            return new ConsoleParser("http", "replay", Duration.ZERO).parse(line) instanceof ConsoleAction.SendFrame f
                    && Arrays.equals(FrameWriter.encode(f.frame()), wire);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The words that may rebuild the frame, or null when the words have none for it. */
    private static String words(Frame frame) {
        if (frame instanceof SettingsFrame s) {
            if (s.ack()) {
                return s.settings().isEmpty() ? "settings ack" : null;
            }
            StringBuilder line = new StringBuilder("settings");
            for (RawSetting setting : s.settings()) {
                line.append(' ').append(SettingId.fromCode(setting.id()).map(Enum::name)
                        .orElse("0x" + Integer.toHexString(setting.id()))).append('=').append(setting.value());
            }
            return line.toString();
        } else if (frame instanceof PingFrame p) {
            return "ping " + (p.ack() ? "ack " : "") + String.format(Locale.ROOT, "0x%016x", p.opaqueData());
        } else if (frame instanceof RstStreamFrame r) {
            return "rst " + r.streamId() + " " + ErrorCode.nameOf(r.errorCode());
        } else if (frame instanceof WindowUpdateFrame w) {
            return "window " + w.streamId() + " " + w.increment();
        } else if (frame instanceof PriorityFrame p) {
            return "priority " + p.streamId() + " " + p.priority().dependency() + " " + p.priority().weight()
                    + (p.priority().exclusive() ? " exclusive" : "");
        } else if (frame instanceof GoAwayFrame g) {
            String debug = text(g.debugData());
            return debug == null ? null : ("goaway " + g.lastStreamId() + " " + ErrorCode.nameOf(g.errorCode()) + " " + debug).strip();
        } else if (frame instanceof DataFrame d) {
            String text = text(d.data());
            return text == null ? null : ("data " + d.streamId() + (d.endStream() ? " end " : " ") + text).strip();
        }
        return null;
    }

    /** Octets as text on one line (UTF-8, no line break), or null when they are not. */
    private static String text(byte[] octets) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(octets)).toString();
            return text.chars().anyMatch(c -> c == '\n' || c == '\r') ? null : text;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /**
     * A connection's script, built from its events in order. What the console's own connection does by itself is
     * a comment: the greeting's SETTINGS (the console sends its own) and the ACKs of the peer's SETTINGS (the console
     * sends them unless {@code --no-auto-ack}).
     */
    public static final class Builder {
        private final List<String> lines = new ArrayList<>();
        private long lastSent = -1;
        private long lastReceived = -1;
        private int settingsToAck;

        /** A frame the connection's greeting sent (its SETTINGS): a comment, the console's connection has its own. */
        public Builder greeting(FrameEvent event) {
            lines.add("# the greeting sent " + lineOf(event.frame(), FrameOctets.wire(event))
                    + " (the console's connection sends its own)");
            lastSent = event.nanosSinceStart();
            return this;
        }

        /** A frame sent or received. */
        public Builder frame(FrameEvent event) {
            if (event.direction() == Direction.INBOUND) {
                lastReceived = event.nanosSinceStart();
                if (event.frame() instanceof SettingsFrame s && !s.ack()) {
                    settingsToAck++;
                }
                return this;
            }
            String line = lineOf(event.frame(), FrameOctets.wire(event));
            if (event.frame() instanceof SettingsFrame s && s.ack() && s.settings().isEmpty() && settingsToAck > 0) {
                settingsToAck--;
                lines.add("# " + line + " (the peer's SETTINGS: the console ACKs them by itself)");
                lastReceived = -1; // the answer the ACK was for needs no wait: the console's connection takes it
                lastSent = event.nanosSinceStart();
                return this;
            }
            waitForAnswers(event.nanosSinceStart());
            if (event.dataOmitted() > 0) {
                lines.add("# " + event.dataOmitted() + " octets of DATA were not recorded; zeros stand in for them");
                lines.add(line);
            } else {
                lines.add(line);
            }
            lastSent = event.nanosSinceStart();
            return this;
        }

        /** Something sent that is no frame event (raw octets, a batch, a broken frame): a comment. */
        public Builder note(String text) {
            lines.add("# " + text.replace('\n', ' ').replace('\r', ' '));
            return this;
        }

        /** A {@code wait} before the send at {@code nanos} when an answer came since the last send. */
        private void waitForAnswers(long nanos) {
            if (lastSent >= 0 && lastReceived > lastSent) {
                lines.add(waitLine(nanos - lastSent));
                lastReceived = -1;
            }
        }

        private static String waitLine(long nanos) {
            long ms = Math.max(MIN_WAIT.toMillis(), (nanos + 999_999) / 1_000_000);
            return "wait " + ms;
        }

        /** The lines, ending with a {@code wait} for the last answers when some came after the last send. */
        public List<String> lines() {
            List<String> all = new ArrayList<>(lines);
            if (lastSent >= 0 && lastReceived > lastSent) {
                all.add(waitLine(lastReceived - lastSent));
            }
            return all;
        }
    }
}
