package io.h2scope.inspector.model;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;

import java.util.Locale;

/**
 * Which frames the frame list shows: every criterion that is set must hold (null: any).
 *
 * @param connection only this connection's frames
 * @param streamId   only frames on this stream (0: the connection's own frames)
 * @param typeCode   only frames of this type code
 * @param direction  only frames sent ({@link Direction#OUTBOUND}) or received
 * @param text       only frames whose {@link FrameSummary} contains this, ignoring case
 */
public record FrameFilter(ConnectionKey connection, Integer streamId, Integer typeCode, Direction direction,
        String text) {

    /** Every frame. */
    public static final FrameFilter ALL = new FrameFilter(null, null, null, null, null);

    public FrameFilter {
        text = text == null || text.isBlank() ? null : text.strip().toLowerCase(Locale.ROOT);
    }

    /** Whether this filter lets every frame through (the list then needs no index of its own). */
    public boolean all() {
        return connection == null && streamId == null && typeCode == null && direction == null && text == null;
    }

    public boolean matches(Recording recording, int frameNumber) {
        FrameEvent frame = recording.frame(frameNumber);
        if (streamId != null && frame.streamId() != streamId) {
            return false;
        }
        if (typeCode != null && frame.header().typeCode() != typeCode) {
            return false;
        }
        if (direction != null && frame.direction() != direction) {
            return false;
        }
        if (connection != null && !recording.connectionOf(recording.frameEvent(frameNumber)).key().equals(connection)) {
            return false;
        }
        return text == null || FrameSummary.of(frame).toLowerCase(Locale.ROOT).contains(text);
    }

    public FrameFilter withConnection(ConnectionKey value) {
        return new FrameFilter(value, streamId, typeCode, direction, text);
    }

    public FrameFilter withStream(Integer value) {
        return new FrameFilter(connection, value, typeCode, direction, text);
    }

    public FrameFilter withType(Integer value) {
        return new FrameFilter(connection, streamId, value, direction, text);
    }

    public FrameFilter withDirection(Direction value) {
        return new FrameFilter(connection, streamId, typeCode, value, text);
    }

    public FrameFilter withText(String value) {
        return new FrameFilter(connection, streamId, typeCode, direction, value);
    }

    /** A stream id typed by the user: blank is any stream; otherwise 0..2^31-1 (RFC 9113 §5.1.1). */
    public static Integer parseStream(String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        try {
            int id = Integer.parseInt(typed.strip());
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("stream \"" + typed.strip() + "\" is not a stream id: type 0..2147483647"
                + " (0 is the connection itself, RFC 9113 §5.1.1), or leave it empty for every stream");
    }

    /** A frame type by name ("HEADERS") or code ("0x1", "1"); blank is any type. */
    public static Integer parseType(String typed) {
        if (typed == null || typed.isBlank()) {
            return null;
        }
        String t = typed.strip();
        for (FrameType type : FrameType.values()) {
            if (type.name().equalsIgnoreCase(t)) {
                return type.code();
            }
        }
        try {
            int code = t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
            if (code >= 0 && code <= 0xff) {
                return code;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("type \"" + t + "\" is not a frame type: give a name of RFC 9113 §6"
                + " (DATA, HEADERS, ...) or a type code 0..255");
    }
}
