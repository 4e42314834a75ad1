package io.h2scope.engine.trace.model;

/** One of the two endpoints, seen from the endpoint that publishes the events. */
public enum Side {
    /** The publishing endpoint. */
    LOCAL,
    /** Its peer. */
    REMOTE
}
