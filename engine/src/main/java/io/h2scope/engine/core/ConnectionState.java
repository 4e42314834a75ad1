package io.h2scope.engine.core;

/**
 * The life of a connection, as the inspector shows it.
 * <pre>
 *  PREFACE_PENDING --(peer's preface and first SETTINGS)--> OPEN
 *  OPEN --(we send GOAWAY)--> GOAWAY_SENT      OPEN --(peer's GOAWAY)--> GOAWAY_RECEIVED
 *  GOAWAY_SENT / GOAWAY_RECEIVED --(GOAWAY the other way)--> GOAWAY_SENT (we sent one: we stop too)
 *  any --(connection error, last stream done after GOAWAY, transport closed)--> CLOSED
 * </pre>
 * A connection error moves straight to CLOSED (our GOAWAY is still in the output).
 */
public enum ConnectionState {
    /** Waiting for the peer's connection preface (RFC 9113 §3.4): a server the 24 octets and SETTINGS, a client SETTINGS. */
    PREFACE_PENDING,
    /** Streams may be opened. */
    OPEN,
    /** We sent GOAWAY: streams up to its last id finish, new ones from the peer are refused. */
    GOAWAY_SENT,
    /** The peer sent GOAWAY: we open no new streams; ours up to its last id finish. */
    GOAWAY_RECEIVED,
    /** Over; nothing more is read, only the remaining output may be flushed. */
    CLOSED
}
