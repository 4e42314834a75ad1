package io.h2scope.engine.stream;

/**
 * Why a stream is {@link StreamState#CLOSED}. RFC 9113 §5.1 treats late frames differently by
 * cause: after <em>we</em> sent RST_STREAM the peer may not know yet and "could receive any type
 * of frame", which we "MUST minimally process and then discard"; after END_STREAM both ways or
 * after the peer's own RST_STREAM, the peer knows the stream is closed, so only PRIORITY,
 * WINDOW_UPDATE and RST_STREAM are tolerated.
 */
public enum CloseCause {
    /** Both sides sent END_STREAM. */
    END_STREAM,
    /** We sent RST_STREAM (also a refused stream): late frames are discarded, not errors. */
    RESET_SENT,
    /** The peer sent RST_STREAM. */
    RESET_RECEIVED,
    /**
     * No cause remembered: an idle id skipped when a higher id opened (§5.1.1), or a stream
     * evicted from the registry's bounded recently-closed memory.
     */
    UNKNOWN;

    /** The cause an input gives to the stream it closes. */
    static CloseCause of(StreamInput input) {
        return switch (input) {
            case SEND_RST_STREAM -> RESET_SENT;
            case RECV_RST_STREAM -> RESET_RECEIVED;
            case SEND_END_STREAM, RECV_END_STREAM -> END_STREAM;
            default -> throw new IllegalArgumentException(input + " does not close a stream");
        };
    }
}
