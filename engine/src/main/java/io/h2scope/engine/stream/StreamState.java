package io.h2scope.engine.stream;

/**
 * The stream states of RFC 9113 §5.1, as seen by one endpoint ("send" and "recv" are ours).
 *
 * <pre>
 *                              +--------+
 *                      send PP |        | recv PP
 *                     ,--------+  idle  +--------.
 *                    /         |        |         \
 *                   v          +--------+          v
 *            +----------+          |           +----------+
 *            |          |          | send H /  |          |
 *     ,------+ reserved |          | recv H    | reserved +------.
 *     |      | (local)  |          |           | (remote) |      |
 *     |      +---+------+          v           +------+---+      |
 *     |          |             +--------+             |          |
 *     |          |     recv ES |        | send ES     |          |
 *     |   send H |     ,-------+  open  +-------.     | recv H   |
 *     |          |    /        |        |        \    |          |
 *     |          v   v         +---+----+         v   v          |
 *     |      +----------+          |           +----------+      |
 *     |      |   half-  |          |           |   half-  |      |
 *     |      |  closed  |          | send R /  |  closed  |      |
 *     |      | (remote) |          | recv R    | (local)  |      |
 *     |      +----+-----+          |           +-----+----+      |
 *     |           |                |                 |           |
 *     |           | send ES /      |       recv ES / |           |
 *     |           |  send R /      v        send R / |           |
 *     |           |  recv R    +--------+   recv R   |           |
 *     | send R /  `-----------&gt;|        |&lt;-----------'  send R / |
 *     | recv R                 | closed |               recv R   |
 *     `-----------------------&gt;|        |&lt;-----------------------'
 *                              +--------+
 *
 *   H: HEADERS (with its CONTINUATIONs)   ES: END_STREAM flag   R: RST_STREAM
 *   PP: PUSH_PROMISE; the transition is for the promised stream
 * </pre>
 *
 * The complete rule set, including which frames are rejected in each state and with which
 * error, is the table in {@link StreamTransitions}; the lists below are the diagram's edges.
 */
public enum StreamState {
    /**
     * Every stream starts here. Out: send/recv HEADERS to {@link #OPEN}; send PUSH_PROMISE
     * (promised id) to {@link #RESERVED_LOCAL}; recv PUSH_PROMISE (promised id) to
     * {@link #RESERVED_REMOTE}; implicitly to {@link #CLOSED} when a higher id opens (§5.1.1).
     * In: none.
     */
    IDLE,
    /** Promised by us. Out: send HEADERS to {@link #HALF_CLOSED_REMOTE}; send/recv RST_STREAM to {@link #CLOSED}. In: from {@link #IDLE}. */
    RESERVED_LOCAL,
    /** Promised by the peer. Out: recv HEADERS to {@link #HALF_CLOSED_LOCAL}; send/recv RST_STREAM to {@link #CLOSED}. In: from {@link #IDLE}. */
    RESERVED_REMOTE,
    /**
     * Both sides may send. Out: send END_STREAM to {@link #HALF_CLOSED_LOCAL}; recv END_STREAM
     * to {@link #HALF_CLOSED_REMOTE}; send/recv RST_STREAM to {@link #CLOSED}. In: from {@link #IDLE}.
     */
    OPEN,
    /**
     * We have sent END_STREAM. Out: recv END_STREAM or send/recv RST_STREAM to {@link #CLOSED}.
     * In: from {@link #OPEN} (send ES) and {@link #RESERVED_REMOTE} (recv HEADERS).
     */
    HALF_CLOSED_LOCAL,
    /**
     * The peer has sent END_STREAM. Out: send END_STREAM or send/recv RST_STREAM to
     * {@link #CLOSED}. In: from {@link #OPEN} (recv ES) and {@link #RESERVED_LOCAL} (send HEADERS).
     */
    HALF_CLOSED_REMOTE,
    /**
     * Terminal. In: from every other state (see each). Out: none. How a stream got here
     * matters for late frames, so the registry keeps a {@link CloseCause} beside it.
     */
    CLOSED;

    /** §5.1.2: open and half-closed streams count toward MAX_CONCURRENT_STREAMS; reserved ones do not. */
    public boolean countsTowardConcurrency() {
        return this == OPEN || this == HALF_CLOSED_LOCAL || this == HALF_CLOSED_REMOTE;
    }
}
