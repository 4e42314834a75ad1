package io.h2scope.engine.frame;

/**
 * WINDOW_UPDATE (RFC 9113 §6.9), on a stream or on stream 0 for the connection:
 * <pre>
 * WINDOW_UPDATE Frame {
 *   Length (24) = 0x04, Type (8) = 0x08, Unused Flags (8),
 *   Reserved (1), Stream Identifier (31),
 *   Reserved (1), Window Size Increment (31),
 * }
 * </pre>
 * An increment of 0 is representable (it is what a broken peer sends, and what the conformance
 * suite sends); RFC9113 §6.9 makes receiving it an error, which the connection core reports.
 *
 * @param streamId  the stream, or 0 for the connection window
 * @param flags     raw flags (WINDOW_UPDATE defines none)
 * @param increment the 31-bit increment, 0..2^31-1 (reserved bit removed)
 */
public record WindowUpdateFrame(int streamId, int flags, int increment) implements Frame {

    public static final int LENGTH = 4;

    public WindowUpdateFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.checkStreamId("window size increment", increment);
    }

    public static WindowUpdateFrame of(int streamId, int increment) {
        return new WindowUpdateFrame(streamId, 0, increment);
    }

    @Override
    public int typeCode() {
        return FrameType.WINDOW_UPDATE.code();
    }

    @Override
    public int payloadLength() {
        return LENGTH;
    }
}
