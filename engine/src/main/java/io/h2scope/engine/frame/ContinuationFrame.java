package io.h2scope.engine.frame;

import java.util.Arrays;

/**
 * CONTINUATION (RFC 9113 §6.10):
 * <pre>
 * CONTINUATION Frame {
 *   Length (24), Type (8) = 0x09,
 *   Unused Flags (5), END_HEADERS Flag (1), Unused Flags (2),
 *   Reserved (1), Stream Identifier (31),
 *   Field Block Fragment (..),
 * }
 * </pre>
 *
 * @param streamId the stream
 * @param flags    raw flags
 * @param fragment the field block fragment (immutable by convention)
 */
public record ContinuationFrame(int streamId, int flags, byte[] fragment) implements Frame {

    public ContinuationFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.notNull("fragment", fragment);
    }

    public static ContinuationFrame of(int streamId, byte[] fragment, boolean endHeaders) {
        return new ContinuationFrame(streamId, endHeaders ? Flags.END_HEADERS : 0, fragment);
    }

    public boolean endHeaders() {
        return hasFlag(Flags.END_HEADERS);
    }

    @Override
    public int typeCode() {
        return FrameType.CONTINUATION.code();
    }

    @Override
    public int payloadLength() {
        return fragment.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ContinuationFrame that && streamId == that.streamId && flags == that.flags
                && Arrays.equals(fragment, that.fragment);
    }

    @Override
    public int hashCode() {
        return (streamId * 31 + flags) * 31 + Arrays.hashCode(fragment);
    }

    @Override
    public String toString() {
        return "CONTINUATION[stream=" + streamId + ", flags=" + Flags.describe(typeCode(), flags)
                + ", fragment=" + Args.preview(fragment) + "]";
    }
}
