package io.h2scope.engine.frame.codec;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;

/**
 * Writes exactly what it is told, for the conformance suite's raw peer: any Length field (it may
 * disagree with the payload), any type code, any flags, any stream id with or without the
 * reserved bit, any payload. Nothing here checks an RFC rule.
 *
 * <p><b>Lengths above 2^24-1.</b> The Length field is 24 bits, so no header can announce more
 * than 16,777,215 octets: a {@code lengthField} outside 0..2^24-1 is an
 * {@link IllegalArgumentException}, never silently truncated. To put more bytes on the wire than
 * the header announces, write the header with any length and a longer payload: the receiver reads
 * the surplus as the start of the next frame, which is exactly what such a test wants to provoke.
 */
public final class RawFrameWriter {

    private RawFrameWriter() {
    }

    /** A bare 9-octet frame header. */
    public static void writeHeader(FrameOutput out, int lengthField, int typeCode, int flags, int streamId,
            boolean reservedBit) {
        if (lengthField < 0 || lengthField > FrameSizes.MAX_FRAME_SIZE_LIMIT) {
            throw new IllegalArgumentException("the Length field is 24 bits (0.." + FrameSizes.MAX_FRAME_SIZE_LIMIT
                    + "), got " + lengthField + "; announce less and append the payload to send more");
        }
        checkByte("type", typeCode);
        checkByte("flags", flags);
        if (streamId < 0) {
            throw new IllegalArgumentException("stream id must be 31-bit (use reservedBit for the top bit), got "
                    + Integer.toUnsignedString(streamId));
        }
        out.writeMedium(lengthField);
        out.writeByte(typeCode);
        out.writeByte(flags);
        out.writeInt(reservedBit ? streamId | FrameSizes.RESERVED_BIT : streamId);
    }

    /** A frame whose Length field is the payload's length (at most 2^24-1). */
    public static void writeFrame(FrameOutput out, int typeCode, int flags, int streamId, byte[] payload) {
        writeFrame(out, payload.length, typeCode, flags, streamId, false, payload);
    }

    /** A frame with a Length field of the caller's choosing followed by the whole payload, whatever its size. */
    public static void writeFrame(FrameOutput out, int lengthField, int typeCode, int flags, int streamId,
            boolean reservedBit, byte[] payload) {
        writeHeader(out, lengthField, typeCode, flags, streamId, reservedBit);
        out.write(payload);
    }

    /**
     * A frame built from a record's payload under a header of the caller's choosing: the same
     * frame on another stream, with other flags, or with the reserved bit (PING on stream 1, a
     * SETTINGS ACK with settings). No max-size check.
     */
    public static void writeFrameAs(FrameOutput out, Frame frame, int flags, int streamId, boolean reservedBit) {
        byte[] payload = FrameWriter.payloadOf(frame);
        writeFrame(out, payload.length, frame.typeCode(), flags, streamId, reservedBit, payload);
    }

    /** Bytes as given, e.g. a payload after {@link #writeHeader}, or half a frame. */
    public static void writeBytes(FrameOutput out, byte[] bytes) {
        out.write(bytes);
    }

    /** Convenience: {@link #writeFrame(FrameOutput, int, int, int, int, boolean, byte[])} as a byte array. */
    public static byte[] frame(int lengthField, int typeCode, int flags, int streamId, boolean reservedBit,
            byte[] payload) {
        FrameOutput out = new FrameOutput(FrameSizes.HEADER_LENGTH + payload.length);
        writeFrame(out, lengthField, typeCode, flags, streamId, reservedBit, payload);
        return out.toByteArray();
    }

    /** Convenience: a frame with a truthful Length field, as a byte array. */
    public static byte[] frame(int typeCode, int flags, int streamId, byte[] payload) {
        return frame(payload.length, typeCode, flags, streamId, false, payload);
    }

    /** Convenience: a bare header as a byte array. */
    public static byte[] header(int lengthField, int typeCode, int flags, int streamId, boolean reservedBit) {
        FrameOutput out = new FrameOutput(FrameSizes.HEADER_LENGTH);
        writeHeader(out, lengthField, typeCode, flags, streamId, reservedBit);
        return out.toByteArray();
    }

    private static void checkByte(String what, int value) {
        if (value < 0 || value > 0xff) {
            throw new IllegalArgumentException(what + " must be 0..255, got " + value);
        }
    }
}
