package io.h2scope.engine.frame;

import io.h2scope.engine.error.ErrorCode;

/**
 * RST_STREAM (RFC 9113 §6.4):
 * <pre>
 * RST_STREAM Frame {
 *   Length (24) = 0x04, Type (8) = 0x03, Unused Flags (8),
 *   Reserved (1), Stream Identifier (31),
 *   Error Code (32),
 * }
 * </pre>
 *
 * @param streamId  the stream
 * @param flags     raw flags (RST_STREAM defines none)
 * @param errorCode the raw 32-bit error code; RFC9113 §7: unknown codes "MUST NOT trigger any special behavior"
 */
public record RstStreamFrame(int streamId, int flags, int errorCode) implements Frame {

    public static final int LENGTH = 4;

    public RstStreamFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
    }

    public static RstStreamFrame of(int streamId, ErrorCode code) {
        return new RstStreamFrame(streamId, 0, code.code());
    }

    public static RstStreamFrame of(int streamId, int rawErrorCode) {
        return new RstStreamFrame(streamId, 0, rawErrorCode);
    }

    /** {@code CANCEL}, or hex for an unknown code. */
    public String errorName() {
        return ErrorCode.nameOf(errorCode & 0xffffffffL);
    }

    @Override
    public int typeCode() {
        return FrameType.RST_STREAM.code();
    }

    @Override
    public int payloadLength() {
        return LENGTH;
    }
}
