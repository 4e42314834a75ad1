package io.h2scope.conformance.interop;

import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.RawSetting;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.settings.SettingId;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A client's trace sink that counts, per connection, the streams open at once (RFC 9113 §5.1.2: "open"
 * and both "half-closed" states count) against the limit the server announced in its SETTINGS, and
 * records the GOAWAY and RST_STREAM frames. It sees what the client's core did, not what the client
 * meant to do, so a pool that overcommits a connection shows here.
 */
final class StreamCounter implements TraceSink {

    private static final Set<StreamState> ACTIVE = Set.of(StreamState.OPEN, StreamState.HALF_CLOSED_LOCAL,
            StreamState.HALF_CLOSED_REMOTE);

    /** What one connection did. */
    static final class PerConnection {
        int open;
        int maxOpen;
        int opened;
        /** The server's SETTINGS_MAX_CONCURRENT_STREAMS; unlimited until its SETTINGS arrive. */
        long limit = Long.MAX_VALUE;
        final List<String> overLimit = new ArrayList<>();
        final List<GoAwayFrame> goAwaysReceived = new ArrayList<>();
        final List<RstStreamFrame> resetsSent = new ArrayList<>();
        final List<RstStreamFrame> resetsReceived = new ArrayList<>();
    }

    private final Map<Long, PerConnection> connections = new TreeMap<>();

    @Override
    public synchronized void onEvent(TraceEvent traced) {
        if (traced instanceof FrameEvent event) {
            onFrame(event);
        } else if (traced instanceof StreamStateChanged change) {
            onStreamState(change.connectionId(), change.streamId(), change.from(), change.to());
        }
    }

    private void onFrame(FrameEvent event) {
        PerConnection c = connection(event.connectionId());
        boolean inbound = event.direction() == Direction.INBOUND;
        if (event.frame() instanceof SettingsFrame s && inbound && !s.ack()) {
            for (RawSetting setting : s.settings()) {
                if (setting.id() == SettingId.MAX_CONCURRENT_STREAMS.code()) {
                    c.limit = setting.value();
                }
            }
        } else if (event.frame() instanceof GoAwayFrame g && inbound) {
            c.goAwaysReceived.add(g);
        } else if (event.frame() instanceof RstStreamFrame r) {
            (inbound ? c.resetsReceived : c.resetsSent).add(r);
        }
    }

    private void onStreamState(long connectionId, int streamId, StreamState from, StreamState to) {
        PerConnection c = connection(connectionId);
        boolean was = ACTIVE.contains(from);
        boolean is = ACTIVE.contains(to);
        if (!was && is) {
            c.open++;
            c.opened++;
            c.maxOpen = Math.max(c.maxOpen, c.open);
            if (c.open > c.limit) {
                c.overLimit.add("stream " + streamId + " made " + c.open + " open streams, limit " + c.limit);
            }
        } else if (was && !is) {
            c.open--;
        }
    }

    /** A snapshot per connection id, in the order the connections were made. */
    synchronized Map<Long, PerConnection> connections() {
        return new TreeMap<>(connections);
    }

    private PerConnection connection(long id) {
        return connections.computeIfAbsent(id, k -> new PerConnection());
    }
}
