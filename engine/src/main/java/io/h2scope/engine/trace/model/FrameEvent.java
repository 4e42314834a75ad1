package io.h2scope.engine.trace.model;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.stream.StreamState;

import java.util.List;

/**
 * One frame read or written by a connection, published once to a trace sink, with the
 * state it left behind. Built only when a sink is enabled.
 *
 * @param connectionId             the connection's id from its configuration
 * @param nanosSinceStart          time since the connection was created (time passed in, never read)
 * @param direction                read or written
 * @param header                   the frame header as on the wire (reserved bit kept for inbound frames)
 * @param frame                    the decoded frame
 * @param headers                  the decoded field block, on the frame that completes a HEADERS or
 *                                 PUSH_PROMISE block (the frame itself or its last CONTINUATION); else empty
 * @param connectionSendWindow     what we may still send on the connection, after the frame
 * @param connectionReceiveWindow  what the peer may still send on the connection, after the frame
 * @param streamSendWindow         the stream's send window after the frame; -1 when no stream or not tracked
 * @param streamReceiveWindow      the stream's receive window after the frame; -1 when no stream or not tracked
 * @param streamStateAfter         the stream's state after the frame; null for stream 0
 * @param hpack                    how the completed field block was encoded, when the sink
 *                                 asked for it; else null
 */
public record FrameEvent(long connectionId, long nanosSinceStart, Direction direction, FrameHeader header,
        Frame frame, List<HeaderField> headers, int connectionSendWindow, int connectionReceiveWindow,
        int streamSendWindow, int streamReceiveWindow, StreamState streamStateAfter, HpackBlock hpack) implements TraceEvent {

    public FrameEvent {
        headers = HeaderList.copyOf(headers);
    }

    /** An event without HPACK detail. */
    public FrameEvent(long connectionId, long nanosSinceStart, Direction direction, FrameHeader header, Frame frame,
            List<HeaderField> headers, int connectionSendWindow, int connectionReceiveWindow, int streamSendWindow,
            int streamReceiveWindow, StreamState streamStateAfter) {
        this(connectionId, nanosSinceStart, direction, header, frame, headers, connectionSendWindow,
                connectionReceiveWindow, streamSendWindow, streamReceiveWindow, streamStateAfter, null);
    }

    /** The stream id of the frame's header. */
    @Override
    public int streamId() {
        return header.streamId();
    }
}
