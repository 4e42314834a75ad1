package io.h2scope.engine.frame;

import java.util.Arrays;

/**
 * PUSH_PROMISE (RFC 9113 §6.6):
 * <pre>
 * PUSH_PROMISE Frame {
 *   Length (24), Type (8) = 0x05,
 *   Unused Flags (4), PADDED Flag (1), END_HEADERS Flag (1), Unused Flags (2),
 *   Reserved (1), Stream Identifier (31),
 *   [Pad Length (8)], Reserved (1), Promised Stream ID (31),
 *   Field Block Fragment (..), Padding (..2040),
 * }
 * </pre>
 *
 * @param streamId         the associated stream
 * @param flags            raw flags; PADDED must agree with {@code padLength}
 * @param promisedStreamId the 31-bit promised stream id (reserved bit removed)
 * @param fragment         the field block fragment (immutable by convention)
 * @param padLength        the Pad Length field, or -1 when PADDED is clear
 */
public record PushPromiseFrame(int streamId, int flags, int promisedStreamId, byte[] fragment, int padLength)
        implements Frame {

    /** Bytes of the Reserved bit and Promised Stream ID. */
    public static final int PROMISED_ID_LENGTH = 4;

    public PushPromiseFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.checkStreamId("promised stream id", promisedStreamId);
        Args.notNull("fragment", fragment);
        Args.checkPadding(flags, padLength);
    }

    public static PushPromiseFrame of(int streamId, int promisedStreamId, byte[] fragment, boolean endHeaders) {
        return new PushPromiseFrame(streamId, endHeaders ? Flags.END_HEADERS : 0, promisedStreamId, fragment, -1);
    }

    public static PushPromiseFrame padded(int streamId, int promisedStreamId, byte[] fragment, boolean endHeaders,
            int padLength) {
        int flags = (endHeaders ? Flags.END_HEADERS : 0) | Flags.PADDED;
        return new PushPromiseFrame(streamId, flags, promisedStreamId, fragment, padLength);
    }

    public boolean endHeaders() {
        return hasFlag(Flags.END_HEADERS);
    }

    public boolean padded() {
        return padLength >= 0;
    }

    @Override
    public int typeCode() {
        return FrameType.PUSH_PROMISE.code();
    }

    @Override
    public int payloadLength() {
        return PROMISED_ID_LENGTH + fragment.length + Args.paddingBytes(padLength);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PushPromiseFrame that && streamId == that.streamId && flags == that.flags
                && promisedStreamId == that.promisedStreamId && padLength == that.padLength
                && Arrays.equals(fragment, that.fragment);
    }

    @Override
    public int hashCode() {
        return ((streamId * 31 + flags) * 31 + promisedStreamId) * 31 + Arrays.hashCode(fragment);
    }

    @Override
    public String toString() {
        return "PUSH_PROMISE[stream=" + streamId + ", flags=" + Flags.describe(typeCode(), flags)
                + ", promised=" + promisedStreamId + (padded() ? ", padLength=" + padLength : "")
                + ", fragment=" + Args.preview(fragment) + "]";
    }
}
