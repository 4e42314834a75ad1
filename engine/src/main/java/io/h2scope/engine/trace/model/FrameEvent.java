package io.h2scope.engine.trace.model;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.stream.StreamState;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One frame read or written by a connection, published once to a trace sink, with the
 * state it left behind. Built only when a sink is enabled.
 *
 * @param connectionId             the connection's id from its configuration
 * @param nanosSinceStart          time since the connection was created (time passed in, never read)
 * @param direction                read or written
 * @param header                   the frame header as on the wire (reserved bit kept for inbound frames); its Length
 *                                 stays the wire's when a recording leaves DATA out ({@link #dataOmitted()})
 * @param frame                    the decoded frame; a DATA frame holds only the data recorded
 * @param headers                  the decoded field block, on the frame that completes a HEADERS or
 *                                 PUSH_PROMISE block (the frame itself or its last CONTINUATION); else empty
 * @param connectionSendWindow     what we may still send on the connection, after the frame
 * @param connectionReceiveWindow  what the peer may still send on the connection, after the frame
 * @param streamSendWindow         the stream's send window after the frame; -1 when no stream or not tracked
 * @param streamReceiveWindow      the stream's receive window after the frame; -1 when no stream or not tracked
 * @param streamStateAfter         the stream's state after the frame; null for stream 0
 * @param hpack                    how the completed field block was encoded, when the sink
 *                                 asked for it; else null
 * @param padding                  a padded frame's padding octets as they were on the wire (the frame keeps only
 *                                 their number); null when the frame has none, when they are all zero (what
 *                                 RFC 9113 §6.1 says a sender writes, and what the engine's writer writes) or
 *                                 when they are not known
 */
public record FrameEvent(long connectionId, long nanosSinceStart, Direction direction, FrameHeader header,
        Frame frame, List<HeaderField> headers, int connectionSendWindow, int connectionReceiveWindow,
        int streamSendWindow, int streamReceiveWindow, StreamState streamStateAfter, HpackBlock hpack,
        byte[] padding) implements TraceEvent {

    public FrameEvent {
        headers = HeaderList.copyOf(headers);
        padding = allZero(padding) ? null : padding.clone();
    }

    /** An event whose padding, if any, is zeros. */
    public FrameEvent(long connectionId, long nanosSinceStart, Direction direction, FrameHeader header, Frame frame,
            List<HeaderField> headers, int connectionSendWindow, int connectionReceiveWindow, int streamSendWindow,
            int streamReceiveWindow, StreamState streamStateAfter, HpackBlock hpack) {
        this(connectionId, nanosSinceStart, direction, header, frame, headers, connectionSendWindow,
                connectionReceiveWindow, streamSendWindow, streamReceiveWindow, streamStateAfter, hpack, null);
    }

    /** An event without HPACK detail. */
    public FrameEvent(long connectionId, long nanosSinceStart, Direction direction, FrameHeader header, Frame frame,
            List<HeaderField> headers, int connectionSendWindow, int connectionReceiveWindow, int streamSendWindow,
            int streamReceiveWindow, StreamState streamStateAfter) {
        this(connectionId, nanosSinceStart, direction, header, frame, headers, connectionSendWindow,
                connectionReceiveWindow, streamSendWindow, streamReceiveWindow, streamStateAfter, null);
    }

    @Override
    public byte[] padding() {
        return padding == null ? null : padding.clone();
    }

    private static boolean allZero(byte[] octets) {
        if (octets != null) {
            for (byte b : octets) {
                if (b != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FrameEvent e && connectionId == e.connectionId && nanosSinceStart == e.nanosSinceStart
                && direction == e.direction && header.equals(e.header) && Objects.equals(frame, e.frame)
                && headers.equals(e.headers) && connectionSendWindow == e.connectionSendWindow
                && connectionReceiveWindow == e.connectionReceiveWindow && streamSendWindow == e.streamSendWindow
                && streamReceiveWindow == e.streamReceiveWindow && streamStateAfter == e.streamStateAfter
                && Objects.equals(hpack, e.hpack) && Arrays.equals(padding, e.padding);
    }

    @Override
    public int hashCode() {
        return Objects.hash(connectionId, nanosSinceStart, direction, header, frame, headers, connectionSendWindow,
                connectionReceiveWindow, streamSendWindow, streamReceiveWindow, streamStateAfter, hpack)
                * 31 + Arrays.hashCode(padding);
    }

    /** The same frame event with another frame (its content cut or redacted), fields and HPACK detail. */
    public FrameEvent withContent(Frame newFrame, List<HeaderField> newHeaders, HpackBlock newHpack) {
        return new FrameEvent(connectionId, nanosSinceStart, direction, header, newFrame, newHeaders,
                connectionSendWindow, connectionReceiveWindow, streamSendWindow, streamReceiveWindow, streamStateAfter,
                newHpack, padding);
    }

    /**
     * DATA octets the frame carried that its trace left out (a recording keeps DATA only when asked to,
     * docs/TRACING.md): the header's Length less what the frame holds; 0 for every other frame.
     */
    public int dataOmitted() {
        return frame instanceof DataFrame d ? Math.max(0, header.length() - d.payloadLength()) : 0;
    }

    /** The stream id of the frame's header. */
    @Override
    public int streamId() {
        return header.streamId();
    }
}
