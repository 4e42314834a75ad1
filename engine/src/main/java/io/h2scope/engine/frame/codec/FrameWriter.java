package io.h2scope.engine.frame.codec;

import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.UnknownFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.List;

/**
 * Encodes frames into a {@link FrameOutput}, honouring the peer's SETTINGS_MAX_FRAME_SIZE.
 * It writes the frame as the record describes it, raw flags included, and never sets a reserved
 * bit (RFC9113 §4.1: it "MUST remain unset (0x00) when sending"). Padding is written as zeros
 * (RFC9113 §6.1: "Padding octets MUST be set to zero when sending"). Besides what the output
 * needs to grow, writing allocates nothing.
 *
 * <p>Use {@link RawFrameWriter} to send what the RFC forbids.
 */
public final class FrameWriter {

    private int maxFrameSize = FrameSizes.DEFAULT_MAX_FRAME_SIZE;

    /** A writer for a peer that has not (yet) raised SETTINGS_MAX_FRAME_SIZE from 2^14. */
    public FrameWriter() {
    }

    public FrameWriter(int maxFrameSize) {
        setMaxFrameSize(maxFrameSize);
    }

    /** The peer's SETTINGS_MAX_FRAME_SIZE (RFC9113 §4.2: 2^14..2^24-1). */
    public void setMaxFrameSize(int maxFrameSize) {
        if (!FrameSizes.isValidMaxFrameSize(maxFrameSize)) {
            throw new IllegalArgumentException("max frame size must be " + FrameSizes.DEFAULT_MAX_FRAME_SIZE + ".."
                    + FrameSizes.MAX_FRAME_SIZE_LIMIT + " (RFC 9113 §4.2), got " + maxFrameSize);
        }
        this.maxFrameSize = maxFrameSize;
    }

    public int maxFrameSize() {
        return maxFrameSize;
    }

    /**
     * Writes one frame.
     *
     * @throws IllegalArgumentException if its payload exceeds the peer's max frame size; nothing is written
     */
    public void write(Frame frame, FrameOutput out) {
        int length = frame.payloadLength();
        // RFC9113 §4.2: "Values greater than 2^14 MUST NOT be sent unless the receiver has set a larger value"
        if (length > maxFrameSize) {
            throw new IllegalArgumentException(FrameType.nameOf(frame.typeCode()) + " payload of " + length
                    + " octets exceeds the peer's SETTINGS_MAX_FRAME_SIZE of " + maxFrameSize);
        }
        writeHeader(out, length, frame.typeCode(), frame.flags(), frame.streamId());
        writePayload(frame, out);
    }

    /**
     * Writes a field block as HEADERS followed by as many CONTINUATION frames as the max frame size
     * needs (RFC9113 §4.3: "transmitted as a contiguous sequence of frames"). END_STREAM goes on the
     * HEADERS frame, END_HEADERS on the last frame. {@code priority} may be null.
     */
    public void writeHeaderBlock(int streamId, byte[] block, boolean endStream, Priority priority, FrameOutput out) {
        writeHeaderBlock(streamId, block, block.length, endStream, priority, out);
    }

    /** {@link #writeHeaderBlock(int, byte[], boolean, Priority, FrameOutput)} for the first {@code length} bytes of {@code block}. */
    public void writeHeaderBlock(int streamId, byte[] block, int length, boolean endStream, Priority priority,
            FrameOutput out) {
        if (length < 0 || length > block.length) {
            throw new IndexOutOfBoundsException("length " + length + " outside " + block.length);
        }
        int priorityLength = priority != null ? HeadersFrame.PRIORITY_FIELDS_LENGTH : 0;
        int first = Math.min(length, maxFrameSize - priorityLength);
        int flags = (endStream ? Flags.END_STREAM : 0) | (priority != null ? Flags.PRIORITY : 0)
                | (first == length ? Flags.END_HEADERS : 0);
        writeHeader(out, priorityLength + first, FrameType.HEADERS.code(), flags, streamId);
        if (priority != null) {
            writePriority(priority, out);
        }
        out.write(block, 0, first);
        writeContinuations(streamId, block, first, length, out);
    }

    /** Writes PUSH_PROMISE followed by CONTINUATION frames as needed, like {@link #writeHeaderBlock}. */
    public void writePushPromise(int streamId, int promisedStreamId, byte[] block, FrameOutput out) {
        int first = Math.min(block.length, maxFrameSize - PushPromiseFrame.PROMISED_ID_LENGTH);
        int flags = first == block.length ? Flags.END_HEADERS : 0;
        writeHeader(out, PushPromiseFrame.PROMISED_ID_LENGTH + first, FrameType.PUSH_PROMISE.code(), flags, streamId);
        out.writeInt(checkStreamId(promisedStreamId));
        out.write(block, 0, first);
        writeContinuations(streamId, block, first, block.length, out);
    }

    /**
     * Writes {@code length} bytes of data as DATA frames of at most the max frame size, END_STREAM
     * on the last one when asked. An empty range gives one empty DATA frame (how END_STREAM is sent
     * without data). Flow control is the caller's business.
     */
    public void writeData(int streamId, byte[] data, int offset, int length, boolean endStream, FrameOutput out) {
        if (offset < 0 || length < 0 || offset > data.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + " outside " + data.length);
        }
        int end = offset + length;
        int position = offset;
        do {
            int chunk = Math.min(end - position, maxFrameSize);
            boolean last = position + chunk == end;
            writeHeader(out, chunk, FrameType.DATA.code(), last && endStream ? Flags.END_STREAM : 0, streamId);
            out.write(data, position, chunk);
            position += chunk;
        } while (position < end);
    }

    /** The exact wire bytes of a frame, header included, without a max-size check (tests, raw peers). */
    public static byte[] encode(Frame frame) {
        FrameOutput out = new FrameOutput(FrameSizes.HEADER_LENGTH + frame.payloadLength());
        writeHeader(out, frame.payloadLength(), frame.typeCode(), frame.flags(), frame.streamId());
        writePayload(frame, out);
        return out.finish();
    }

    /** The payload bytes of a frame alone, to put under a hand-made header with {@link RawFrameWriter}. */
    public static byte[] payloadOf(Frame frame) {
        FrameOutput out = new FrameOutput(frame.payloadLength());
        writePayload(frame, out);
        return out.finish();
    }

    /** CONTINUATION frames for {@code block[written, end)}, END_HEADERS on the last. */
    private void writeContinuations(int streamId, byte[] block, int written, int end, FrameOutput out) {
        int position = written;
        while (position < end) {
            int chunk = Math.min(end - position, maxFrameSize);
            boolean last = position + chunk == end;
            writeHeader(out, chunk, FrameType.CONTINUATION.code(), last ? Flags.END_HEADERS : 0, streamId);
            out.write(block, position, chunk);
            position += chunk;
        }
    }

    static void writeHeader(FrameOutput out, int length, int typeCode, int flags, int streamId) {
        if (length > FrameSizes.MAX_FRAME_SIZE_LIMIT) {
            throw new IllegalArgumentException("payload of " + length + " octets does not fit the 24-bit Length field");
        }
        out.writeMedium(length);
        out.writeByte(typeCode);
        out.writeByte(flags);
        // RFC9113 §4.1: the reserved bit "MUST remain unset (0x00) when sending"
        out.writeInt(checkStreamId(streamId));
    }

    private static int checkStreamId(int streamId) {
        if (streamId < 0) {
            throw new IllegalArgumentException("stream id must be 31-bit, got " + Integer.toUnsignedString(streamId));
        }
        return streamId;
    }

    // instanceof chain: pattern matching for switch is not final in Java 17
    private static void writePayload(Frame frame, FrameOutput out) {
        if (frame instanceof DataFrame f) {
            writePadLength(f.padLength(), out);
            out.write(f.data());
            writePadding(f.padLength(), out);
        } else if (frame instanceof HeadersFrame f) {
            writePadLength(f.padLength(), out);
            if (f.priority() != null) {
                writePriority(f.priority(), out);
            }
            out.write(f.fragment());
            writePadding(f.padLength(), out);
        } else if (frame instanceof PriorityFrame f) {
            writePriority(f.priority(), out);
        } else if (frame instanceof RstStreamFrame f) {
            out.writeInt(f.errorCode());
        } else if (frame instanceof SettingsFrame f) {
            writeSettings(f.settings(), out);
        } else if (frame instanceof PushPromiseFrame f) {
            writePadLength(f.padLength(), out);
            out.writeInt(f.promisedStreamId());
            out.write(f.fragment());
            writePadding(f.padLength(), out);
        } else if (frame instanceof PingFrame f) {
            out.writeLong(f.opaqueData());
        } else if (frame instanceof GoAwayFrame f) {
            out.writeInt(f.lastStreamId());
            out.writeInt(f.errorCode());
            out.write(f.debugData());
        } else if (frame instanceof WindowUpdateFrame f) {
            out.writeInt(f.increment());
        } else if (frame instanceof ContinuationFrame f) {
            out.write(f.fragment());
        } else if (frame instanceof UnknownFrame f) {
            out.write(f.payload());
        } else {
            throw new IllegalArgumentException("unknown frame class " + frame.getClass()); // unreachable: Frame is sealed
        }
    }

    private static void writeSettings(List<RawSetting> settings, FrameOutput out) {
        for (int i = 0; i < settings.size(); i++) { // indexed: no iterator per frame
            RawSetting setting = settings.get(i);
            out.writeShort(setting.id());
            out.writeInt((int) setting.value());
        }
    }

    private static void writePriority(Priority priority, FrameOutput out) {
        out.writeInt(priority.dependencyWord());
        out.writeByte(priority.wireWeight());
    }

    private static void writePadLength(int padLength, FrameOutput out) {
        if (padLength >= 0) {
            out.writeByte(padLength);
        }
    }

    private static void writePadding(int padLength, FrameOutput out) {
        if (padLength > 0) {
            out.writeZeros(padLength);
        }
    }
}
