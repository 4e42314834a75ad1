package io.h2scope.engine.server;

import java.io.IOException;

/** A request body or a response write that cannot complete because the stream or connection ended. */
public final class StreamClosedException extends IOException {

    private final int streamId;
    private final long errorCode;

    public StreamClosedException(int streamId, long errorCode, String message) {
        super(message);
        this.streamId = streamId;
        this.errorCode = errorCode;
    }

    public int streamId() {
        return streamId;
    }

    /** The RST_STREAM or GOAWAY code that ended it (raw 32-bit value), or -1 when none applies. */
    public long errorCode() {
        return errorCode;
    }
}
