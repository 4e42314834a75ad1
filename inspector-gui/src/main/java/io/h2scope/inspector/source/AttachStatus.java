package io.h2scope.inspector.source;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;

/**
 * What the status line says about an {@link AttachSource}: attached to what and since when, the events and connections
 * seen, a gap; while the socket is down, since when and which try; once back, which events are missing and whether
 * the engine is a new one. The reading thread's own.
 */
final class AttachStatus {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final String address;
    /** This engine's connections; those of engines before a restart are counted in {@link #earlierConnections}. */
    private final Set<Long> connections = new HashSet<>();
    private long earlierConnections;
    private String since;
    private String droppedAt;
    /** Said after "attached again": the events missing, a new engine. */
    private String again;
    long events;
    private long gap;

    AttachStatus(String address) {
        this.address = address;
    }

    static String time(Instant at) {
        return LocalTime.ofInstant(at, ZoneId.systemDefault()).format(TIME);
    }

    void attached(Instant at) {
        since = time(at);
    }

    void connection(long id) {
        connections.add(id);
    }

    void gap(long dropped) {
        gap += dropped;
    }

    void dropped(Instant at) {
        droppedAt = time(at);
    }

    /** Back on the socket at {@code at}; {@code newEngine}: a new process, whose connection ids start again. */
    void attachedAgain(Instant at, boolean newEngine, String engine) {
        since = time(at);
        again = "events from " + droppedAt + " to " + since + " missing";
        if (newEngine) {
            earlierConnections += connections.size();
            connections.clear();
            again += "; " + engine + ", its connections numbered apart";
        }
    }

    /** "reconnecting… to /run/h2.sock (dropped at 03:12:40, try 3): 812 events kept, 3 connections". */
    String reconnecting(int tryNumber) {
        return "reconnecting… to " + address + " (dropped at " + droppedAt + ", try " + tryNumber + "): " + events
                + " events kept, " + connectionCount() + " connections";
    }

    String line() {
        return (again == null ? "attached to " + address + " since " + since
                : "attached again to " + address + " since " + since + " (" + again + ")")
                + ": " + events + " events, " + connectionCount() + " connections"
                + (gap == 0 ? "" : ", gap of " + gap + " events")
                + " (connections closed before the attach are not shown)";
    }

    private long connectionCount() {
        return earlierConnections + connections.size();
    }
}
