package io.h2scope.engine.trace.text;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.nio.charset.StandardCharsets;

/**
 * Frames as short phrases: {@code GOAWAY PROTOCOL_ERROR (last_stream=1, debug "bad frame")},
 * {@code RST_STREAM CANCEL on stream 3}, {@code PING ACK 6832736370650001}. The one place a conformance verdict's
 * "actual" and a trace explanation's account name a frame, so both word the same frame the same way.
 */
public final class FrameWords {

    private static final int MAX_DEBUG = 80;

    private FrameWords() {
    }

    public static String describe(Frame frame) {
        if (frame instanceof GoAwayFrame g) {
            return goAway(g);
        }
        if (frame instanceof RstStreamFrame r) {
            return rstStream(r);
        }
        if (frame instanceof PingFrame p) {
            return String.format("PING%s %016x", p.ack() ? " ACK" : "", p.opaqueData());
        }
        if (frame instanceof SettingsFrame s) {
            return s.ack() ? "SETTINGS ACK" : "SETTINGS with " + s.settings().size() + " parameters";
        }
        if (frame instanceof WindowUpdateFrame w) {
            return "WINDOW_UPDATE +" + w.increment() + (w.streamId() == 0 ? " on the connection" : " on stream " + w.streamId());
        }
        if (frame instanceof DataFrame d) {
            return data(d.streamId(), d.payloadLength(), d.endStream());
        }
        if (frame instanceof HeadersFrame h) {
            return "HEADERS on stream " + h.streamId() + (h.endStream() ? " with END_STREAM" : "");
        }
        return FrameType.nameOf(frame.typeCode()) + " on stream " + frame.streamId();
    }

    /** {@code DATA of 16384 octets on stream 3 with END_STREAM}: a DATA frame known by its length, not its payload. */
    public static String data(int streamId, int payloadLength, boolean endStream) {
        return "DATA of " + payloadLength + " octets on stream " + streamId + (endStream ? " with END_STREAM" : "");
    }

    public static String goAway(GoAwayFrame g) {
        String debug = new String(g.debugData(), StandardCharsets.UTF_8).strip();
        if (debug.length() > MAX_DEBUG) {
            debug = debug.substring(0, MAX_DEBUG) + "...";
        }
        return "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last_stream=" + g.lastStreamId()
                + (debug.isEmpty() ? "" : ", debug \"" + debug + "\"") + ")";
    }

    /**
     * A frame known by its header only (one that broke a frame rule and was not decoded):
     * {@code DATA of 12 octets on stream 0}, {@code PING of 6 octets with ACK}.
     */
    public static String header(FrameHeader h) {
        String flags = Flags.describe(h.typeCode(), h.flags());
        return FrameType.nameOf(h.typeCode()) + " of " + h.length() + " octets"
                + (h.streamId() == 0 ? "" : " on stream " + h.streamId()) + (flags.isEmpty() ? "" : " with " + flags);
    }

    public static String rstStream(RstStreamFrame r) {
        return "RST_STREAM " + ErrorCode.nameOf(r.errorCode()) + " on stream " + r.streamId();
    }
}
