package io.h2scope.engine.core;

/**
 * What the connection remembers about one live stream beyond its §5.1 state (which the
 * {@link io.h2scope.engine.stream.StreamRegistry} holds): where each direction's HTTP message is
 * (RFC 9113 §8.1 sequencing) and the body accounting.
 */
final class StreamRecord {

    final int id;
    /** The peer's final (non-1xx) header section has arrived (for a server: the request). */
    boolean finalHeadersReceived;
    /** Our final header section has been sent. */
    boolean finalHeadersSent;
    /** Content-length accounting of the body being received. */
    MessageRules.BodyCheck bodyCheck = MessageRules.BodyCheck.NONE;
    /** DATA octets received on this stream (request body size limit). */
    long bodyBytesReceived;
    /** The method of the request we sent (client), for "no body in a response to HEAD". */
    String requestMethod;
    /** A server's request body: when its request head arrived, or -1 when no body is coming (minimum rate). */
    long bodyStartedAt = -1;
    /** Time the body was held up by our own closed receive window, which does not count against the peer. */
    long bodyPausedNanos;
    /** The last time {@link ProgressDeadlines} looked at this body. */
    long bodyCheckedAt;

    StreamRecord(int id) {
        this.id = id;
    }
}
