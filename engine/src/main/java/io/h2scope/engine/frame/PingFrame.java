package io.h2scope.engine.frame;

/**
 * PING (RFC 9113 §6.7), always on stream 0:
 * <pre>
 * PING Frame {
 *   Length (24) = 0x08, Type (8) = 0x06,
 *   Unused Flags (7), ACK Flag (1),
 *   Reserved (1), Stream Identifier (31) = 0,
 *   Opaque Data (64),
 * }
 * </pre>
 *
 * @param flags      raw flags
 * @param opaqueData the 8 opaque octets, big-endian
 */
public record PingFrame(int flags, long opaqueData) implements Frame {

    public static final int LENGTH = 8;

    public PingFrame {
        Args.checkByte("flags", flags);
    }

    public static PingFrame of(long opaqueData) {
        return new PingFrame(0, opaqueData);
    }

    /** RFC9113 §6.7: the response carries ACK and "an identical frame payload". */
    public static PingFrame ackOf(long opaqueData) {
        return new PingFrame(Flags.ACK, opaqueData);
    }

    public boolean ack() {
        return hasFlag(Flags.ACK);
    }

    @Override
    public int streamId() {
        return 0;
    }

    @Override
    public int typeCode() {
        return FrameType.PING.code();
    }

    @Override
    public int payloadLength() {
        return LENGTH;
    }

    @Override
    public String toString() {
        return "PING[flags=" + Flags.describe(typeCode(), flags) + ", opaqueData=0x" + Long.toHexString(opaqueData) + "]";
    }
}
