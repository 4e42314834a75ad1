package io.h2scope.engine.frame;

import java.util.Arrays;

/**
 * DATA (RFC 9113 §6.1):
 * <pre>
 * DATA Frame {
 *   Length (24), Type (8) = 0x00,
 *   Unused Flags (4), PADDED Flag (1), Unused Flags (2), END_STREAM Flag (1),
 *   Reserved (1), Stream Identifier (31),
 *   [Pad Length (8)], Data (..), Padding (..2040),
 * }
 * </pre>
 *
 * @param streamId  the stream
 * @param flags     raw flags; PADDED must agree with {@code padLength}
 * @param data      the application data, without padding (immutable by convention)
 * @param padLength the Pad Length field, or -1 when PADDED is clear
 */
public record DataFrame(int streamId, int flags, byte[] data, int padLength) implements Frame {

    public DataFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.notNull("data", data);
        Args.checkPadding(flags, padLength);
    }

    public static DataFrame of(int streamId, byte[] data, boolean endStream) {
        return new DataFrame(streamId, endStream ? Flags.END_STREAM : 0, data, -1);
    }

    /** A padded frame: the padding is {@code padLength} zero octets (RFC9113 §6.1: "MUST be set to zero when sending"). */
    public static DataFrame padded(int streamId, byte[] data, boolean endStream, int padLength) {
        return new DataFrame(streamId, (endStream ? Flags.END_STREAM : 0) | Flags.PADDED, data, padLength);
    }

    public boolean endStream() {
        return hasFlag(Flags.END_STREAM);
    }

    public boolean padded() {
        return padLength >= 0;
    }

    @Override
    public int typeCode() {
        return FrameType.DATA.code();
    }

    /** RFC9113 §6.1: the whole payload, Pad Length and padding included, counts toward flow control. */
    @Override
    public int payloadLength() {
        return data.length + Args.paddingBytes(padLength);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DataFrame that && streamId == that.streamId && flags == that.flags
                && padLength == that.padLength && Arrays.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return (streamId * 31 + flags) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "DATA[stream=" + streamId + ", flags=" + Flags.describe(typeCode(), flags)
                + (padded() ? ", padLength=" + padLength : "") + ", data=" + Args.preview(data) + "]";
    }
}
