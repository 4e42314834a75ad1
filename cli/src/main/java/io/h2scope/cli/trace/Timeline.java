package io.h2scope.cli.trace;

import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recording's events on the clock: each with its wall-clock time (its connection's {@code opened} clock plus its
 * {@code t_ns}), all connections merged in time order (each connection's own events keep their order), and what a
 * filter asks of each connection (its opening, whether it ended abnormally). An event whose connection's clock is
 * not known (a recording made before recordings carried one, or a connection opened in a file that rolled away)
 * keeps its place after the event before it in the file.
 */
final class Timeline {

    /**
     * One event of the recording.
     *
     * @param clock      its wall-clock time, or null when its connection's is not known
     * @param connection the connection it belongs to, numbered from 0 in the order they open (ids may be used again
     *                   when several runs append to one file)
     */
    record Entry(TraceEvent event, Instant clock, int connection) {
    }

    /** What is known of one connection. */
    static final class Connection {
        private ConnectionOpened opened;
        private Boolean abnormal;
        private final Set<Integer> openStreams = new HashSet<>();

        /** Its opening, or null when the recording has none (it opened in a file that rolled away). */
        ConnectionOpened opened() {
            return opened;
        }

        /** True when it ended other than cleanly ({@link ConnectionClosed#endedCleanly}); false while open. */
        boolean abnormal() {
            return abnormal != null && abnormal;
        }
    }

    private final List<Entry> entries;
    private final List<Connection> connections;
    private final boolean clocked;

    private Timeline(List<Entry> entries, List<Connection> connections, boolean clocked) {
        this.entries = entries;
        this.connections = connections;
        this.clocked = clocked;
    }

    /** {@code events} in the order the recording has them (an older roll's first). */
    static Timeline of(List<TraceEvent> events) {
        List<Connection> connections = new ArrayList<>();
        Map<Long, Integer> current = new HashMap<>();
        List<Entry> entries = new ArrayList<>(events.size());
        List<Instant> keys = new ArrayList<>(events.size());
        Instant key = Instant.MIN;
        boolean clocked = false;
        for (TraceEvent event : events) {
            Integer index = current.get(event.connectionId());
            if (index == null || event instanceof ConnectionOpened) {
                index = connections.size();
                connections.add(new Connection());
                current.put(event.connectionId(), index);
            }
            Connection connection = connections.get(index);
            Instant clock = null;
            if (event instanceof ConnectionOpened opened) {
                connection.opened = opened;
                clocked |= opened.clock() != null;
            }
            if (connection.opened != null) {
                clock = connection.opened.clockAt(event.nanosSinceStart());
            }
            follow(connection, event);
            entries.add(new Entry(event, clock, index));
            key = clock != null ? clock : key;
            keys.add(key);
        }
        List<Integer> order = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(keys::get)); // stable: a connection's events keep their order
        List<Entry> sorted = new ArrayList<>(entries.size());
        order.forEach(i -> sorted.add(entries.get(i)));
        return new Timeline(sorted, connections, clocked);
    }

    private static void follow(Connection connection, TraceEvent event) {
        if (event instanceof StreamStateChanged s) {
            if (s.to() == StreamState.CLOSED || s.to() == StreamState.IDLE) {
                connection.openStreams.remove(s.streamId());
            } else {
                connection.openStreams.add(s.streamId());
            }
        } else if (event instanceof ConnectionClosed closed) {
            connection.abnormal = !closed.endedCleanly(!connection.openStreams.isEmpty());
        }
    }

    /** Every event, in time order. */
    List<Entry> entries() {
        return entries;
    }

    Connection connection(int index) {
        return connections.get(index);
    }

    /** Whether any connection's opening carries its clock: else times can only be told since each connection's start. */
    boolean clocked() {
        return clocked;
    }

    /** The earliest clock time of the recording, or null without any. */
    Instant start() {
        for (Entry entry : entries) {
            if (entry.clock() != null) {
                return entry.clock();
            }
        }
        return null;
    }
}
