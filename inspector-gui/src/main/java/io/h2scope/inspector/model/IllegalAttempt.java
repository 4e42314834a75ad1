package io.h2scope.inspector.model;

import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.util.ArrayList;
import java.util.List;

/**
 * A move a stream was not allowed to make: an error we raised about it (a stream error, or a connection error
 * provoked by a frame received on it) or a received frame that broke a frame rule on it.
 *
 * @param eventIndex  the error's or violation's event number in the recording
 * @param state       the stream's state when it happened (the move was attempted from here)
 * @param frameNumber the received frame that provoked it, or -1 (a violating frame is not a frame event)
 * @param text        what was wrong, with the RFC section and the error code
 */
public record IllegalAttempt(int eventIndex, StreamState state, int frameNumber, String text) {

    /** Every illegal attempt on stream {@code streamId} of {@code connection}, in order. */
    public static List<IllegalAttempt> of(ConnectionHistory connection, int streamId) {
        Recording recording = connection.recording();
        List<IllegalAttempt> found = new ArrayList<>();
        for (int index : connection.streamEvents(streamId)) {
            TraceEvent e = recording.event(index);
            if (e instanceof ErrorRaised error && error.scope() == ErrorScope.STREAM) {
                found.add(new IllegalAttempt(index, stateAt(connection, streamId, index),
                        provokingFrame(connection, index, streamId), describe(error)));
            } else if (e instanceof ViolationReceived v) {
                found.add(new IllegalAttempt(index, stateAt(connection, streamId, index), -1,
                        v.violation().spec() + " " + v.violation().code() + ": " + v.violation().detail()));
            }
        }
        // a connection error is raised about stream 0; the frame received just before it names the stream
        for (int index : connection.streamEvents(0)) {
            if (recording.event(index) instanceof ErrorRaised error && error.scope() == ErrorScope.CONNECTION) {
                int frame = provokingFrame(connection, index, -1);
                if (frame >= 0 && recording.frame(frame).streamId() == streamId && streamId > 0) {
                    found.add(new IllegalAttempt(index, stateAt(connection, streamId, index), frame, describe(error)));
                }
            }
        }
        found.sort((a, b) -> Integer.compare(a.eventIndex(), b.eventIndex()));
        return found;
    }

    private static String describe(ErrorRaised error) {
        String scope = error.scope() == ErrorScope.STREAM ? "stream error " : "connection error ";
        return scope + error.code() + " (" + error.spec() + "): " + error.detail();
    }

    private static StreamState stateAt(ConnectionHistory connection, int streamId, int index) {
        return connection.stateAt(index).streamState(streamId);
    }

    /**
     * The received frame whose handling raised the error at {@code index}: the latest inbound frame of this
     * connection before it (a received frame's event precedes what it caused), on {@code streamId} unless it is -1.
     */
    private static int provokingFrame(ConnectionHistory connection, int index, int streamId) {
        Recording recording = connection.recording();
        for (int f = recording.frameAtOrBefore(index); f >= 0; f--) {
            FrameEvent frame = recording.frame(f);
            if (recording.connectionOf(recording.frameEvent(f)) != connection) {
                continue;
            }
            if (frame.direction() == Direction.INBOUND) {
                return streamId < 0 || frame.streamId() == streamId ? f : -1;
            }
        }
        return -1;
    }
}
