package io.h2scope.engine.frame;

/**
 * PRIORITY (RFC 9113 §6.3), deprecated by §5.3.2 but still parsed and sent:
 * <pre>
 * PRIORITY Frame {
 *   Length (24) = 0x05, Type (8) = 0x02, Unused Flags (8),
 *   Reserved (1), Stream Identifier (31),
 *   Exclusive (1), Stream Dependency (31), Weight (8),
 * }
 * </pre>
 *
 * @param streamId the stream
 * @param flags    raw flags (PRIORITY defines none)
 * @param priority the priority fields
 */
public record PriorityFrame(int streamId, int flags, Priority priority) implements Frame {

    public static final int LENGTH = 5;

    public PriorityFrame {
        Args.checkStreamId("stream id", streamId);
        Args.checkByte("flags", flags);
        Args.notNull("priority", priority);
    }

    public static PriorityFrame of(int streamId, Priority priority) {
        return new PriorityFrame(streamId, 0, priority);
    }

    @Override
    public int typeCode() {
        return FrameType.PRIORITY.code();
    }

    @Override
    public int payloadLength() {
        return LENGTH;
    }
}
