package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.frame.GoAwayFrame;

/**
 * Where received frames touch the life of the connection itself rather than of one stream: it opens
 * with the peer's first SETTINGS, winds down on GOAWAY, and may end when a stream's END_STREAM closes
 * its last stream. {@link InboundFrames} calls it; {@link Http2Connection} implements it privately.
 */
interface ConnectionLifecycle {

    boolean isClosed();

    /**
     * The peer's first frame after its preface is here.
     *
     * @throws io.h2scope.engine.error.ConnectionError unless it is a SETTINGS without ACK (RFC 9113 §3.4)
     */
    void firstFrame(int typeCode, boolean ack);

    /** The peer's GOAWAY (RFC 9113 §6.8): our streams above its last id are refused, no new ones open. */
    void goAwayReceived(GoAwayFrame frame);

    /**
     * A received END_STREAM: RFC 9113 §5.1 moves the stream first, then the application hears of the frame
     * (so what it sends in answer sees the new state); a close the move allows waits until it has.
     */
    void endStreamThenEmit(int streamId, Event event);
}
