package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.ControlFrameBacklog;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.codec.FrameOutput;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.HpackBlock;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * The connection's outgoing bytes: frames are encoded into one {@link FrameOutput} that the
 * transport drains, each published to the trace as it is written. Counts the control frames
 * still waiting to be drained, for the unread-output limit. Callers update stream and window
 * state before writing, so a frame's trace event shows the state after it.
 */
final class Output {

    /** Starts small: most connections are idle most of the time; a busy one grows it once, and keeps it. */
    private static final int INITIAL_OUTPUT_BYTES = 512;

    private final FrameOutput out = new FrameOutput(INITIAL_OUTPUT_BYTES);
    private final FrameWriter writer = new FrameWriter();
    private final ControlFrameBacklog backlog = new ControlFrameBacklog();
    private final TracePublisher tracer;
    /** Test-only hooks that change what we write, or null (production: one null check per hook). */
    private final ConnectionHooks hooks;
    private long drained;

    /** {@code hooks} is null but in tests. */
    Output(TracePublisher tracer, ConnectionHooks hooks) {
        this.tracer = tracer;
        this.hooks = hooks;
    }

    /** Bytes that are not a frame: the client connection preface. */
    void raw(byte[] bytes) {
        out.write(bytes);
    }

    /** Writes one frame. */
    void frame(Frame frame) {
        if (hooks != null) {
            writeThroughHooks(frame);
            return;
        }
        write(frame);
    }

    private void write(Frame frame) {
        writer.write(frame, out);
        tracer.outbound(frame, List.of(), null);
    }

    /** Test-only: the frame as the hooks rewrite it (or not at all), and what they add after it. */
    private void writeThroughHooks(Frame frame) {
        Frame written = hooks.rewrite(frame);
        if (written != null) {
            write(written);
            Frame extra = hooks.after(written);
            if (extra != null) {
                write(extra);
            }
        }
    }

    /** Test-only: what the hooks add after END_STREAM on {@code streamId}. */
    private void afterEndStream(int streamId) {
        Frame extra = hooks.afterEndStream(streamId);
        if (extra != null) {
            write(extra);
        }
    }

    /** Writes a control frame the peer provoked; returns how many such frames are now undrained. */
    int control(Frame frame) {
        frame(frame);
        return backlog.onWritten(drained + out.readableBytes());
    }

    /** A field block as HEADERS and CONTINUATION frames of at most the peer's max frame size (RFC 9113 §4.3). */
    void headerBlock(int streamId, byte[] block, boolean endStream, List<HeaderField> headers) {
        int max = writer.maxFrameSize();
        HpackBlock hpack = tracer.outbound(block);
        if (block.length <= max) {
            frameWithHeaders(HeadersFrame.of(streamId, block, endStream, true), headers, hpack);
        } else {
            frameWithHeaders(HeadersFrame.of(streamId, Arrays.copyOf(block, max), endStream, false), List.of(), null);
            continuations(streamId, block, max, headers, hpack);
        }
        if (endStream && hooks != null) {
            afterEndStream(streamId);
        }
    }

    /**
     * A field block written straight from the caller's buffer, for when nothing is traced: no copy of
     * the block and no frame objects. The same frames as {@link #headerBlock(int, byte[], boolean, List)}.
     */
    void untracedHeaderBlock(int streamId, byte[] block, int length, boolean endStream) {
        writer.writeHeaderBlock(streamId, block, length, endStream, null, out);
        if (endStream && hooks != null) {
            afterEndStream(streamId);
        }
    }

    /** PUSH_PROMISE and CONTINUATION frames. */
    void pushPromise(int streamId, int promisedId, byte[] block, List<HeaderField> headers) {
        int max = writer.maxFrameSize() - PushPromiseFrame.PROMISED_ID_LENGTH;
        HpackBlock hpack = tracer.outbound(block);
        if (block.length <= max) {
            frameWithHeaders(PushPromiseFrame.of(streamId, promisedId, block, true), headers, hpack);
            return;
        }
        frameWithHeaders(PushPromiseFrame.of(streamId, promisedId, Arrays.copyOf(block, max), false), List.of(), null);
        continuations(streamId, block, max, headers, hpack);
    }

    /** One DATA frame; no copy is made unless the trace wants the frame. */
    void data(int streamId, byte[] data, int offset, int length, boolean endStream) {
        if (hooks != null && length > writer.maxFrameSize()) {
            // test-only: one frame above the peer's limit, which the writer would split
            RawFrameWriter.writeHeader(out, length, FrameType.DATA.code(), endStream ? Flags.END_STREAM : 0, streamId, false);
            out.write(data, offset, length);
        } else {
            writer.writeData(streamId, data, offset, length, endStream, out);
        }
        if (tracer.enabled()) {
            DataFrame frame = new DataFrame(streamId, endStream ? Flags.END_STREAM : 0,
                    Arrays.copyOfRange(data, offset, offset + length), -1);
            tracer.outbound(frame, List.of(), null);
        }
        if (endStream && hooks != null) {
            afterEndStream(streamId);
        }
    }

    private void continuations(int streamId, byte[] block, int from, List<HeaderField> headers, HpackBlock hpack) {
        int max = writer.maxFrameSize();
        for (int position = from; position < block.length; position += max) {
            int end = Math.min(block.length, position + max);
            boolean last = end == block.length;
            frameWithHeaders(ContinuationFrame.of(streamId, Arrays.copyOfRange(block, position, end), last),
                    last ? headers : List.of(), last ? hpack : null);
        }
    }

    private void frameWithHeaders(Frame frame, List<HeaderField> headers, HpackBlock hpack) {
        writer.write(frame, out);
        tracer.outbound(frame, headers, hpack);
    }

    void setMaxFrameSize(int size) {
        writer.setMaxFrameSize(size);
    }

    /** The largest DATA frame to write: the peer's SETTINGS_MAX_FRAME_SIZE (unless a test-only hook says otherwise). */
    int maxDataFrameSize() {
        return hooks == null ? writer.maxFrameSize() : hooks.dataFrameSize(writer.maxFrameSize());
    }

    int readableBytes() {
        return out.readableBytes();
    }

    int queuedControlFrames() {
        return backlog.queued();
    }

    int drainTo(ByteBuffer sink) {
        int n = out.drainTo(sink);
        onDrained(n);
        return n;
    }

    int drainTo(FrameOutput sink) {
        ByteBuffer view = out.readableView();
        int n = view.remaining();
        sink.write(view);
        onDrained(n);
        return n;
    }

    private void onDrained(int n) {
        drained += n;
        backlog.onDrained(drained);
        if (out.readableBytes() == 0) {
            out.compact();
        }
    }
}
