package io.h2scope.engine.transport;

import java.io.IOException;

/** The peer did not read fast enough: queued output passed the transport's hard limit. */
public final class PendingWriteLimitException extends IOException {

    private static final long serialVersionUID = 1L;

    public PendingWriteLimitException(long pending, long limit) {
        super("pending output " + pending + " bytes exceeds maxPendingWriteBytes " + limit
                + ": the peer is not reading");
    }
}
