package io.h2scope.engine.testing.fault;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.flow.FlowRule;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.check.FieldBlockRule;
import io.h2scope.engine.frame.check.FrameRule;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackRule;
import io.h2scope.engine.http.MessageRule;
import io.h2scope.engine.settings.SettingsRule;
import io.h2scope.engine.stream.StreamRule;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A test fixture: one RFC rule the engine can be told to break, so that the conformance suite can
 * prove each case detects the violation it is written for (issue 5, "Proof that the verdicts are
 * right"). Three {@link Kind}s, grouped in this order:
 * <ul>
 *   <li>most swallow the error the engine raises for the rules they name: no RST_STREAM or GOAWAY is sent
 *       and the offending frame is dropped, which is how a server that "does not check" the rule behaves on
 *       the wire. The error is matched on the {@link Rule} it carries, nothing else;</li>
 *   <li>a limit fault lifts one of the {@link Limits};</li>
 *   <li>a misbehaviour (the last group) breaks a rule on the connection's own output: frames left out,
 *       rewritten or added, fields added to response heads, through the hooks of {@link Misbehaviour}; or an
 *       error raised where the RFC allows none ({@link #provokedBy}, {@link #provokedByRequest}).</li>
 * </ul>
 *
 * <p>A connection gets faults through {@code ConnectionConfig.withHooksForTesting(Faults.of(...))}.
 */
public enum Fault {
    /** RFC 9113 §6.9.1: a window above 2^31-1 after WINDOW_UPDATE is not a FLOW_CONTROL_ERROR. */
    IGNORES_WINDOW_UPDATE_OVERFLOW(FlowRule.STREAM_WINDOW_OVERFLOW, FlowRule.CONNECTION_WINDOW_OVERFLOW),
    /** RFC 9113 §6.9: a WINDOW_UPDATE increment of 0 is not a PROTOCOL_ERROR. */
    IGNORES_ZERO_WINDOW_INCREMENT(FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_STREAM, FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_CONNECTION),
    /** RFC 9113 §8.2.1: uppercase field names are not malformed. */
    ACCEPTS_UPPERCASE_FIELD_NAMES(MessageRule.FIELD_NAME_UPPERCASE),
    /** RFC 9113 §6.1 / §5.1: DATA on a closed or half-closed (remote) stream is not a STREAM_CLOSED error. */
    ACCEPTS_DATA_ON_CLOSED_STREAM(StreamRule.DATA_ON_CLOSED_STREAM, StreamRule.DATA_AFTER_END_STREAM),
    /** RFC 9113 §4.2: a frame above SETTINGS_MAX_FRAME_SIZE is not a FRAME_SIZE_ERROR. */
    ACCEPTS_FRAMES_OVER_MAX_SIZE(FrameRule.FRAME_TOO_LARGE_FOR_CONNECTION, FrameRule.FRAME_TOO_LARGE_FOR_STREAM),
    /** RFC 9113 §8.1.1: content-length is not checked against the DATA received. */
    IGNORES_CONTENT_LENGTH(MessageRule.CONTENT_LENGTH_MISMATCH),
    /** RFC 9113 §8.2.2: connection-specific fields (Connection, Keep-Alive, ...) are not malformed. */
    ACCEPTS_CONNECTION_SPECIFIC_FIELDS(MessageRule.CONNECTION_SPECIFIC_FIELD, MessageRule.TE_NOT_TRAILERS),
    /** RFC 7541 §6.1: index 0 is not a decoding error. */
    ACCEPTS_HPACK_INDEX_ZERO(HpackRule.INDEX_ZERO),
    /** RFC 7541 §5.2: a Huffman string holding EOS is not a decoding error. */
    ACCEPTS_HUFFMAN_EOS(HpackRule.HUFFMAN_EOS),
    /** RFC 9113 §10.5, CVE-2023-44487: no Rapid Reset limit (the RST_STREAM bucket is unbounded). */
    NO_RAPID_RESET_LIMIT(Kind.LIFTS_LIMIT) {
        @Override
        public Limits loosen(Limits l) {
            return l.toBuilder().rstReceived(Integer.MAX_VALUE, Integer.MAX_VALUE).build();
        }
    },
    /** RFC 9113 §10.5, the 2024 CONTINUATION floods: no CONTINUATION count or field block size limit. */
    NO_CONTINUATION_LIMIT(Kind.LIFTS_LIMIT) {
        @Override
        public Limits loosen(Limits l) {
            return l.toBuilder().glitches(Integer.MAX_VALUE, Integer.MAX_VALUE).maxContinuationFrames(Integer.MAX_VALUE)
                    .maxHeaderBlockBytes(Integer.MAX_VALUE).build();
        }
    },
    /** RFC 9113 §5.1.1 / §5.1: HEADERS from a client on an even (server-initiated) stream id is not a PROTOCOL_ERROR. */
    ACCEPTS_EVEN_STREAM_IDS(StreamRule.HEADERS_ON_SERVER_STREAM),
    /** RFC 9113 §5.1.1: a new stream id lower than one already opened is not a PROTOCOL_ERROR. */
    ACCEPTS_DECREASING_STREAM_IDS(StreamRule.STREAM_ID_NOT_INCREASING),
    /** RFC 9113 §6.5.2: SETTINGS_ENABLE_PUSH other than 0 or 1 is not a PROTOCOL_ERROR. */
    ACCEPTS_ENABLE_PUSH_2(SettingsRule.ENABLE_PUSH_NOT_0_OR_1),
    /** RFC 9113 §6.5.2: SETTINGS_MAX_FRAME_SIZE outside 16384..16777215 is not a PROTOCOL_ERROR. */
    ACCEPTS_MAX_FRAME_SIZE_OUT_OF_RANGE(SettingsRule.MAX_FRAME_SIZE_OUT_OF_RANGE),
    /** RFC 9113 §6.5.2: SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1 is not a FLOW_CONTROL_ERROR. */
    ACCEPTS_INITIAL_WINDOW_SIZE_TOO_LARGE(SettingsRule.INITIAL_WINDOW_SIZE_TOO_LARGE),
    /** RFC 7540 §5.3.1: a stream depending on itself is not a PROTOCOL_ERROR. */
    ACCEPTS_PRIORITY_SELF_DEPENDENCY(FrameRule.PRIORITY_SELF_DEPENDENCY_RFC7540),
    /** RFC 9113 §8.1: pseudo-header fields in trailers are not malformed. */
    ACCEPTS_PSEUDO_HEADERS_IN_TRAILERS(MessageRule.PSEUDO_HEADER_IN_TRAILERS),
    /** RFC 9113 §8.2.1: CR, LF, NUL or leading/trailing whitespace in a field value is not malformed. */
    ACCEPTS_INVALID_FIELD_VALUES(MessageRule.FIELD_VALUE_WHITESPACE_AT_EDGE, MessageRule.FIELD_VALUE_INVALID_CHARACTER),
    /** RFC 9113 §6.7: a PING whose length is not 8 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_PING_OF_WRONG_LENGTH(FrameRule.PING_WRONG_LENGTH),
    /** RFC 9113 §6.5: a SETTINGS ACK with a payload is not a FRAME_SIZE_ERROR. */
    ACCEPTS_SETTINGS_ACK_WITH_PAYLOAD(FrameRule.SETTINGS_ACK_WITH_PAYLOAD),

    // ------------------------------------------------ more rules left unchecked (swallowed errors)

    /** RFC 9113 §6.1: DATA on stream 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_DATA_ON_STREAM_ZERO(FrameRule.DATA_ON_STREAM_ZERO),
    /** RFC 9113 §6.2: HEADERS on stream 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_HEADERS_ON_STREAM_ZERO(FrameRule.HEADERS_ON_STREAM_ZERO),
    /** RFC 9113 §6.3: PRIORITY on stream 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_PRIORITY_ON_STREAM_ZERO(FrameRule.PRIORITY_ON_STREAM_ZERO),
    /** RFC 9113 §6.4: RST_STREAM on stream 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_RST_STREAM_ON_STREAM_ZERO(FrameRule.RST_STREAM_ON_STREAM_ZERO),
    /** RFC 9113 §6.5: SETTINGS on a stream other than 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_SETTINGS_ON_STREAM(FrameRule.SETTINGS_ON_STREAM),
    /** RFC 9113 §6.7: PING on a stream other than 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_PING_ON_STREAM(FrameRule.PING_ON_STREAM),
    /** RFC 9113 §6.8: GOAWAY on a stream other than 0 is not a PROTOCOL_ERROR. */
    ACCEPTS_GOAWAY_ON_STREAM(FrameRule.GOAWAY_ON_STREAM),
    /** RFC 9113 §6.3: a PRIORITY frame whose length is not 5 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_PRIORITY_OF_WRONG_LENGTH(FrameRule.PRIORITY_WRONG_LENGTH),
    /** RFC 9113 §6.4: a RST_STREAM frame whose length is not 4 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_RST_STREAM_OF_WRONG_LENGTH(FrameRule.RST_STREAM_WRONG_LENGTH),
    /** RFC 9113 §6.9: a WINDOW_UPDATE frame whose length is not 4 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_WINDOW_UPDATE_OF_WRONG_LENGTH(FrameRule.WINDOW_UPDATE_WRONG_LENGTH),
    /** RFC 9113 §6.5: a SETTINGS frame whose length is not a multiple of 6 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_SETTINGS_LENGTH_NOT_MULTIPLE_OF_6(FrameRule.SETTINGS_LENGTH_NOT_MULTIPLE_OF_6),
    /** RFC 9113 §6.1: DATA padding as long as the payload or longer is not a PROTOCOL_ERROR. */
    ACCEPTS_DATA_PADDING_TOO_LONG(FrameRule.DATA_PADDING_TOO_LONG),
    /** RFC 9113 §6.2: HEADERS padding longer than the room left for the field block is not a PROTOCOL_ERROR. */
    ACCEPTS_HEADERS_PADDING_TOO_LONG(FrameRule.HEADERS_PADDING_TOO_LONG),
    /** RFC 9113 §6.10: CONTINUATION without a preceding HEADERS (no field block open) is not a PROTOCOL_ERROR. */
    ACCEPTS_CONTINUATION_WITHOUT_HEADERS(FieldBlockRule.CONTINUATION_WITHOUT_FIELD_BLOCK),
    /** RFC 9113 §5.1.2: a HEADERS frame above our SETTINGS_MAX_CONCURRENT_STREAMS is not refused. */
    IGNORES_MAX_CONCURRENT_STREAMS(StreamRule.CONCURRENT_STREAMS_EXCEEDED),
    /** RFC 7541 §2.3.3: an index beyond the static and dynamic tables is not a decoding error. */
    ACCEPTS_HPACK_INDEX_OUT_OF_RANGE(HpackRule.INDEX_OUT_OF_RANGE),
    /** RFC 7541 §6.3: a dynamic table size update above SETTINGS_HEADER_TABLE_SIZE is not a decoding error. */
    ACCEPTS_TABLE_SIZE_UPDATE_ABOVE_LIMIT(HpackRule.SIZE_UPDATE_ABOVE_LIMIT),
    /** RFC 9113 §8.3: an undefined pseudo-header field (":test") is not malformed. */
    ACCEPTS_UNDEFINED_PSEUDO_HEADERS(MessageRule.PSEUDO_HEADER_UNDEFINED),
    /** RFC 9113 §8.3: a pseudo-header field repeated in one block is not malformed. */
    ACCEPTS_REPEATED_PSEUDO_HEADERS(MessageRule.PSEUDO_HEADER_REPEATED),
    /** RFC 9113 §8.3.1: a request without :method, :scheme or :path is not malformed. */
    ACCEPTS_MISSING_REQUEST_PSEUDO_HEADERS(MessageRule.REQUEST_PSEUDO_HEADER_MISSING),

    // ------------------------------------------------ misbehaviours: the connection's own output breaks a rule

    /** RFC 9113 §6.5.3: only the peer's first SETTINGS is ACKed (with our preface SETTINGS, in one write); later ones never. */
    ACKS_ONLY_FIRST_SETTINGS(Kind.MISBEHAVES),
    /** RFC 9113 §6.5.3: no SETTINGS is ever ACKed. */
    NEVER_ACKS_SETTINGS(Kind.MISBEHAVES),
    /** RFC 9113 §6.7: no PING is ever answered. */
    IGNORES_PING(Kind.MISBEHAVES),
    /** RFC 9113 §6.7: a PING is answered with an ACK whose payload differs from the PING's. */
    PING_ACK_WITH_OTHER_DATA(Kind.MISBEHAVES),
    /** RFC 9113 §6.5.3: a SETTINGS frame listing one identifier twice (which the RFC allows) gets GOAWAY PROTOCOL_ERROR. */
    GOAWAY_ON_REPEATED_SETTING(Kind.MISBEHAVES),
    /** RFC 9113 §4.2: DATA frames of up to 20,000 octets, above the peer's SETTINGS_MAX_FRAME_SIZE of 16,384. */
    SENDS_DATA_ABOVE_PEER_MAX_FRAME_SIZE(Kind.MISBEHAVES),
    /** RFC 9113 §8.2.1: every response head carries a field with an uppercase name ({@code X-Upper: 1}). */
    SENDS_UPPERCASE_RESPONSE_FIELD(Kind.MISBEHAVES),
    /** RFC 9113 §8.2.2: every response head carries the connection-specific {@code connection: keep-alive}. */
    SENDS_CONNECTION_SPECIFIC_RESPONSE_FIELD(Kind.MISBEHAVES),
    /** RFC 9113 §5.1: after each END_STREAM we send, one more (empty) DATA frame on that stream. */
    SENDS_DATA_AFTER_END_STREAM(Kind.MISBEHAVES),
    /** RFC 9113 §8.3: every response head carries the request pseudo-header {@code :path} after {@code :status}. */
    SENDS_REQUEST_PSEUDO_HEADER_IN_RESPONSE(Kind.MISBEHAVES),
    /** RFC 9113 §6.8: every GOAWAY we send names last stream 0, even after streams were processed. */
    WRONG_GOAWAY_LAST_STREAM_ID(Kind.MISBEHAVES),
    /** RFC 9113 §5.1: after each RST_STREAM we send, one (empty) DATA frame on that stream. */
    SENDS_FRAMES_ON_RESET_STREAM(Kind.MISBEHAVES),
    /** RFC 9113 §7: a RST_STREAM with an unknown error code is taken for a PROTOCOL_ERROR connection error. */
    REJECTS_UNKNOWN_RST_STREAM_CODE(Kind.MISBEHAVES) {
        @Override
        public H2Exception provokedBy(Frame frame) {
            return frame instanceof RstStreamFrame r ? unknownCode("RST_STREAM", r.errorCode()) : null;
        }
    },
    /** RFC 9113 §7: a GOAWAY with an unknown error code is taken for a PROTOCOL_ERROR connection error. */
    REJECTS_UNKNOWN_GOAWAY_CODE(Kind.MISBEHAVES) {
        @Override
        public H2Exception provokedBy(Frame frame) {
            return frame instanceof GoAwayFrame g ? unknownCode("GOAWAY", g.errorCode()) : null;
        }
    },
    /**
     * Not a break of the rule §7 states: every GOAWAY and RST_STREAM with an error code, known or not (NO_ERROR and
     * CANCEL aside), is answered with GOAWAY PROTOCOL_ERROR. The unknown-error-code cases must see, by their control
     * with INTERNAL_ERROR, that the unknown code is handled like a known one.
     */
    TAKES_ANY_ERROR_CODE_FOR_AN_ERROR(Kind.MISBEHAVES) {
        @Override
        public H2Exception provokedBy(Frame frame) {
            long code = frame instanceof GoAwayFrame g ? g.errorCode() & 0xffffffffL
                    : frame instanceof RstStreamFrame r ? r.errorCode() & 0xffffffffL : ErrorCode.NO_ERROR.code();
            return code == ErrorCode.NO_ERROR.code() || code == ErrorCode.CANCEL.code() ? null
                    : H2Errors.connection(FaultRule.ERROR_CODE_TAKEN_FOR_AN_ERROR,
                            "error code 0x" + Long.toHexString(code) + " taken for an error (test fault)");
        }
    },
    /** RFC 9113 §8.3.1: a request without :authority (which is not mandatory) is taken for a malformed one. */
    REFUSES_REQUEST_WITHOUT_AUTHORITY(Kind.MISBEHAVES) {
        @Override
        public H2Exception provokedByRequest(int streamId, List<HeaderField> fields) {
            for (HeaderField f : fields) {
                if (f.name().equals(":authority")) {
                    return null;
                }
            }
            return H2Errors.stream(streamId, FaultRule.REQUEST_WITHOUT_AUTHORITY_REFUSED,
                    "request without :authority refused (test fault)");
        }
    };

    private final Set<Rule> swallowed;
    private final Kind kind;

    /** What a fault does. */
    public enum Kind {
        /** Swallows the error the engine raises for one rule (no RST_STREAM or GOAWAY; the frame is dropped). */
        SWALLOWS_ERROR,
        /** Lifts one of the {@link Limits}. */
        LIFTS_LIMIT,
        /** Changes what the connection writes ({@link Misbehaviour}). */
        MISBEHAVES
    }

    /**
     * A misbehaviour fault: the error the engine raises on receiving {@code frame}, which it would otherwise
     * accept; null for every other fault. Asked only for RST_STREAM and GOAWAY, and only when a fault is on.
     */
    public H2Exception provokedBy(Frame frame) {
        return null;
    }

    /**
     * A misbehaviour fault: the error the engine raises for a request head its rules accepted; null for every
     * other fault. Asked only when a fault is on.
     */
    public H2Exception provokedByRequest(int streamId, List<HeaderField> fields) {
        return null;
    }

    private static H2Exception unknownCode(String frameType, int code) {
        if (ErrorCode.fromCode(code & 0xffffffffL).isPresent()) {
            return null;
        }
        return H2Errors.connection(FaultRule.UNKNOWN_ERROR_CODE_REJECTED,
                frameType + " error code 0x" + Integer.toHexString(code) + " is unknown (test fault)");
    }

    /** A fault that removes a limit does it here, once, when the connection is built; others keep them. */
    public Limits loosen(Limits limits) {
        return limits;
    }

    /** Swallows the errors raised for {@code rules}, and no other. */
    Fault(Rule first, Rule... more) {
        Set<Rule> rules = new HashSet<>();
        rules.add(first);
        rules.addAll(Arrays.asList(more));
        this.swallowed = Set.copyOf(rules);
        this.kind = Kind.SWALLOWS_ERROR;
    }

    /** A limit fault or a misbehaviour: it swallows no error. */
    Fault(Kind kind) {
        this.swallowed = Set.of();
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    /** The rules whose errors this fault swallows (none for a limit fault or a misbehaviour). */
    public Set<Rule> swallowed() {
        return swallowed;
    }

    /** Whether this fault swallows {@code error}: whether it names the rule the error carries. */
    public boolean swallows(H2Exception error) {
        return swallowed.contains(error.rule());
    }
}
