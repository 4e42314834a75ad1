package io.h2scope.engine.core;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
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
    /**
     * While an inbound frame is being handled, what it causes (our replies, state changes) is held back
     * and delivered after the inbound frame's own event, so a trace reads cause before effect. Each held
     * event is built at once, with the windows and state of the moment it happened; the inbound frame's
     * windows are taken just before its first effect (an application event or a frame we send).
     */
    private boolean holding;
    private List<Runnable> held;
    private int inboundStream;
    private boolean snapshotTaken;
    private int snapConnSend;
    private int snapConnRecv;
    private int snapStreamSend;
    private int snapStreamRecv;
    private StreamState snapState;

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
        return HeaderList.copyOf(recorder.fields()); // shared with the event and the trace, no further copies
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
        if (direction == Direction.INBOUND && snapshotTaken && streamId == inboundStream) {
            sink.onFrame(new FrameEvent(connectionId, nowNanos - startNanos, direction,
                    header != null ? header : FrameHeader.of(frame), frame, headers,
                    snapConnSend, snapConnRecv, snapStreamSend, snapStreamRecv, stateAfter(frame, snapState), hpack));
            return;
        }
        if (direction == Direction.OUTBOUND) {
            beforeEffect();
        }
        FrameEvent event = new FrameEvent(connectionId, nowNanos - startNanos, direction,
                header != null ? header : FrameHeader.of(frame), frame, headers,
                view.connectionSendWindow(), view.connectionReceiveWindow(),
                stream ? view.streamSendWindow(streamId) : -1, stream ? view.streamReceiveWindow(streamId) : -1,
                stream ? view.state(streamId) : null, hpack);
        if (direction == Direction.INBOUND) {
            sink.onFrame(event);
        } else {
            deliver(() -> sink.onFrame(event));
        }
    }

    /**
     * The core tells the application about a frame carrying END_STREAM before it moves the stream's state;
     * the snapshot may come from that moment, so apply RFC 9113 §5.1's END_STREAM step here.
     */
    private static StreamState stateAfter(Frame frame, StreamState snapshot) {
        boolean endStream = frame instanceof io.h2scope.engine.frame.DataFrame d && d.endStream()
                || frame instanceof io.h2scope.engine.frame.HeadersFrame h && h.endStream();
        if (!endStream || snapshot == null) {
            return snapshot;
        }
        return switch (snapshot) {
            case OPEN -> StreamState.HALF_CLOSED_REMOTE;
            case HALF_CLOSED_LOCAL -> StreamState.CLOSED;
            default -> snapshot;
        };
    }

    /** Starts holding back what the inbound frame about to be handled causes (only when tracing is on). */
    void beginInbound(int streamId) {
        holding = sink.enabled();
        inboundStream = streamId;
        snapshotTaken = false;
    }

    /**
     * The inbound frame is about to have its first effect (an event to the application, a frame we send):
     * its own processing is done, so its "windows after the frame" are the ones now.
     */
    void beforeEffect() {
        if (!holding || snapshotTaken) {
            return;
        }
        snapshotTaken = true;
        boolean stream = inboundStream > 0;
        snapConnSend = view.connectionSendWindow();
        snapConnRecv = view.connectionReceiveWindow();
        snapStreamSend = stream ? view.streamSendWindow(inboundStream) : -1;
        snapStreamRecv = stream ? view.streamReceiveWindow(inboundStream) : -1;
        snapState = stream ? view.state(inboundStream) : null;
    }

    /** Publishes the inbound frame, then what it caused, in order. */
    void endInbound(FrameHeader header, Frame frame, List<HeaderField> headers, long nowNanos) {
        holding = false;
        try {
            publish(Direction.INBOUND, header, frame, headers, nowNanos);
        } finally {
            snapshotTaken = false;
            if (held != null && !held.isEmpty()) {
                List<Runnable> events = held;
                held = null;
                events.forEach(Runnable::run);
            }
        }
    }

    private void deliver(Runnable event) {
        if (holding) {
            if (held == null) {
                held = new java.util.ArrayList<>();
            }
            held.add(event);
        } else {
            event.run();
        }
    }

    /** A stream state transition (only called when the state changed). */
    void stateChanged(int streamId, StreamState from, StreamState to, StreamInput input, long nowNanos) {
        if (sink.enabled()) {
            long t = nowNanos - startNanos;
            deliver(() -> sink.onStreamState(connectionId, t, streamId, from, to, input));
        }
    }

    void violation(FrameHeader header, Violation violation, long nowNanos) {
        if (sink.enabled()) {
            sink.onViolation(connectionId, nowNanos - startNanos, header, violation);
        }
    }
}
