package io.h2scope.engine.stream;

import io.h2scope.engine.stream.Transition.Next;
import io.h2scope.engine.stream.Transition.Reject;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The streams of one connection: their states, the stream-id rules of RFC 9113 §5.1.1, the
 * concurrency limits of §5.1.2, and who may push (§8.4). Every state change goes through
 * {@link #apply(int, StreamInput)}, which checks the id rules here and then asks
 * {@link StreamTransitions}.
 *
 * <p>Memory is bounded: live streams are bounded by the concurrency limits and
 * {@link #DEFAULT_MAX_RESERVED_REMOTE}; closed streams are kept in a recently-closed memory of
 * {@link #DEFAULT_CLOSED_STREAM_MEMORY} entries. A stream id that is neither live nor remembered
 * reads as idle when above the highest id of its parity, and closed ({@link CloseCause#UNKNOWN})
 * otherwise.
 *
 * <p>After a stream-scope {@link Reject} for a RECV_* input the caller sends RST_STREAM and applies
 * {@link StreamInput#SEND_RST_STREAM}. A refused stream (concurrency or reservation limit) is
 * recorded as closed by our reset at once; applying SEND_RST_STREAM to it afterwards is harmless.
 * Single-threaded.
 */
public final class StreamRegistry {

    /** Largest stream id: an unsigned 31-bit integer (§5.1.1). */
    public static final int MAX_STREAM_ID = Integer.MAX_VALUE;
    /**
     * How many closed streams we remember with their {@link CloseCause}: 256, well above the 100
     * concurrent streams §6.5.2 recommends, so frames racing our RST_STREAM are still recognised.
     */
    public static final int DEFAULT_CLOSED_STREAM_MEMORY = 256;
    /** How many streams the peer may keep promised (reserved remote) at once: 100, like Netty's maxReservedStreams. */
    public static final int DEFAULT_MAX_RESERVED_REMOTE = 100;
    /** No SETTINGS_MAX_CONCURRENT_STREAMS limit: §6.5.2 "Initially, there is no limit to this value". */
    public static final long UNLIMITED = Long.MAX_VALUE;

    private final Role role;
    private final StreamIdMap<StreamState> live = new StreamIdMap<>();
    private final RecentlyClosed<CloseCause> closed;
    private final int maxReservedRemote;

    private int lastLocalId;
    private int lastRemoteId;
    private int activeLocal;
    private int activeRemote;
    private int reservedRemote;
    private long maxConcurrentLocal = UNLIMITED;
    private long maxConcurrentRemote = UNLIMITED;

    public StreamRegistry(Role role) {
        this(role, DEFAULT_CLOSED_STREAM_MEMORY, DEFAULT_MAX_RESERVED_REMOTE);
    }

    public StreamRegistry(Role role, int closedStreamMemory, int maxReservedRemote) {
        if (role == null) {
            throw new IllegalArgumentException("role is required");
        }
        if (maxReservedRemote < 0) {
            throw new IllegalArgumentException("maxReservedRemote must be >= 0, got " + maxReservedRemote);
        }
        this.role = role;
        this.closed = new RecentlyClosed<>(closedStreamMemory);
        this.maxReservedRemote = maxReservedRemote;
    }

    public Role role() {
        return role;
    }

    // ---------------------------------------------------------------- queries

    /** The state of any stream id, including ids never seen (idle, or closed when skipped). */
    public StreamState state(int streamId) {
        checkId(streamId);
        StreamState s = live.get(streamId);
        if (s != null) {
            return s;
        }
        if (closed.get(streamId) != null) {
            return StreamState.CLOSED;
        }
        // RFC9113 §5.1.1: "all streams in the idle state that might have been opened by the peer with a lower-valued stream identifier immediately transition to closed"
        int highest = role.initiates(streamId) ? lastLocalId : lastRemoteId;
        return streamId > highest ? StreamState.IDLE : StreamState.CLOSED;
    }

    /** Why a closed stream closed; empty unless {@link #state} is CLOSED. */
    public Optional<CloseCause> closeCause(int streamId) {
        if (state(streamId) != StreamState.CLOSED) {
            return Optional.empty();
        }
        CloseCause cause = closed.get(streamId);
        return Optional.of(cause != null ? cause : CloseCause.UNKNOWN);
    }

    /**
     * How the sender of a frame on {@code streamId} had ended the stream, now, before the frame is applied:
     * {@code received} for a frame the peer sent, else one we sent. A stream the other side reset, or one closed
     * for a reason no longer remembered, says {@link SenderEnd#NOT_ENDED}: nothing is known against its sender.
     */
    public SenderEnd senderEnd(int streamId, boolean received) {
        if (streamId == 0) {
            return SenderEnd.NOT_ENDED;
        }
        StreamState state = state(streamId);
        if (state == (received ? StreamState.HALF_CLOSED_REMOTE : StreamState.HALF_CLOSED_LOCAL)) {
            return SenderEnd.END_STREAM;
        }
        if (state != StreamState.CLOSED) {
            return SenderEnd.NOT_ENDED;
        }
        CloseCause cause = closed.get(streamId);
        if (cause == CloseCause.END_STREAM) {
            return SenderEnd.END_STREAM; // both sides ended it
        }
        return cause == (received ? CloseCause.RESET_RECEIVED : CloseCause.RESET_SENT) ? SenderEnd.RST_STREAM
                : SenderEnd.NOT_ENDED;
    }

    /** The highest stream id we opened or reserved, 0 if none. */
    public int lastLocalId() {
        return lastLocalId;
    }

    /** The highest stream id the peer opened or reserved, 0 if none: the GOAWAY Last-Stream-ID. */
    public int lastRemoteId() {
        return lastRemoteId;
    }

    /** Our streams in open or half-closed states (§5.1.2). */
    public int activeLocal() {
        return activeLocal;
    }

    /** The peer's streams in open or half-closed states (§5.1.2). */
    public int activeRemote() {
        return activeRemote;
    }

    /** Streams the peer has promised and not yet opened or reset. */
    public int reservedRemote() {
        return reservedRemote;
    }

    /** How many closed streams are remembered with their cause (at most the configured memory). */
    public int rememberedClosed() {
        return closed.size();
    }

    /**
     * The id for our next stream, or empty when the 31-bit id space is used up: then a client
     * needs a new connection and a server sends GOAWAY (§5.1.1).
     */
    public OptionalInt nextLocalId() {
        if (lastLocalId == 0) {
            return OptionalInt.of(role.firstStreamId());
        }
        // RFC9113 §5.1.1: "Stream identifiers cannot be reused"
        return lastLocalId > MAX_STREAM_ID - 2 ? OptionalInt.empty() : OptionalInt.of(lastLocalId + 2);
    }

    /** Whether we may open a stream now: an id is left and the peer's limit is not reached. */
    public boolean canOpenLocal() {
        return nextLocalId().isPresent() && activeLocal < maxConcurrentLocal;
    }

    // ---------------------------------------------------------------- limits

    /** The peer's SETTINGS_MAX_CONCURRENT_STREAMS: how many streams we may have active. */
    public void setMaxConcurrentLocal(long max) {
        this.maxConcurrentLocal = checkLimit(max);
    }

    /** Our acknowledged SETTINGS_MAX_CONCURRENT_STREAMS: how many streams the peer may have active. */
    public void setMaxConcurrentRemote(long max) {
        this.maxConcurrentRemote = checkLimit(max);
    }

    // ---------------------------------------------------------------- transitions

    /**
     * Applies one input to one stream. On {@link Next} the new state is recorded; on
     * {@link Reject} nothing changes, except that a refused stream is recorded as closed by us.
     */
    public Transition apply(int streamId, StreamInput input) {
        StreamState from = state(streamId);
        Reject idRule = checkIdRules(streamId, input, from);
        if (idRule != null) {
            return idRule;
        }
        CloseCause cause = from == StreamState.CLOSED ? closeCause(streamId).orElseThrow() : null;
        Transition t = StreamTransitions.next(from, cause, input);
        if (!(t instanceof Next next) || next.state() == from) {
            return t;
        }
        StreamState to = next.state();
        boolean local = role.initiates(streamId);
        if (to.countsTowardConcurrency() && !from.countsTowardConcurrency()) {
            Reject refused = checkConcurrency(streamId, local, from);
            if (refused != null) {
                return refused;
            }
        }
        if (from == StreamState.IDLE && to == StreamState.RESERVED_REMOTE && reservedRemote >= maxReservedRemote) {
            // RFC9113 §6.6: "Recipients of PUSH_PROMISE frames can choose to reject promised streams by returning a RST_STREAM"
            markOpened(streamId, local);
            closeRefused(streamId, from);
            return new Reject(StreamRule.TOO_MANY_RESERVED_STREAMS,
                    "more than " + maxReservedRemote + " streams reserved by the peer");
        }
        if (from == StreamState.IDLE) {
            markOpened(streamId, local);
        }
        move(streamId, from, to, to == StreamState.CLOSED ? CloseCause.of(input) : null);
        return next;
    }

    /** Id, role and push rules that the state table cannot see. Null when none applies. */
    private Reject checkIdRules(int streamId, StreamInput input, StreamState from) {
        boolean local = role.initiates(streamId);
        switch (input) {
            case RECV_PUSH_PROMISE, RECV_PROMISED_ID -> {
                if (role == Role.SERVER) {
                    // RFC9113 §8.4: "servers MUST treat the receipt of a PUSH_PROMISE frame as a connection error ... PROTOCOL_ERROR"
                    return new Reject(StreamRule.PUSH_BY_CLIENT, "a client cannot push: PUSH_PROMISE received by a server");
                }
                if (input == StreamInput.RECV_PUSH_PROMISE && !local) {
                    // RFC9113 §6.6: "PUSH_PROMISE frames MUST only be sent on a peer-initiated stream"
                    return new Reject(StreamRule.PUSH_PROMISE_ON_PUSHER_STREAM, "PUSH_PROMISE on stream " + streamId
                            + ", which the server initiated");
                }
                if (input == StreamInput.RECV_PROMISED_ID && local) {
                    // RFC9113 §5.1.1: "those initiated by the server MUST use even-numbered stream identifiers"
                    return new Reject(StreamRule.PROMISED_STREAM_ID_NOT_EVEN, "promised stream " + streamId + " is not even");
                }
            }
            case SEND_PUSH_PROMISE, SEND_PROMISED_ID -> {
                if (role == Role.CLIENT) {
                    // RFC9113 §8.4: "A client cannot push"
                    return new Reject(StreamRule.PUSH_BY_CLIENT, "a client cannot push");
                }
                if (input == StreamInput.SEND_PUSH_PROMISE && local) {
                    // RFC9113 §6.6: "PUSH_PROMISE frames MUST only be sent on a peer-initiated stream"
                    return new Reject(StreamRule.PUSH_PROMISE_ON_PUSHER_STREAM, "PUSH_PROMISE on stream " + streamId
                            + ", which we initiated");
                }
                if (input == StreamInput.SEND_PROMISED_ID && !local) {
                    return new Reject(StreamRule.PROMISED_STREAM_ID_NOT_EVEN, "promised stream " + streamId + " is not even");
                }
            }
            case RECV_HEADERS -> {
                if (from == StreamState.IDLE && !Role.CLIENT.initiates(streamId)) {
                    // RFC9113 §5.1 idle: "If this stream is initiated by the server ... receiving a HEADERS frame MUST also be treated as a connection error ... PROTOCOL_ERROR"
                    return new Reject(StreamRule.HEADERS_ON_SERVER_STREAM, "HEADERS on idle server-initiated stream " + streamId);
                }
                if (from == StreamState.IDLE && local) {
                    // RFC9113 §5.1.1: "Streams initiated by a client MUST use odd-numbered stream identifiers"
                    return new Reject(StreamRule.SERVER_OPENS_CLIENT_STREAM, "the server opened stream " + streamId
                            + ", a client stream id");
                }
            }
            case SEND_HEADERS -> {
                if (from == StreamState.IDLE && !Role.CLIENT.initiates(streamId)) {
                    // RFC9113 §5.1 idle: a server-initiated stream leaves idle only by PUSH_PROMISE
                    return new Reject(StreamRule.HEADERS_ON_SERVER_STREAM, "HEADERS on idle server-initiated stream " + streamId);
                }
                if (from == StreamState.IDLE && !local) {
                    return new Reject(StreamRule.SERVER_OPENS_CLIENT_STREAM, "a server cannot open client stream " + streamId);
                }
            }
            default -> {
                // other inputs: only the state table applies
            }
        }
        return null;
    }

    private Reject checkConcurrency(int streamId, boolean local, StreamState from) {
        if (local) {
            if (activeLocal >= maxConcurrentLocal) {
                // RFC9113 §5.1.2: "Endpoints MUST NOT exceed the limit set by their peer"
                return new Reject(StreamRule.PEER_CONCURRENT_STREAMS_EXCEEDED,
                        "the peer allows " + maxConcurrentLocal + " concurrent streams");
            }
            return null;
        }
        if (activeRemote >= maxConcurrentRemote) {
            // RFC9113 §5.1.2: "a HEADERS frame that causes its advertised concurrent stream limit to be exceeded MUST treat this as a stream error ... PROTOCOL_ERROR or REFUSED_STREAM"
            // REFUSED_STREAM: nothing was processed, so the peer may retry (§8.7).
            if (from == StreamState.IDLE) {
                markOpened(streamId, false);
            }
            closeRefused(streamId, from);
            return new Reject(StreamRule.CONCURRENT_STREAMS_EXCEEDED,
                    "more than " + maxConcurrentRemote + " concurrent streams");
        }
        return null;
    }

    private void markOpened(int streamId, boolean local) {
        // RFC9113 §5.1.1: "The identifier of a newly established stream MUST be numerically greater than all streams that the initiating endpoint has opened or reserved"
        if (local) {
            lastLocalId = Math.max(lastLocalId, streamId);
        } else {
            lastRemoteId = Math.max(lastRemoteId, streamId);
        }
    }

    private void closeRefused(int streamId, StreamState from) {
        move(streamId, from, StreamState.CLOSED, CloseCause.RESET_SENT);
    }

    private void move(int streamId, StreamState from, StreamState to, CloseCause cause) {
        boolean local = role.initiates(streamId);
        if (from.countsTowardConcurrency()) {
            adjustActive(local, -1);
        }
        if (to.countsTowardConcurrency()) {
            adjustActive(local, +1);
        }
        if (from == StreamState.RESERVED_REMOTE) {
            reservedRemote--;
        }
        if (to == StreamState.RESERVED_REMOTE) {
            reservedRemote++;
        }
        if (to == StreamState.CLOSED) {
            live.remove(streamId);
            closed.remember(streamId, cause);
        } else {
            live.put(streamId, to);
        }
    }

    private void adjustActive(boolean local, int delta) {
        if (local) {
            activeLocal += delta;
        } else {
            activeRemote += delta;
        }
    }

    private static void checkId(int streamId) {
        if (streamId <= 0) {
            throw new IllegalArgumentException("stream id must be 1.." + MAX_STREAM_ID + ", got " + streamId
                    + " (stream 0 is the connection)");
        }
    }

    private static long checkLimit(long max) {
        if (max < 0) {
            throw new IllegalArgumentException("a stream limit must be >= 0, got " + max);
        }
        return max;
    }
}
