package io.h2scope.conformance.peer;

import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.frame.FrameHeader;
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
import java.util.function.BiFunction;

/**
 * A case's evidence as trace events, so the inspector shows the exchange that proves a verdict like any other
 * recording: per peer connection (the case's, then the liveness probe's) a {@link ConnectionOpened}, the observer's
 * events in order (each frame and rule broken, after the stream states, windows, settings and HPACK changes it
 * caused), and a {@link ConnectionClosed} with the counts. A server case's connections are opened as the client's
 * towards the target ({@link #of(List, Target)}); a client case's as its scripted server's observer opened them, with
 * the client's address and how it connected ({@link #of(List)}).
 */
public final class EvidenceEvents {

    private EvidenceEvents() {
    }

    /**
     * A server case's: client role, the target as remote, the wall clock of the peer's start; a connection that never
     * reached HTTP/2 ({@link NoHttp2}) as its line recorded it, with how far it got.
     */
    public static List<TraceEvent> of(List<TraceEntry> evidence, Target target) {
        return of(evidence, (id, recorded) -> recorded != null && recorded.transport() != null ? recorded
                : new ConnectionOpened(id, 0, Role.CLIENT, null, target.authority(),
                target.tls() ? "tls" : "h2c", null, null, target.tls() ? "h2" : null, null, ConnectionOpened.NO_PAIR,
                recorded == null ? null : recorded.clock()));
    }

    /** Each connection opened as its peer's observer published it (a client case's scripted server). */
    public static List<TraceEvent> of(List<TraceEntry> evidence) {
        return of(evidence, (id, recorded) -> recorded != null ? recorded : ConnectionOpened.of(id, 0, Role.SERVER));
    }

    /** @param opening the connection's opening from its id and the one its observer published (null if none kept) */
    private static List<TraceEvent> of(List<TraceEntry> evidence, BiFunction<Long, ConnectionOpened, ConnectionOpened> opening) {
        Map<Long, List<TraceEntry>> byConnection = new LinkedHashMap<>();
        for (TraceEntry entry : evidence) {
            if (entry.event() != null) {
                byConnection.computeIfAbsent(entry.event().connectionId(), id -> new ArrayList<>()).add(entry);
            }
        }
        List<TraceEvent> events = new ArrayList<>();
        for (Map.Entry<Long, List<TraceEntry>> connection : byConnection.entrySet()) {
            long id = connection.getKey();
            events.add(opening.apply(id, recordedOpening(connection.getValue())));
            for (TraceEntry entry : connection.getValue()) {
                entry.effects().stream().filter(e -> !(e instanceof ConnectionOpened)).forEach(events::add);
                if (!(entry.event() instanceof ConnectionOpened)) {
                    events.add(entry.event());
                }
            }
            events.add(closed(id, connection.getValue()));
        }
        return events;
    }

    /**
     * The observer's opening, among the first line's effects, or a line's own event (a connection that never reached
     * HTTP/2: TLS without h2, whose opening is its whole exchange); or null.
     */
    private static ConnectionOpened recordedOpening(List<TraceEntry> entries) {
        for (TraceEntry entry : entries) {
            if (entry.event() instanceof ConnectionOpened opened) {
                return opened;
            }
            for (TraceEvent effect : entry.effects()) {
                if (effect instanceof ConnectionOpened opened) {
                    return opened;
                }
            }
        }
        return null;
    }

    /** How the connection ended as far as the frames tell: the target's GOAWAY, ours, or the transport. */
    private static ConnectionClosed closed(long id, List<TraceEntry> entries) {
        long bytesSent = 0;
        long bytesReceived = 0;
        long framesSent = 0;
        long framesReceived = 0;
        FrameEvent goAway = null;
        for (TraceEntry entry : entries) {
            FrameHeader header = entry.event() instanceof FrameEvent f ? f.header()
                    : entry.event() instanceof ViolationReceived v ? v.header() : null;
            if (header == null || entry.direction() == EntryDirection.NOTE
                    || entry.event() instanceof ViolationReceived v && v.header().length() == 0
                    && v.header().typeCode() == 0 && v.header().streamId() == 0) {
                continue; // a break outside any frame (the preface), or on a side not known
            }
            long octets = FrameSizes.HEADER_LENGTH + header.length();
            if (entry.direction() == EntryDirection.IN) {
                bytesReceived += octets;
                framesReceived++;
            } else {
                bytesSent += octets;
                framesSent++;
            }
            if (goAway == null && entry.event() instanceof FrameEvent f && f.frame() instanceof GoAwayFrame) {
                goAway = f;
            }
        }
        long last = entries.isEmpty() ? 0 : entries.get(entries.size() - 1).event().nanosSinceStart();
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
