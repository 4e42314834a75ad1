package io.h2scope.engine.stream;

import static io.h2scope.engine.stream.StreamInput.RECV_DATA;
import static io.h2scope.engine.stream.StreamInput.RECV_END_STREAM;
import static io.h2scope.engine.stream.StreamInput.RECV_HEADERS;
import static io.h2scope.engine.stream.StreamInput.RECV_PRIORITY;
import static io.h2scope.engine.stream.StreamInput.RECV_PROMISED_ID;
import static io.h2scope.engine.stream.StreamInput.RECV_PUSH_PROMISE;
import static io.h2scope.engine.stream.StreamInput.RECV_RST_STREAM;
import static io.h2scope.engine.stream.StreamInput.RECV_WINDOW_UPDATE;
import static io.h2scope.engine.stream.StreamInput.SEND_DATA;
import static io.h2scope.engine.stream.StreamInput.SEND_END_STREAM;
import static io.h2scope.engine.stream.StreamInput.SEND_HEADERS;
import static io.h2scope.engine.stream.StreamInput.SEND_PRIORITY;
import static io.h2scope.engine.stream.StreamInput.SEND_PROMISED_ID;
import static io.h2scope.engine.stream.StreamInput.SEND_PUSH_PROMISE;
import static io.h2scope.engine.stream.StreamInput.SEND_RST_STREAM;
import static io.h2scope.engine.stream.StreamInput.SEND_WINDOW_UPDATE;

import io.h2scope.engine.stream.Transition.Next;
import io.h2scope.engine.stream.Transition.Reject;
import java.util.EnumMap;
import java.util.Objects;

/**
 * The stream state machine of RFC 9113 §5.1 as one table: row (state, and for CLOSED the
 * {@link CloseCause}) times {@link StreamInput}, each cell a {@link Transition}. This table is
 * the single source of truth; nothing else in the engine decides whether a frame fits a state.
 * Its golden copy, reviewed line by line against §5.1, is {@code stream-transitions.csv} in the
 * test resources.
 *
 * <p>Rules that need more than the state (stream-id parity, who may push, id ordering,
 * MAX_CONCURRENT_STREAMS) live in {@link StreamRegistry}, which consults this table last.
 *
 * <p>Where the RFC leaves a choice, the table takes:
 * <ul>
 *   <li>HEADERS on a closed stream the peer knows is closed: connection error STREAM_CLOSED
 *       (§5.1 "closed": "MAY treat ... as a connection error ... of type STREAM_CLOSED");
 *       DATA there: stream error STREAM_CLOSED (§6.1 makes that a MUST).</li>
 *   <li>PUSH_PROMISE on any stream that is neither open nor half-closed (local): connection
 *       PROTOCOL_ERROR (§6.6), also in half-closed (remote), where §5.1's generic STREAM_CLOSED
 *       would leave the promised stream's state indeterminate.</li>
 *   <li>WINDOW_UPDATE, RST_STREAM and PRIORITY on any closed stream: ignored (§5.1, §6.9).</li>
 *   <li>After we sent RST_STREAM: every received frame is discarded (§5.1), with no time limit
 *       other than the registry's bounded memory.</li>
 * </ul>
 */
public final class StreamTransitions {

    /** Table rows: the six live states, and CLOSED split by what the peer knows. */
    private enum Row {
        IDLE, RESERVED_LOCAL, RESERVED_REMOTE, OPEN, HALF_CLOSED_LOCAL, HALF_CLOSED_REMOTE,
        /** Closed by END_STREAM both ways or by the peer's RST_STREAM: the peer knows. */
        CLOSED,
        /** Closed by our RST_STREAM: the peer may not know yet. */
        CLOSED_RESET_SENT,
        /** Closed by skipping (§5.1.1) or forgotten. */
        CLOSED_UNKNOWN
    }

    private static final EnumMap<StreamState, Next> NEXT = new EnumMap<>(StreamState.class);
    private static final EnumMap<Row, EnumMap<StreamInput, Transition>> TABLE = new EnumMap<>(Row.class);

    static {
        for (StreamState s : StreamState.values()) {
            NEXT.put(s, new Next(s));
        }
        idle();
        reservedLocal();
        reservedRemote();
        open();
        halfClosedLocal();
        halfClosedRemote();
        for (Row closed : new Row[] {Row.CLOSED, Row.CLOSED_RESET_SENT, Row.CLOSED_UNKNOWN}) {
            closed(closed);
        }
        for (Row row : Row.values()) {
            for (StreamInput input : StreamInput.values()) {
                if (!TABLE.get(row).containsKey(input)) {
                    throw new ExceptionInInitializerError("no transition for " + row + " x " + input);
                }
            }
        }
    }

    private StreamTransitions() {
    }

    /**
     * The transition for {@code input} in {@code state}. {@code cause} is required when
     * {@code state} is CLOSED and ignored otherwise.
     */
    public static Transition next(StreamState state, CloseCause cause, StreamInput input) {
        Objects.requireNonNull(input, "input");
        return TABLE.get(row(state, cause)).get(input);
    }

    /** The transition for a state other than CLOSED (which needs a {@link CloseCause}). */
    public static Transition next(StreamState state, StreamInput input) {
        return next(state, null, input);
    }

    private static Row row(StreamState state, CloseCause cause) {
        Objects.requireNonNull(state, "state");
        return switch (state) {
            case IDLE -> Row.IDLE;
            case RESERVED_LOCAL -> Row.RESERVED_LOCAL;
            case RESERVED_REMOTE -> Row.RESERVED_REMOTE;
            case OPEN -> Row.OPEN;
            case HALF_CLOSED_LOCAL -> Row.HALF_CLOSED_LOCAL;
            case HALF_CLOSED_REMOTE -> Row.HALF_CLOSED_REMOTE;
            case CLOSED -> switch (Objects.requireNonNull(cause, "a CLOSED stream needs its CloseCause")) {
                case END_STREAM, RESET_RECEIVED -> Row.CLOSED;
                case RESET_SENT -> Row.CLOSED_RESET_SENT;
                case UNKNOWN -> Row.CLOSED_UNKNOWN;
            };
        };
    }

    // ---------------------------------------------------------------- the table, by row

    private static void idle() {
        EnumMap<StreamInput, Transition> r = row(Row.IDLE);
        // RFC9113 §5.1 idle: "Sending a HEADERS frame as a client, or receiving a HEADERS frame as a server, causes the stream to become open"
        r.put(SEND_HEADERS, NEXT.get(StreamState.OPEN));
        r.put(RECV_HEADERS, NEXT.get(StreamState.OPEN));
        // RFC9113 §5.1 idle: "Sending a PUSH_PROMISE frame on another stream reserves the idle stream"
        r.put(SEND_PROMISED_ID, NEXT.get(StreamState.RESERVED_LOCAL));
        r.put(RECV_PROMISED_ID, NEXT.get(StreamState.RESERVED_REMOTE));
        // RFC9113 §6.3: "The PRIORITY frame can be sent on a stream in any state, including idle"
        r.put(SEND_PRIORITY, NEXT.get(StreamState.IDLE));
        r.put(RECV_PRIORITY, NEXT.get(StreamState.IDLE));
        // RFC9113 §5.1 idle: "Receiving any frame other than HEADERS or PRIORITY ... connection error ... PROTOCOL_ERROR"
        String idleOther = "frame other than HEADERS or PRIORITY on an idle stream";
        r.put(RECV_DATA, reject(StreamRule.FRAME_ON_IDLE_STREAM, "DATA on an idle stream"));
        r.put(RECV_END_STREAM, reject(StreamRule.FRAME_ON_IDLE_STREAM, "END_STREAM on an idle stream"));
        r.put(RECV_WINDOW_UPDATE, reject(StreamRule.FRAME_ON_IDLE_STREAM, "WINDOW_UPDATE on an idle stream"));
        r.put(RECV_PUSH_PROMISE, reject(StreamRule.FRAME_ON_IDLE_STREAM, "PUSH_PROMISE carried on an idle stream"));
        // RFC9113 §6.4: "If a RST_STREAM frame identifying an idle stream is received ... connection error ... PROTOCOL_ERROR"
        r.put(RECV_RST_STREAM, reject(StreamRule.RST_STREAM_ON_IDLE_STREAM, "RST_STREAM on an idle stream"));
        // Sending: the peer would apply the same rules.
        r.put(SEND_DATA, reject(StreamRule.FRAME_ON_IDLE_STREAM, idleOther));
        r.put(SEND_END_STREAM, reject(StreamRule.FRAME_ON_IDLE_STREAM, idleOther));
        r.put(SEND_WINDOW_UPDATE, reject(StreamRule.FRAME_ON_IDLE_STREAM, idleOther));
        // RFC9113 §6.6: "A sender MUST NOT send a PUSH_PROMISE on a stream unless that stream is either open or half-closed (remote)"
        r.put(SEND_PUSH_PROMISE, reject(StreamRule.PUSH_PROMISE_SENT_ON_STREAM_NOT_OPEN, "PUSH_PROMISE carried on an idle stream"));
        // RFC9113 §6.4: "RST_STREAM frames MUST NOT be sent for a stream in the idle state"
        r.put(SEND_RST_STREAM, reject(StreamRule.RST_STREAM_ON_IDLE_STREAM, "RST_STREAM on an idle stream"));
    }

    private static void reservedLocal() {
        EnumMap<StreamInput, Transition> r = row(Row.RESERVED_LOCAL);
        // RFC9113 §5.1 reserved (local): "The endpoint can send a HEADERS frame. This causes the stream to open in a half-closed (remote) state"
        r.put(SEND_HEADERS, NEXT.get(StreamState.HALF_CLOSED_REMOTE));
        // RFC9113 §5.1 reserved (local): "Either endpoint can send a RST_STREAM frame to cause the stream to become closed"
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(SEND_PRIORITY, NEXT.get(StreamState.RESERVED_LOCAL));
        // RFC9113 §5.1 reserved (local): "A PRIORITY or WINDOW_UPDATE frame MAY be received in this state"
        r.put(RECV_PRIORITY, NEXT.get(StreamState.RESERVED_LOCAL));
        r.put(RECV_WINDOW_UPDATE, NEXT.get(StreamState.RESERVED_LOCAL));
        // RFC9113 §5.1 reserved (local): "Receiving any type of frame other than RST_STREAM, PRIORITY, or WINDOW_UPDATE ... PROTOCOL_ERROR"
        String recvOther = "frame other than RST_STREAM, PRIORITY or WINDOW_UPDATE on a reserved (local) stream";
        r.put(RECV_HEADERS, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_DATA, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_END_STREAM, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_PUSH_PROMISE, reject(StreamRule.PUSH_PROMISE_ON_STREAM_NOT_OPEN, "PUSH_PROMISE on a stream neither open nor half-closed (local)"));
        r.put(RECV_PROMISED_ID, promisedNotIdle());
        // RFC9113 §5.1 reserved (local): "An endpoint MUST NOT send any type of frame other than HEADERS, RST_STREAM, or PRIORITY"
        String sendOther = "frame other than HEADERS, RST_STREAM or PRIORITY sent on a reserved (local) stream";
        r.put(SEND_DATA, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_END_STREAM, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_WINDOW_UPDATE, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_PUSH_PROMISE, sendPushNotOpen());
        r.put(SEND_PROMISED_ID, promisedNotIdle());
    }

    private static void reservedRemote() {
        EnumMap<StreamInput, Transition> r = row(Row.RESERVED_REMOTE);
        // RFC9113 §5.1 reserved (remote): "Receiving a HEADERS frame causes the stream to transition to half-closed (local)"
        r.put(RECV_HEADERS, NEXT.get(StreamState.HALF_CLOSED_LOCAL));
        // RFC9113 §5.1 reserved (remote): "Either endpoint can send a RST_STREAM frame to cause the stream to become closed"
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_PRIORITY, NEXT.get(StreamState.RESERVED_REMOTE));
        // RFC9113 §5.1 reserved (remote): "An endpoint MUST NOT send any type of frame other than RST_STREAM, WINDOW_UPDATE, or PRIORITY"
        r.put(SEND_PRIORITY, NEXT.get(StreamState.RESERVED_REMOTE));
        r.put(SEND_WINDOW_UPDATE, NEXT.get(StreamState.RESERVED_REMOTE));
        String sendOther = "frame other than RST_STREAM, WINDOW_UPDATE or PRIORITY sent on a reserved (remote) stream";
        r.put(SEND_HEADERS, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_DATA, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_END_STREAM, reject(StreamRule.FRAME_ON_RESERVED_STREAM, sendOther));
        r.put(SEND_PUSH_PROMISE, sendPushNotOpen());
        r.put(SEND_PROMISED_ID, promisedNotIdle());
        // RFC9113 §5.1 reserved (remote): "Receiving any type of frame other than HEADERS, RST_STREAM, or PRIORITY ... PROTOCOL_ERROR"
        String recvOther = "frame other than HEADERS, RST_STREAM or PRIORITY on a reserved (remote) stream";
        r.put(RECV_DATA, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_END_STREAM, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_WINDOW_UPDATE, reject(StreamRule.FRAME_ON_RESERVED_STREAM, recvOther));
        r.put(RECV_PUSH_PROMISE, reject(StreamRule.PUSH_PROMISE_ON_STREAM_NOT_OPEN, "PUSH_PROMISE on a stream neither open nor half-closed (local)"));
        r.put(RECV_PROMISED_ID, promisedNotIdle());
    }

    private static void open() {
        EnumMap<StreamInput, Transition> r = row(Row.OPEN);
        // RFC9113 §5.1 open: "may be used by both peers to send frames of any type"
        for (StreamInput in : StreamInput.values()) {
            r.put(in, NEXT.get(StreamState.OPEN));
        }
        // RFC9113 §5.1 open: "An endpoint sending an END_STREAM flag causes the stream state to become half-closed (local)"
        r.put(SEND_END_STREAM, NEXT.get(StreamState.HALF_CLOSED_LOCAL));
        r.put(RECV_END_STREAM, NEXT.get(StreamState.HALF_CLOSED_REMOTE));
        // RFC9113 §5.1 open: "Either endpoint can send a RST_STREAM frame from this state, causing it to transition immediately to closed"
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(SEND_PROMISED_ID, promisedNotIdle());
        r.put(RECV_PROMISED_ID, promisedNotIdle());
    }

    private static void halfClosedLocal() {
        EnumMap<StreamInput, Transition> r = row(Row.HALF_CLOSED_LOCAL);
        // RFC9113 §5.1 half-closed (local): "An endpoint can receive any type of frame in this state"
        for (StreamInput in : StreamInput.values()) {
            r.put(in, NEXT.get(StreamState.HALF_CLOSED_LOCAL));
        }
        // RFC9113 §5.1 half-closed (local): "transitions ... to closed when a frame is received with the END_STREAM flag set or when either peer sends a RST_STREAM"
        r.put(RECV_END_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_PROMISED_ID, promisedNotIdle());
        r.put(SEND_PROMISED_ID, promisedNotIdle());
        // RFC9113 §5.1 half-closed (local): "cannot be used for sending frames other than WINDOW_UPDATE, PRIORITY, and RST_STREAM"
        // (the peer is half-closed (remote) and answers with a stream error STREAM_CLOSED)
        String sendOther = "frame other than WINDOW_UPDATE, PRIORITY or RST_STREAM sent after our END_STREAM";
        r.put(SEND_HEADERS, reject(StreamRule.FRAME_AFTER_END_STREAM, sendOther));
        r.put(SEND_DATA, reject(StreamRule.FRAME_AFTER_END_STREAM, sendOther));
        r.put(SEND_END_STREAM, reject(StreamRule.FRAME_AFTER_END_STREAM, sendOther));
        r.put(SEND_PUSH_PROMISE, sendPushNotOpen());
    }

    private static void halfClosedRemote() {
        EnumMap<StreamInput, Transition> r = row(Row.HALF_CLOSED_REMOTE);
        // RFC9113 §5.1 half-closed (remote): "can be used by the endpoint to send frames of any type"
        for (StreamInput in : StreamInput.values()) {
            r.put(in, NEXT.get(StreamState.HALF_CLOSED_REMOTE));
        }
        // RFC9113 §5.1 half-closed (remote): "can transition ... to closed by sending a frame with the END_STREAM flag set or when either peer sends a RST_STREAM"
        r.put(SEND_END_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        r.put(SEND_PROMISED_ID, promisedNotIdle());
        r.put(RECV_PROMISED_ID, promisedNotIdle());
        // RFC9113 §5.1 half-closed (remote): "frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM ... MUST respond with a stream error ... STREAM_CLOSED"
        String recvOther = "frame other than WINDOW_UPDATE, PRIORITY or RST_STREAM after the peer's END_STREAM";
        r.put(RECV_HEADERS, reject(StreamRule.FRAME_AFTER_END_STREAM, recvOther));
        r.put(RECV_DATA, reject(StreamRule.DATA_AFTER_END_STREAM, "DATA after the peer's END_STREAM"));
        r.put(RECV_END_STREAM, reject(StreamRule.FRAME_AFTER_END_STREAM, recvOther));
        // RFC9113 §6.6: "receipt of a PUSH_PROMISE on a stream that is neither open nor half-closed (local) as a connection error ... PROTOCOL_ERROR"
        r.put(RECV_PUSH_PROMISE, reject(StreamRule.PUSH_PROMISE_ON_STREAM_NOT_OPEN, "PUSH_PROMISE on a stream neither open nor half-closed (local)"));
    }

    private static void closed(Row row) {
        EnumMap<StreamInput, Transition> r = row(row);
        // Receiving. RFC9113 §5.1 closed: "might receive a WINDOW_UPDATE or RST_STREAM frame from its peer"; §6.3 PRIORITY in any state
        r.put(RECV_PRIORITY, NEXT.get(StreamState.CLOSED));
        r.put(RECV_WINDOW_UPDATE, NEXT.get(StreamState.CLOSED));
        r.put(RECV_RST_STREAM, NEXT.get(StreamState.CLOSED));
        // RFC9113 §6.6: "A receiver MUST treat the receipt of a PUSH_PROMISE that promises an illegal stream identifier ... PROTOCOL_ERROR"
        r.put(RECV_PROMISED_ID, promisedNotIdle());
        if (row == Row.CLOSED_RESET_SENT) {
            // RFC9113 §5.1 closed: after sending RST_STREAM an endpoint "could receive any type of frame ... MUST minimally process and then discard"
            // RFC9113 §6.6: "an endpoint that has sent RST_STREAM on the associated stream MUST handle PUSH_PROMISE frames"
            for (StreamInput in : new StreamInput[] {RECV_HEADERS, RECV_DATA, RECV_END_STREAM, RECV_PUSH_PROMISE}) {
                r.put(in, NEXT.get(StreamState.CLOSED));
            }
        } else {
            // RFC9113 §6.1: "If a DATA frame is received whose stream is not in the open or half-closed (local) state ... stream error ... STREAM_CLOSED"
            r.put(RECV_DATA, reject(StreamRule.DATA_ON_CLOSED_STREAM, "DATA on a closed stream"));
            r.put(RECV_END_STREAM, reject(StreamRule.END_STREAM_ON_CLOSED_STREAM, "END_STREAM on a closed stream"));
            // RFC9113 §6.6: "receipt of a PUSH_PROMISE on a stream that is neither open nor half-closed (local) ... PROTOCOL_ERROR"
            r.put(RECV_PUSH_PROMISE, reject(StreamRule.PUSH_PROMISE_ON_STREAM_NOT_OPEN, "PUSH_PROMISE on a closed stream"));
            if (row == Row.CLOSED) {
                // RFC9113 §5.1 closed: "MAY treat receipt of any other type of frame on a closed stream as a connection error ... STREAM_CLOSED"
                r.put(RECV_HEADERS, reject(StreamRule.FRAME_ON_CLOSED_STREAM, "HEADERS on a closed stream"));
            } else {
                // RFC9113 §5.1.1: "The identifier of a newly established stream MUST be numerically greater than all streams that the initiating endpoint has opened"
                r.put(RECV_HEADERS, reject(StreamRule.STREAM_ID_NOT_INCREASING, "HEADERS on a stream id lower than one already opened"));
            }
        }
        // Sending. RFC9113 §5.1 closed: "An endpoint MUST NOT send frames other than PRIORITY on a closed stream"
        r.put(SEND_PRIORITY, NEXT.get(StreamState.CLOSED));
        // RFC9113 §5.4.2: a stream error on a closed stream is still answered with RST_STREAM; it stays closed
        r.put(SEND_RST_STREAM, NEXT.get(StreamState.CLOSED));
        String sendOther = "frame other than PRIORITY sent on a closed stream";
        r.put(SEND_HEADERS, reject(StreamRule.FRAME_ON_CLOSED_STREAM, sendOther));
        r.put(SEND_DATA, reject(StreamRule.DATA_ON_CLOSED_STREAM, "DATA sent on a closed stream"));
        r.put(SEND_END_STREAM, reject(StreamRule.END_STREAM_ON_CLOSED_STREAM, sendOther));
        r.put(SEND_WINDOW_UPDATE, reject(StreamRule.FRAME_ON_CLOSED_STREAM, sendOther));
        r.put(SEND_PUSH_PROMISE, sendPushNotOpen());
        r.put(SEND_PROMISED_ID, promisedNotIdle());
    }

    // ---------------------------------------------------------------- helpers

    private static EnumMap<StreamInput, Transition> row(Row row) {
        return TABLE.computeIfAbsent(row, r -> new EnumMap<>(StreamInput.class));
    }

    private static Reject reject(StreamRule rule, String why) {
        return new Reject(rule, why);
    }

    private static Reject promisedNotIdle() {
        // RFC9113 §6.6: "an illegal stream identifier is an identifier for a stream that is not currently in the idle state"
        return reject(StreamRule.PROMISED_STREAM_NOT_IDLE, "PUSH_PROMISE promises a stream that is not idle");
    }

    private static Reject sendPushNotOpen() {
        // RFC9113 §6.6: "A sender MUST NOT send a PUSH_PROMISE on a stream unless that stream is either open or half-closed (remote)"
        return reject(StreamRule.PUSH_PROMISE_SENT_ON_STREAM_NOT_OPEN, "PUSH_PROMISE sent on a stream neither open nor half-closed (remote)");
    }
}
