package io.h2scope.engine.flow;

/** Which of the two windows of a stream (or of the connection) is meant, seen from one endpoint. */
public enum WindowSide {
    /** What we may still send (the peer's receive window as we track it). */
    SEND,
    /** What the peer may still send us. */
    RECEIVE
}
