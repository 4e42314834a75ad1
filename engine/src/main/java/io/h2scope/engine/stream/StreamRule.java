package io.h2scope.engine.stream;

import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorCode.REFUSED_STREAM;
import static io.h2scope.engine.error.ErrorCode.STREAM_CLOSED;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * The stream rules of RFC 9113 §5.1 (states), §5.1.1 (identifiers), §5.1.2 (concurrency) and §6.6 / §8.4
 * (push): which frame a stream in a given state may carry, who may open or push which stream. The
 * {@link StreamTransitions} table and the {@link StreamRegistry} name one of these for every refusal.
 */
public enum StreamRule implements Rule {

    /** §5.1 idle: a frame other than HEADERS or PRIORITY on an idle stream. */
    FRAME_ON_IDLE_STREAM(rfc("5.1"), CONNECTION, PROTOCOL_ERROR,
            "Receiving any frame other than HEADERS or PRIORITY on a stream in this state MUST be treated as "
                + "a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.4: RST_STREAM on an idle stream. */
    RST_STREAM_ON_IDLE_STREAM(rfc("6.4"), CONNECTION, PROTOCOL_ERROR,
            "If a RST_STREAM frame identifying an idle stream is received, the recipient MUST treat this as "
                + "a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §5.1 reserved (local) and reserved (remote): a frame the reserved state does not allow. */
    FRAME_ON_RESERVED_STREAM(rfc("5.1"), CONNECTION, PROTOCOL_ERROR,
            "Receiving any type of frame other than HEADERS, RST_STREAM, or PRIORITY on a stream in this "
                + "state MUST be treated as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §5.1 half-closed: a frame other than WINDOW_UPDATE, PRIORITY or RST_STREAM after END_STREAM. */
    FRAME_AFTER_END_STREAM(rfc("5.1"), STREAM, STREAM_CLOSED,
            Quote.HALF),
    /** §5.1 half-closed (remote): DATA after the peer's END_STREAM. */
    DATA_AFTER_END_STREAM(rfc("5.1"), STREAM, STREAM_CLOSED,
            Quote.HALF),
    /** §6.1: DATA on a closed stream. */
    DATA_ON_CLOSED_STREAM(rfc("6.1"), STREAM, STREAM_CLOSED,
            "If a DATA frame is received whose stream is not in the \"open\" or \"half-closed (local)\" state, "
                + "the recipient MUST respond with a stream error (Section 5.4.2) of type STREAM_CLOSED."),
    /** §5.1 closed: END_STREAM on a closed stream. */
    END_STREAM_ON_CLOSED_STREAM(rfc("5.1"), STREAM, STREAM_CLOSED,
            "An endpoint MUST NOT send frames other than PRIORITY on a closed stream."),
    /** §5.1 closed: HEADERS or WINDOW_UPDATE on a stream both peers know is closed (the connection error the RFC allows). */
    FRAME_ON_CLOSED_STREAM(rfc("5.1"), CONNECTION, STREAM_CLOSED,
            "An endpoint MAY treat receipt of any other type of frame on a closed stream as a connection "
                + "error (Section 5.4.1) of type STREAM_CLOSED, except as noted below."),
    /** §5.1.1: a new stream id not above every id the peer already opened. */
    STREAM_ID_NOT_INCREASING(rfc("5.1.1"), CONNECTION, PROTOCOL_ERROR,
            "The identifier of a newly established stream MUST be numerically greater than all streams that "
                + "the initiating endpoint has opened or reserved."),
    /** §5.1 idle: HEADERS opening a server-initiated (even) stream. */
    HEADERS_ON_SERVER_STREAM(rfc("5.1"), CONNECTION, PROTOCOL_ERROR,
            "If this stream is initiated by the server, as described in Section 5.1.1, then receiving a "
                + "HEADERS frame MUST also be treated as a connection error (Section 5.4.1) of type "
                + "PROTOCOL_ERROR."),
    /** §5.1.1: a server opening a client (odd) stream id. */
    SERVER_OPENS_CLIENT_STREAM(rfc("5.1.1"), CONNECTION, PROTOCOL_ERROR,
            Quote.PARITY),
    /** §5.1.2: a new stream above the MAX_CONCURRENT_STREAMS we announced. */
    CONCURRENT_STREAMS_EXCEEDED(rfc("5.1.2"), STREAM, REFUSED_STREAM,
            "An endpoint that receives a HEADERS frame that causes its advertised concurrent stream limit to "
                + "be exceeded MUST treat this as a stream error (Section 5.4.2) of type PROTOCOL_ERROR or "
                + "REFUSED_STREAM."),
    /** §5.1.2: a stream of ours above the peer's MAX_CONCURRENT_STREAMS (refused before sending). */
    PEER_CONCURRENT_STREAMS_EXCEEDED(rfc("5.1.2"), STREAM, REFUSED_STREAM,
            "Endpoints MUST NOT exceed the limit set by their peer."),
    /** §8.4: a client cannot push. */
    PUSH_BY_CLIENT(rfc("8.4"), CONNECTION, PROTOCOL_ERROR,
            "A client cannot push. Thus, servers MUST treat the receipt of a PUSH_PROMISE frame as a "
                + "connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.6: PUSH_PROMISE although we announced SETTINGS_ENABLE_PUSH=0. */
    PUSH_DISABLED(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "An endpoint that has set this setting and has received acknowledgment MUST treat the receipt of "
                + "a PUSH_PROMISE frame as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.6: PUSH_PROMISE on a stream the pusher initiated itself. */
    PUSH_PROMISE_ON_PUSHER_STREAM(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "PUSH_PROMISE frames MUST only be sent on a peer-initiated stream that is in either the \"open\" "
                + "or \"half-closed (remote)\" state."),
    /** §5.1.1: a promised stream id that is not even. */
    PROMISED_STREAM_ID_NOT_EVEN(rfc("5.1.1"), CONNECTION, PROTOCOL_ERROR,
            Quote.PARITY),
    /** §6.6: a received PUSH_PROMISE on a stream neither open nor half-closed (local). */
    PUSH_PROMISE_ON_STREAM_NOT_OPEN(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "A receiver MUST treat the receipt of a PUSH_PROMISE on a stream that is neither \"open\" nor "
                + "\"half-closed (local)\" as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.6: PUSH_PROMISE sent on a stream neither open nor half-closed (remote). */
    PUSH_PROMISE_SENT_ON_STREAM_NOT_OPEN(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "A sender MUST NOT send a PUSH_PROMISE on a stream unless that stream is either \"open\" or "
                + "\"half-closed (remote)\"; the sender MUST ensure that the promised stream is a valid choice for a "
                + "new stream identifier (Section 5.1.1) (that is, the promised stream MUST be in the \"idle\" "
                + "state)."),
    /** §6.6: a promised stream that is not idle. */
    PROMISED_STREAM_NOT_IDLE(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "A receiver MUST treat the receipt of a PUSH_PROMISE that promises an illegal stream identifier "
                + "(Section 5.1.1) as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    /** §6.6: more streams reserved by the peer's pushes than we keep (the promised stream is refused). */
    TOO_MANY_RESERVED_STREAMS(rfc("6.6"), STREAM, REFUSED_STREAM,
            "A client that accepts server push SHOULD limit the number of streams it allows to be in the "
                + "\"reserved (remote)\" state.");

    private final RuleFacts facts;

    StreamRule(SpecRef spec, ErrorScope scope, ErrorCode code, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }

    /** The RFC sentences more than one rule quotes. */
    private static final class Quote {
        static final String HALF = "If an endpoint receives additional frames, other than WINDOW_UPDATE, PRIORITY, or RST_STREAM, "
                + "for a stream that is in this state, it MUST respond with a stream error (Section 5.4.2) of type "
                + "STREAM_CLOSED.";
        static final String PARITY = "Streams initiated by a client MUST use odd-numbered stream identifiers; those initiated by the "
                + "server MUST use even-numbered stream identifiers.";
    }
}
