package io.h2scope.engine.core;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.Direction;
import io.h2scope.engine.trace.FrameEvent;
import io.h2scope.engine.trace.TraceSink;

import java.util.List;

/**
 * Publishes frames to the {@link TraceSink}. Callers check {@link #enabled()} before they build
 * anything for it (headers, frame copies), and every method here returns at once when disabled,
 * so tracing off allocates nothing.
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

    FrameTracer(TraceSink sink, long connectionId, long startNanos, StateView view) {
        this.sink = sink;
        this.connectionId = connectionId;
        this.startNanos = startNanos;
        this.view = view;
    }

    boolean enabled() {
        return sink.enabled();
    }

    void publish(Direction direction, FrameHeader header, Frame frame, List<HeaderField> headers, long nowNanos) {
        if (!sink.enabled()) {
            return;
        }
        int streamId = frame.streamId();
        boolean stream = streamId > 0;
        sink.onFrame(new FrameEvent(connectionId, nowNanos - startNanos, direction,
                header != null ? header : FrameHeader.of(frame), frame, headers,
                view.connectionSendWindow(), view.connectionReceiveWindow(),
                stream ? view.streamSendWindow(streamId) : -1, stream ? view.streamReceiveWindow(streamId) : -1,
                stream ? view.state(streamId) : null));
    }

    void violation(FrameHeader header, Violation violation, long nowNanos) {
        if (sink.enabled()) {
            sink.onViolation(connectionId, nowNanos - startNanos, header, violation);
        }
    }
}
