package io.h2scope.engine.core.fault;

import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.error.H2Exception;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import java.util.List;
import java.util.Locale;

/**
 * FOR TESTS ONLY: one RFC rule the engine can be told to break, so that the conformance suite can
 * prove each case detects the violation it is written for (issue 5, "Proof that the verdicts are
 * right"). A fault swallows the error the engine raises for that rule: no RST_STREAM or GOAWAY is
 * sent and the offending frame is dropped, which is how a server that "does not check" the rule
 * behaves on the wire; a limit fault instead lifts one of the {@link Limits}; a misbehaviour fault makes the
 * engine raise an error where the RFC allows none ({@link #provokedBy}, {@link #provokedByRequest}). Matched on the typed error (scope, code, RFC section) and, where one
 * section holds several rules, a word of its detail.
 *
 * <p>Reachable only through {@code ConnectionConfig.withFaultsForTesting}; never from the CLI.
 */
public enum Fault {
    /** RFC 9113 §6.9.1: a window above 2^31-1 after WINDOW_UPDATE is not a FLOW_CONTROL_ERROR. */
    IGNORES_WINDOW_UPDATE_OVERFLOW(null, ErrorCode.FLOW_CONTROL_ERROR, "6.9.1", null),
    /** RFC 9113 §6.9: a WINDOW_UPDATE increment of 0 is not a PROTOCOL_ERROR. */
    IGNORES_ZERO_WINDOW_INCREMENT(null, ErrorCode.PROTOCOL_ERROR, "6.9", null),
    /** RFC 9113 §8.2.1: uppercase field names are not malformed. */
    ACCEPTS_UPPERCASE_FIELD_NAMES(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, null, "uppercase"),
    /** RFC 9113 §6.1 / §5.1: DATA on a closed or half-closed (remote) stream is not a STREAM_CLOSED error. */
    ACCEPTS_DATA_ON_CLOSED_STREAM(ErrorScope.STREAM, ErrorCode.STREAM_CLOSED, null, "data"),
    /** RFC 9113 §4.2: a frame above SETTINGS_MAX_FRAME_SIZE is not a FRAME_SIZE_ERROR. */
    ACCEPTS_FRAMES_OVER_MAX_SIZE(null, ErrorCode.FRAME_SIZE_ERROR, "4.2", null),
    /** RFC 9113 §8.1.1: content-length is not checked against the DATA received. */
    IGNORES_CONTENT_LENGTH(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, null, "content-length"),
    /** RFC 9113 §8.2.2: connection-specific fields (Connection, Keep-Alive, ...) are not malformed. */
    ACCEPTS_CONNECTION_SPECIFIC_FIELDS(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, "8.2.2", null),
    /** RFC 7541 §6.1: index 0 is not a decoding error. */
    ACCEPTS_HPACK_INDEX_ZERO(ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR, "4.3", "§6.1"),
    /** RFC 7541 §5.2: a Huffman string holding EOS is not a decoding error. */
    ACCEPTS_HUFFMAN_EOS(ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR, "4.3", "eos"),
    /** RFC 9113 §10.5, CVE-2023-44487: no Rapid Reset limit (the RST_STREAM bucket is unbounded). */
    NO_RAPID_RESET_LIMIT(null, null, null, null) {
        @Override
        public Limits loosen(Limits l) {
            return l.withRstReceived(Integer.MAX_VALUE, Integer.MAX_VALUE);
        }
    },
    /** RFC 9113 §10.5, the 2024 CONTINUATION floods: no CONTINUATION count or field block size limit. */
    NO_CONTINUATION_LIMIT(null, null, null, null) {
        @Override
        public Limits loosen(Limits l) {
            return new Limits(l.maxConcurrentStreams(), l.maxHeaderListSize(), l.maxFrameSize(), l.maxRequestBodyBytes(),
                    l.rstReceivedBurst(), l.rstReceivedPerSecond(), l.rstSentBurst(), l.rstSentWindowNanos(),
                    Integer.MAX_VALUE, Integer.MAX_VALUE, l.maxConsecutiveEmptyData(), l.settingsBurst(),
                    l.settingsPerSecond(), l.maxSettingsEntries(), l.pingBurst(), l.pingPerSecond(),
                    l.maxQueuedControlFrames(), Integer.MAX_VALUE, Integer.MAX_VALUE, l.maxOutputBufferBytes(),
                    l.settingsAckTimeoutNanos());
        }
    },
    /** RFC 9113 §5.1.1 / §5.1: HEADERS from a client on an even (server-initiated) stream id is not a PROTOCOL_ERROR. */
    ACCEPTS_EVEN_STREAM_IDS(ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1", "server-initiated stream"),
    /** RFC 9113 §5.1.1: a new stream id lower than one already opened is not a PROTOCOL_ERROR. */
    ACCEPTS_DECREASING_STREAM_IDS(ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "5.1.1", "lower"),
    /** RFC 9113 §6.5.2: SETTINGS_ENABLE_PUSH other than 0 or 1 is not a PROTOCOL_ERROR. */
    ACCEPTS_ENABLE_PUSH_2(ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.5.2", "enable_push"),
    /** RFC 9113 §6.5.2: SETTINGS_MAX_FRAME_SIZE outside 16384..16777215 is not a PROTOCOL_ERROR. */
    ACCEPTS_MAX_FRAME_SIZE_OUT_OF_RANGE(ErrorScope.CONNECTION, ErrorCode.PROTOCOL_ERROR, "6.5.2", "max_frame_size"),
    /** RFC 9113 §6.5.2: SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1 is not a FLOW_CONTROL_ERROR. */
    ACCEPTS_INITIAL_WINDOW_SIZE_TOO_LARGE(ErrorScope.CONNECTION, ErrorCode.FLOW_CONTROL_ERROR, "6.5.2", null),
    /** RFC 7540 §5.3.1: a stream depending on itself is not a PROTOCOL_ERROR. */
    ACCEPTS_PRIORITY_SELF_DEPENDENCY(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, "5.3.1", null),
    /** RFC 9113 §8.1: pseudo-header fields in trailers are not malformed. */
    ACCEPTS_PSEUDO_HEADERS_IN_TRAILERS(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, null, "trailer"),
    /** RFC 9113 §8.2.1: CR, LF, NUL or leading/trailing whitespace in a field value is not malformed. */
    ACCEPTS_INVALID_FIELD_VALUES(ErrorScope.STREAM, ErrorCode.PROTOCOL_ERROR, "8.2.1", "value"),
    /** RFC 9113 §6.7: a PING whose length is not 8 is not a FRAME_SIZE_ERROR. */
    ACCEPTS_PING_OF_WRONG_LENGTH(ErrorScope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, "6.7", null),
    /** RFC 9113 §6.5: a SETTINGS ACK with a payload is not a FRAME_SIZE_ERROR. */
    ACCEPTS_SETTINGS_ACK_WITH_PAYLOAD(ErrorScope.CONNECTION, ErrorCode.FRAME_SIZE_ERROR, "6.5", "ack"),
    /** RFC 9113 §7: a RST_STREAM with an unknown error code is taken for a PROTOCOL_ERROR connection error. */
    REJECTS_UNKNOWN_RST_STREAM_CODE(null, null, null, null) {
        @Override
        public H2Exception provokedBy(Frame frame) {
            return frame instanceof RstStreamFrame r ? unknownCode("RST_STREAM", r.errorCode()) : null;
        }
    },
    /** RFC 9113 §7: a GOAWAY with an unknown error code is taken for a PROTOCOL_ERROR connection error. */
    REJECTS_UNKNOWN_GOAWAY_CODE(null, null, null, null) {
        @Override
        public H2Exception provokedBy(Frame frame) {
            return frame instanceof GoAwayFrame g ? unknownCode("GOAWAY", g.errorCode()) : null;
        }
    },
    /** RFC 9113 §8.3.1: a request without :authority (which is not mandatory) is taken for a malformed one. */
    REFUSES_REQUEST_WITHOUT_AUTHORITY(null, null, null, null) {
        @Override
        public H2Exception provokedByRequest(int streamId, List<HeaderField> fields) {
            for (HeaderField f : fields) {
                if (f.name().equals(":authority")) {
                    return null;
                }
            }
            return H2Errors.stream(streamId, ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("8.3.1"),
                    "request without :authority refused (test fault)");
        }
    };

    private final ErrorScope scope;
    private final ErrorCode code;
    private final String section;
    private final String detailWord;

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
        return H2Errors.connection(ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113("7"),
                frameType + " error code 0x" + Integer.toHexString(code) + " is unknown (test fault)");
    }

    /** A fault that removes a limit does it here, once, when the connection is built; others keep them. */
    public Limits loosen(Limits limits) {
        return limits;
    }

    Fault(ErrorScope scope, ErrorCode code, String section, String detailWord) {
        this.scope = scope;
        this.code = code;
        this.section = section;
        this.detailWord = detailWord;
    }

    /** Whether this fault swallows {@code error} (null scope or section: any; null code: a limit fault). */
    public boolean swallows(H2Exception error) {
        return code != null
                && (scope == null || error.scope() == scope)
                && error.code() == code
                && (section == null || section.equals(error.spec().section()))
                && (detailWord == null || error.detail().toLowerCase(Locale.ROOT).contains(detailWord));
    }
}
