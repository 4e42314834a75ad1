package io.h2scope.inspector.model;

import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;

/**
 * One row of the streams list: a stream's state after the connection's latest event and how many frames it had.
 *
 * @param state idle until its first move, then the last move's target
 */
public record StreamSummary(int streamId, StreamState state, int frames) {

    /** Reads the stream's own events only, so a visible row costs what its stream holds. */
    public static StreamSummary of(ConnectionHistory connection, int streamId) {
        StreamState state = StreamState.IDLE;
        int frames = 0;
        for (int index : connection.streamEvents(streamId)) {
            TraceEvent e = connection.recording().event(index);
            if (e instanceof FrameEvent) {
                frames++;
            } else if (e instanceof StreamStateChanged change) {
                state = change.to();
            }
        }
        return new StreamSummary(streamId, state, frames);
    }
}
