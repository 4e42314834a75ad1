package io.h2scope.engine.frame;

import java.util.Arrays;

/**
 * A frame of a type RFC 9113 does not define (an extension, RFC 9113 §5.5). The reader keeps it
 * whole so the inspector can show it; RFC9113 §4.1: the connection core "MUST ignore and
 * discard frames of unknown types" (except inside a field block, §5.5).
 *
 * @param typeCode an undefined type code, 0x0a..0xff
 * @param flags    raw flags
 * @param streamId the stream id, 0 allowed
 * @param payload  the payload (immutable by convention)
 */
public record UnknownFrame(int typeCode, int flags, int streamId, byte[] payload) implements Frame {

    public UnknownFrame {
        Args.checkByte("type", typeCode);
        if (FrameType.fromCode(typeCode) != null) {
            throw new IllegalArgumentException("type " + FrameType.nameOf(typeCode)
                    + " is defined; build its own frame record (or use RawFrameWriter)");
        }
        Args.checkByte("flags", flags);
        Args.checkStreamId("stream id", streamId);
        Args.notNull("payload", payload);
    }

    @Override
    public int payloadLength() {
        return payload.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UnknownFrame that && typeCode == that.typeCode && flags == that.flags
                && streamId == that.streamId && Arrays.equals(payload, that.payload);
    }

    @Override
    public int hashCode() {
        return ((typeCode * 31 + flags) * 31 + streamId) * 31 + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "UNKNOWN[type=" + FrameType.nameOf(typeCode) + ", flags=" + Flags.describe(typeCode, flags)
                + ", stream=" + streamId + ", payload=" + Args.preview(payload) + "]";
    }
}
