package io.h2scope.conformance.peer;

import io.h2scope.conformance.target.Target;
import io.h2scope.engine.frame.FrameSizes;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Side;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A case's evidence as trace events, so the inspector shows the exchange that proves a verdict like any other
 * recording: per peer connection (the case's, then the liveness probe's) a {@link ConnectionOpened} (client role,
 * the target as remote), the frames both ways in order, and a {@link ConnectionClosed} with the counts.
 */
public final class EvidenceEvents {

    private EvidenceEvents() {
    }

    public static List<TraceEvent> of(List<TraceEntry> evidence, Target target) {
        Map<Long, List<TraceEvent>> byConnection = new LinkedHashMap<>();
        for (TraceEntry entry : evidence) {
            if (entry.event() != null) {
                byConnection.computeIfAbsent(entry.event().connectionId(), id -> new ArrayList<>()).add(entry.event());
            }
        }
        List<TraceEvent> events = new ArrayList<>();
        for (Map.Entry<Long, List<TraceEvent>> connection : byConnection.entrySet()) {
            long id = connection.getKey();
            List<TraceEvent> frames = connection.getValue();
            events.add(new ConnectionOpened(id, 0, Role.CLIENT, null, target.authority(),
                    target.tls() ? "tls" : "h2c", null, null, target.tls() ? "h2" : null, null));
            events.addAll(frames);
            events.add(closed(id, frames));
        }
        return events;
    }

    /** How the connection ended as far as the frames tell: the target's GOAWAY, ours, or the transport. */
    private static ConnectionClosed closed(long id, List<TraceEvent> events) {
        long bytesSent = 0;
        long bytesReceived = 0;
        long framesSent = 0;
        long framesReceived = 0;
        FrameEvent goAway = null;
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f) {
                long octets = FrameSizes.HEADER_LENGTH + f.header().length();
                if (f.direction() == io.h2scope.engine.trace.model.Direction.INBOUND) {
                    bytesReceived += octets;
                    framesReceived++;
                } else {
                    bytesSent += octets;
                    framesSent++;
                }
                if (goAway == null && f.frame() instanceof GoAwayFrame) {
                    goAway = f;
                }
            } else if (e instanceof ViolationReceived v) {
                bytesReceived += FrameSizes.HEADER_LENGTH + v.header().length();
                framesReceived++;
            }
        }
        long last = events.isEmpty() ? 0 : events.get(events.size() - 1).nanosSinceStart();
        if (goAway != null && goAway.frame() instanceof GoAwayFrame g) {
            boolean theirs = goAway.direction() == io.h2scope.engine.trace.model.Direction.INBOUND;
            return new ConnectionClosed(id, last, theirs ? Side.REMOTE : Side.LOCAL,
                    theirs ? ConnectionClosed.Cause.GOAWAY_RECEIVED : ConnectionClosed.Cause.GOAWAY_SENT,
                    g.errorCode() & 0xffffffffL, g.lastStreamId(), new String(g.debugData(), StandardCharsets.ISO_8859_1), null,
                    bytesSent, bytesReceived, framesSent, framesReceived);
        }
        return new ConnectionClosed(id, last, null, ConnectionClosed.Cause.TRANSPORT_CLOSED, -1, -1, "", null,
                bytesSent, bytesReceived, framesSent, framesReceived);
    }
}
