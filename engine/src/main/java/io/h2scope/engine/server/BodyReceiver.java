package io.h2scope.engine.server;

import io.h2scope.engine.hpack.HeaderField;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Receives a request body as it arrives, in order, on the exchange's application executor (one
 * callback at a time). Flow-control credit for a chunk goes back to the client when
 * {@link #onData} returns: a slow receiver slows the client down, it does not make the server buffer.
 */
public interface BodyReceiver {

    /** Body bytes; the buffer is the receiver's to keep. */
    void onData(ByteBuffer chunk);

    /** Request trailers (RFC 9113 §8.1), just before {@link #onEnd}. */
    default void onTrailers(List<HeaderField> trailers) {
    }

    /** The body is complete. */
    void onEnd();

    /** The body will not complete: the stream was reset, timed out, or the connection closed. */
    void onError(Throwable error);
}
