package io.h2scope.engine.frame;

/**
 * One HTTP/2 frame (RFC 9113 §4.1, §6), decoded or about to be encoded.
 *
 * <p>Every frame keeps its flags raw, exactly as received or to be sent, including bits its type
 * does not define (RFC9113 §4.1: unused flags "MUST be ignored on receipt"; the inspector still
 * shows them). Named accessors such as {@code endStream()} read those bits.
 *
 * <p>Payload bytes are {@code byte[]} and are never copied on the way in or out: a frame's arrays
 * are <b>immutable by convention</b>. Whoever builds a frame hands over the array and must not
 * change it afterwards; whoever receives one must not write into it.
 *
 * <p>The records check what they need to be encodable (field ranges; PADDED agrees with the pad
 * length; PRIORITY agrees with the priority fields). They do not check RFC rules such as "DATA
 * needs a stream": that is {@code frame.check.FrameValidator}'s job, and the conformance suite
 * needs to build frames that break those rules.
 */
public sealed interface Frame permits DataFrame, HeadersFrame, PriorityFrame, RstStreamFrame, SettingsFrame,
        PushPromiseFrame, PingFrame, GoAwayFrame, WindowUpdateFrame, ContinuationFrame, UnknownFrame {

    /** The 31-bit stream identifier; 0 for frames about the whole connection. */
    int streamId();

    /** The raw 8-bit flags. */
    int flags();

    /** The 8-bit type code on the wire. */
    int typeCode();

    /** The Length field: the payload length on the wire, Pad Length and padding included. */
    int payloadLength();

    /** The defined type, or {@code null} for an {@link UnknownFrame}. */
    default FrameType type() {
        return FrameType.fromCode(typeCode());
    }

    default boolean hasFlag(int flag) {
        return (flags() & flag) != 0;
    }
}
