package io.h2scope.engine.stream;

/**
 * One event that can change a stream's state, from our point of view. END_STREAM is a separate
 * input applied after the frame that bears it (RFC 9113 §5.1: "the END_STREAM flag is processed
 * as a separate event"), so HEADERS+END_STREAM is {@link #RECV_HEADERS} then {@link #RECV_END_STREAM}.
 *
 * <p>PUSH_PROMISE touches two streams: the stream that carries the frame (the associated stream,
 * {@link #SEND_PUSH_PROMISE}/{@link #RECV_PUSH_PROMISE}, which does not change state) and the
 * promised stream ({@link #SEND_PROMISED_ID}/{@link #RECV_PROMISED_ID}, idle to reserved). They
 * are separate inputs because the rules differ: PUSH_PROMISE <em>carried on</em> an idle stream
 * is a connection error, an idle stream being <em>promised</em> is the normal case.
 *
 * <p>CONTINUATION is not an input: it belongs to the field block of the HEADERS or PUSH_PROMISE
 * it follows. Frames of unknown types are not inputs either (§5.1: they "cannot be treated as
 * an error").
 */
public enum StreamInput {
    SEND_HEADERS,
    RECV_HEADERS,
    /** We send PUSH_PROMISE on this (associated) stream. */
    SEND_PUSH_PROMISE,
    /** We receive PUSH_PROMISE on this (associated) stream. */
    RECV_PUSH_PROMISE,
    /** This stream is the Promised Stream ID of a PUSH_PROMISE we send. */
    SEND_PROMISED_ID,
    /** This stream is the Promised Stream ID of a PUSH_PROMISE we receive. */
    RECV_PROMISED_ID,
    SEND_DATA,
    RECV_DATA,
    SEND_END_STREAM,
    RECV_END_STREAM,
    SEND_RST_STREAM,
    RECV_RST_STREAM,
    SEND_PRIORITY,
    RECV_PRIORITY,
    SEND_WINDOW_UPDATE,
    RECV_WINDOW_UPDATE;

    /** Whether this is something the peer did (as opposed to something we are about to do). */
    public boolean isReceive() {
        return name().startsWith("RECV_");
    }
}
