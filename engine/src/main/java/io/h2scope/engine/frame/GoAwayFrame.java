package io.h2scope.engine.frame;

import io.h2scope.engine.error.ErrorCode;
import java.util.Arrays;

/**
 * GOAWAY (RFC 9113 §6.8), always on stream 0:
 * <pre>
 * GOAWAY Frame {
 *   Length (24), Type (8) = 0x07, Unused Flags (8),
 *   Reserved (1), Stream Identifier (31) = 0,
 *   Reserved (1), Last-Stream-ID (31),
 *   Error Code (32),
 *   Additional Debug Data (..),
 * }
 * </pre>
 *
 * @param flags        raw flags (GOAWAY defines none)
 * @param lastStreamId the 31-bit last stream id (reserved bit removed)
 * @param errorCode    the raw 32-bit error code
 * @param debugData    opaque debug data, possibly empty (immutable by convention)
 */
public record GoAwayFrame(int flags, int lastStreamId, int errorCode, byte[] debugData) implements Frame {

    /** Bytes of Last-Stream-ID and Error Code, the mandatory part of the payload. */
    public static final int MIN_LENGTH = 8;

    private static final byte[] NO_DATA = {};

    public GoAwayFrame {
        Args.checkByte("flags", flags);
        Args.checkStreamId("last stream id", lastStreamId);
        Args.notNull("debug data", debugData);
    }

    public static GoAwayFrame of(int lastStreamId, ErrorCode code) {
        return new GoAwayFrame(0, lastStreamId, code.code(), NO_DATA);
    }

    public static GoAwayFrame of(int lastStreamId, ErrorCode code, byte[] debugData) {
        return new GoAwayFrame(0, lastStreamId, code.code(), debugData);
    }

    public static GoAwayFrame of(int lastStreamId, int rawErrorCode, byte[] debugData) {
        return new GoAwayFrame(0, lastStreamId, rawErrorCode, debugData);
    }

    /** {@code PROTOCOL_ERROR}, or hex for an unknown code. */
    public String errorName() {
        return ErrorCode.nameOf(errorCode & 0xffffffffL);
    }

    @Override
    public int streamId() {
        return 0;
    }

    @Override
    public int typeCode() {
        return FrameType.GOAWAY.code();
    }

    @Override
    public int payloadLength() {
        return MIN_LENGTH + debugData.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GoAwayFrame that && flags == that.flags && lastStreamId == that.lastStreamId
                && errorCode == that.errorCode && Arrays.equals(debugData, that.debugData);
    }

    @Override
    public int hashCode() {
        return (lastStreamId * 31 + errorCode) * 31 + Arrays.hashCode(debugData);
    }

    @Override
    public String toString() {
        return "GOAWAY[flags=" + Flags.describe(typeCode(), flags) + ", lastStreamId=" + lastStreamId
                + ", error=" + errorName() + ", debugData=" + Args.preview(debugData) + "]";
    }
}
