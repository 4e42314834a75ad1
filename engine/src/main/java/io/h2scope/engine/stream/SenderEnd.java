package io.h2scope.engine.stream;

/**
 * How the sender of a frame had ended its side of the frame's stream before sending it (RFC 9113 §5.1), as the
 * registry of one endpoint knows it: what a frame that follows may still be. After END_STREAM the sender's side is
 * closed and "cannot be used for sending frames other than WINDOW_UPDATE, PRIORITY, and RST_STREAM"; after its own
 * RST_STREAM it "MUST NOT send frames other than PRIORITY on a closed stream".
 */
public enum SenderEnd {
    /** The sender has not ended the stream, or the registry cannot tell (stream 0, a stream the other side reset, one forgotten). */
    NOT_ENDED,
    /** The sender sent END_STREAM on it. */
    END_STREAM,
    /** The sender reset it. */
    RST_STREAM
}
