package io.h2scope.engine.core;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackDecoder;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.Direction;
import io.h2scope.engine.trace.FrameEvent;
import io.h2scope.engine.trace.HpackBlock;
import io.h2scope.engine.trace.HpackRecorder;
import io.h2scope.engine.trace.TraceSink;

import java.util.List;

/**
 * Publishes frames to the {@link TraceSink}. Callers check {@link #enabled()} before they build
 * anything for it (headers, frame copies), and every method here returns at once when disabled,
 * so tracing off allocates nothing.
 *
 * <p>When the sink wants HPACK detail, inbound blocks are decoded through an {@link HpackRecorder}
 * and outbound blocks are decoded again by a shadow decoder that mirrors our encoder's table.
 */
final class FrameTracer {

    /** The connection state a trace event snapshots after each frame. */
    interface StateView {
        int connectionSendWindow();

        int connectionReceiveWindow();

        /** -1 when the stream has no send window. */
        int streamSendWindow(int streamId);

        /** -1 when the stream has no receive window. */
        int streamReceiveWindow(int streamId);

        StreamState state(int streamId);
    }

    private final TraceSink sink;
    private final long connectionId;
    private final long startNanos;
    private final StateView view;
    /** Decodes our own outbound blocks again for HPACK detail; null unless the sink asks for it. */
    private final HpackDecoder outboundShadow;
    /** HPACK detail of the inbound block decoded while the current frame was handled. */
    private HpackBlock pendingInbound;

    FrameTracer(TraceSink sink, long connectionId, long startNanos, StateView view) {
        this.sink = sink;
        this.connectionId = connectionId;
        this.startNanos = startNanos;
        this.view = view;
        if (sink.enabled() && sink.wantsHpackDetail()) {
            outboundShadow = new HpackDecoder(4096, Long.MAX_VALUE, 1 << 24);
            outboundShadow.setMaxTableSize(Integer.MAX_VALUE); // our encoder follows the peer's setting
        } else {
            outboundShadow = null;
        }
    }

    boolean enabled() {
        return sink.enabled();
    }

    /** Whether field blocks should be described representation by representation. */
    boolean wantsHpack() {
        return outboundShadow != null;
    }

    /** Decodes an inbound block keeping its HPACK detail for the frame's event (only when {@link #wantsHpack()}). */
    List<HeaderField> decodeInbound(HpackDecoder decoder, byte[] block) {
        HpackRecorder recorder = new HpackRecorder();
        decoder.decode(block, recorder);
        pendingInbound = recorder.block(decoder.dynamicTable());
        return recorder.fields();
    }

    /** HPACK detail of a block we encoded, or null when not wanted. */
    HpackBlock outbound(byte[] block) {
        if (outboundShadow == null) {
            return null;
        }
        HpackRecorder recorder = new HpackRecorder();
        outboundShadow.decode(block, recorder);
        return recorder.block(outboundShadow.dynamicTable());
    }

    void publish(Direction direction, FrameHeader header, Frame frame, List<HeaderField> headers, long nowNanos) {
        HpackBlock hpack = null;
        if (direction == Direction.INBOUND) {
            hpack = pendingInbound;
            pendingInbound = null;
        }
        publish(direction, header, frame, headers, hpack, nowNanos);
    }

    void publish(Direction direction, FrameHeader header, Frame frame, List<HeaderField> headers, HpackBlock hpack,
            long nowNanos) {
        if (!sink.enabled()) {
            return;
        }
        int streamId = frame.streamId();
        boolean stream = streamId > 0;
        sink.onFrame(new FrameEvent(connectionId, nowNanos - startNanos, direction,
                header != null ? header : FrameHeader.of(frame), frame, headers,
                view.connectionSendWindow(), view.connectionReceiveWindow(),
                stream ? view.streamSendWindow(streamId) : -1, stream ? view.streamReceiveWindow(streamId) : -1,
                stream ? view.state(streamId) : null, hpack));
    }

    /** A stream state transition (only called when the state changed). */
    void stateChanged(int streamId, StreamState from, StreamState to, StreamInput input, long nowNanos) {
        if (sink.enabled()) {
            sink.onStreamState(connectionId, nowNanos - startNanos, streamId, from, to, input);
        }
    }

    void violation(FrameHeader header, Violation violation, long nowNanos) {
        if (sink.enabled()) {
            sink.onViolation(connectionId, nowNanos - startNanos, header, violation);
        }
    }
}
