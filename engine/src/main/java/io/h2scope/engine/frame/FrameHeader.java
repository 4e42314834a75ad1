package io.h2scope.engine.frame;

/**
 * The 9-octet frame header exactly as received (RFC 9113 §4.1):
 * <pre>
 * HTTP Frame {
 *   Length (24),
 *   Type (8),
 *   Flags (8),
 *   Reserved (1),
 *   Stream Identifier (31),
 *   Frame Payload (..),
 * }
 * </pre>
 * The reserved bit is kept so the inspector can show a peer that sets it;
 * RFC9113 §4.1: it "MUST be ignored when receiving", so {@link #streamId()} never includes it.
 *
 * @param length      the Length field, 0..2^24-1 (the payload length; the header is not counted)
 * @param typeCode    the Type field, 0..255; see {@link FrameType#fromCode(int)}
 * @param flags       the Flags field, 0..255, including bits the type does not define
 * @param streamId    the 31-bit stream identifier, reserved bit removed
 * @param reservedBit whether the reserved bit was set on the wire
 */
public record FrameHeader(int length, int typeCode, int flags, int streamId, boolean reservedBit) {

    public FrameHeader {
        if (length < 0 || length > FrameSizes.MAX_FRAME_SIZE_LIMIT) {
            throw new IllegalArgumentException("length must be 0.." + FrameSizes.MAX_FRAME_SIZE_LIMIT + ", got " + length);
        }
        Args.checkByte("type", typeCode);
        Args.checkByte("flags", flags);
        Args.checkStreamId("stream id", streamId);
    }

    /** The header of a frame built in memory, as the normal writer will send it (reserved bit clear). */
    public static FrameHeader of(Frame frame) {
        return new FrameHeader(frame.payloadLength(), frame.typeCode(), frame.flags(), frame.streamId(), false);
    }

    /** The defined type, or {@code null} for an unknown (extension) type. */
    public FrameType type() {
        return FrameType.fromCode(typeCode);
    }

    public boolean hasFlag(int flag) {
        return (flags & flag) != 0;
    }

    @Override
    public String toString() {
        return FrameType.nameOf(typeCode) + " length=" + length + " flags=" + Flags.describe(typeCode, flags)
                + " stream=" + streamId + (reservedBit ? " reserved-bit" : "");
    }
}
