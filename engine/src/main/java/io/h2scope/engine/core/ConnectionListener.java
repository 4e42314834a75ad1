package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;

/**
 * Receives a connection's {@link Event}s, in order, on the thread that drives the connection.
 * One method and a sealed event type: a listener switches on the event (or ignores what it does
 * not care about), and tests simply record them.
 */
@FunctionalInterface
public interface ConnectionListener {

    /** Ignores everything. */
    ConnectionListener IGNORE = event -> { };

    void onEvent(Event event);
}
