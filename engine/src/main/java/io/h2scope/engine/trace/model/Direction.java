package io.h2scope.engine.trace.model;

/** Which way a frame travelled, seen from the endpoint that publishes it. */
public enum Direction {
    /** Read from the peer. */
    INBOUND,
    /** Written to the peer. */
    OUTBOUND
}
