package io.h2scope.engine.trace.log;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceLevel;

import java.util.HashMap;
import java.util.Map;

/**
 * What the {@code flow} category remembers of one connection: the windows after the previous frame,
 * so each event can be told as a change. An inbound frame's event comes after it was handled, so a
 * change it caused can first be seen at a frame written while it was handled: lines say "seen at".
 * Used by the connection's own thread only.
 */
final class ConnectionTrack {

    /** A connection that never closes its streams cannot make the map grow without end. */
    private static final int MAX_TRACKED_STREAMS = 100_000;
    private static final int UNKNOWN = Integer.MIN_VALUE;

    private final long connectionId;
    private int connectionSend = UNKNOWN;
    private int connectionReceive = UNKNOWN;
    private final Map<Integer, StreamTrack> streams = new HashMap<>();

    private static final class StreamTrack {
        int send = UNKNOWN;
        int receive = UNKNOWN;
    }

    ConnectionTrack(long connectionId) {
        this.connectionId = connectionId;
    }

    int streamCount() {
        return streams.size();
    }

    void flow(FrameEvent e, CategoryLog log, boolean changes) {
        String cause = cause(e);
        connectionSend = change(e, log, changes, "conn send", connectionSend, e.connectionSendWindow(), cause);
        connectionReceive = change(e, log, changes, "conn recv", connectionReceive, e.connectionReceiveWindow(), cause);
        int id = e.frame().streamId();
        if (id == 0) {
            return;
        }
        StreamTrack stream = stream(id);
        if (e.streamSendWindow() >= 0) {
            stream.send = change(e, log, changes, "stream=" + id + " send", stream.send, e.streamSendWindow(), cause);
        }
        if (e.streamReceiveWindow() >= 0) {
            stream.receive = change(e, log, changes, "stream=" + id + " recv", stream.receive,
                    e.streamReceiveWindow(), cause);
        }
    }

    /** Forgets the windows of a stream the event shows closed. */
    void forgetIfClosed(FrameEvent e) {
        if (e.streamStateAfter() == StreamState.CLOSED) {
            streams.remove(e.frame().streamId());
        }
    }

    private int change(FrameEvent e, CategoryLog log, boolean changes, String what, int before, int after,
            String cause) {
        if (before == UNKNOWN) {
            if (after <= 0) {
                log.log(TraceCategory.FLOW, TraceLevel.INFO, head() + what + " window " + after + ": stalled " + cause, e);
            }
            return after;
        }
        if (before == after) {
            return after;
        }
        if (changes) {
            long delta = (long) after - before;
            log.log(TraceCategory.FLOW, TraceLevel.DEBUG, head() + what + " window " + before + " -> " + after
                    + " (" + (delta > 0 ? "+" : "") + delta + ") " + cause, e);
        }
        if (before > 0 && after <= 0) {
            log.log(TraceCategory.FLOW, TraceLevel.INFO, head() + what + " window " + after + ": stalled " + cause, e);
        } else if (before <= 0 && after > 0) {
            log.log(TraceCategory.FLOW, TraceLevel.INFO, head() + what + " window " + after + ": resumed " + cause, e);
        }
        return after;
    }

    private StreamTrack stream(int id) {
        StreamTrack stream = streams.get(id);
        if (stream == null) {
            if (streams.size() >= MAX_TRACKED_STREAMS) {
                streams.clear();
            }
            stream = new StreamTrack();
            streams.put(id, stream);
        }
        return stream;
    }

    private String head() {
        return "conn=" + connectionId + " ";
    }

    private static String cause(FrameEvent e) {
        return "(seen at " + (e.direction() == Direction.INBOUND ? "recv " : "send ") + FrameType.nameOf(e.frame().typeCode())
                + " stream=" + e.frame().streamId() + " length=" + e.header().length() + ")";
    }
}
