package io.h2scope.inspector;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.ArrayList;
import java.util.List;

/**
 * Events written by hand for what real traffic does not produce on demand (a stall, an eviction, an illegal
 * frame): connection 1, each event one microsecond after the one before.
 */
public final class HandEvents {

    public static final long CONNECTION = 1;

    private final List<TraceEvent> events = new ArrayList<>();
    private long nanos;

    public List<TraceEvent> events() {
        return events;
    }

    /** The time the next event gets. */
    public long next() {
        return nanos += 1_000;
    }

    public HandEvents add(TraceEvent event) {
        events.add(event);
        return this;
    }

    public HandEvents frame(Direction direction, Frame frame) {
        return add(new FrameEvent(CONNECTION, next(), direction, FrameHeader.of(frame), frame, List.of(), -1, -1, -1, -1,
                null));
    }

    public HandEvents headers(Direction direction, int stream, boolean endStream) {
        return frame(direction, HeadersFrame.of(stream, new byte[0], endStream, true));
    }

    public HandEvents data(Direction direction, int stream, int octets) {
        return frame(direction, DataFrame.of(stream, new byte[octets], false));
    }

    public HandEvents windowUpdate(Direction direction, int stream, int increment) {
        return frame(direction, WindowUpdateFrame.of(stream, increment));
    }

    public HandEvents move(int stream, StreamState from, StreamState to, StreamInput input) {
        return add(new StreamStateChanged(CONNECTION, next(), stream, from, to, input));
    }

    public HandEvents window(int stream, WindowSide side, int from, int to, WindowCause cause) {
        return add(new WindowChanged(CONNECTION, next(), stream, side, from, to, cause));
    }
}
