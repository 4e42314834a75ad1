package io.h2scope.engine.client;

import io.h2scope.engine.error.ErrorCode;

import java.io.IOException;

/** The stream of a request ended with RST_STREAM (from the server, or ours after a stream error). */
public final class StreamResetException extends IOException {

    private final int streamId;
    private final long errorCode;
    private final boolean byPeer;

    public StreamResetException(int streamId, long errorCode, boolean byPeer, String detail) {
        super("stream " + streamId + " reset " + (byPeer ? "by the server" : "by the client") + " with "
                + ErrorCode.nameOf(errorCode) + (detail == null || detail.isEmpty() ? "" : ": " + detail));
        this.streamId = streamId;
        this.errorCode = errorCode;
        this.byPeer = byPeer;
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
