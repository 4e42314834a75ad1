package io.h2scope.engine.client;

import io.h2scope.engine.error.ErrorCode;

import java.io.IOException;

/**
 * The stream of a request ended with RST_STREAM (from the server, or ours after a stream error, whose rule the
 * message names), or was cut off by the server's GOAWAY before it was processed ({@link #notProcessed}).
 */
public final class StreamResetException extends IOException {

    private final int streamId;
    private final long errorCode;
    private final boolean byPeer;

    public StreamResetException(int streamId, long errorCode, boolean byPeer, String detail) {
        this("stream " + streamId + " reset " + (byPeer ? "by the server" : "by the client") + " with "
                + ErrorCode.nameOf(errorCode) + (detail == null || detail.isEmpty() ? "" : ": " + detail),
                streamId, errorCode, byPeer);
    }

    private StreamResetException(String message, int streamId, long errorCode, boolean byPeer) {
        super(message);
        this.streamId = streamId;
        this.errorCode = errorCode;
        this.byPeer = byPeer;
    }

    /**
     * A stream above the last stream id of the server's GOAWAY: no RST_STREAM came, the GOAWAY says it was not
     * processed (RFC 9113 §6.8). {@link #errorCode} is REFUSED_STREAM, what §8.7 makes of it (safe to retry);
     * the message names the GOAWAY ({@code goAway}: its code, last stream id and debug data).
     */
    static StreamResetException notProcessed(int streamId, String goAway) {
        return new StreamResetException("stream " + streamId + " was not processed: it is above the last stream id of "
                + goAway + " (RFC 9113 §6.8)", streamId, ErrorCode.REFUSED_STREAM.code(), true);
    }

    public int streamId() {
        return streamId;
    }

    /** The raw 32-bit error code; {@link ErrorCode#fromCode} names it. */
    public long errorCode() {
        return errorCode;
    }

    public boolean byPeer() {
        return byPeer;
    }
}
