package io.h2scope.engine.frame.check;

import static io.h2scope.engine.error.ErrorCode.FRAME_SIZE_ERROR;
import static io.h2scope.engine.error.ErrorCode.PROTOCOL_ERROR;
import static io.h2scope.engine.error.ErrorScope.CONNECTION;
import static io.h2scope.engine.error.ErrorScope.STREAM;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.Rule;
import io.h2scope.engine.error.RuleFacts;
import io.h2scope.engine.error.SpecRef;

/**
 * Every frame-level rule of RFC 9113 §4 and §6 that a single frame can break on its own, with the
 * section, the scope and the code the RFC demands. Rules that need connection or stream state
 * (CONTINUATION sequencing, stream states, flow control) belong to the core, not here.
 *
 * <p>Differences from RFC 7540 are noted per rule; where there is none, RFC 7540 said the same.
 */
public enum FrameRule implements Rule {

    FRAME_TOO_LARGE_FOR_CONNECTION(rfc("4.2"), CONNECTION, FRAME_SIZE_ERROR,
            "a frame that can alter connection state exceeds SETTINGS_MAX_FRAME_SIZE",
            Quote.FS_CONN),
    // RFC9113 §4.2: "MUST send an error code of FRAME_SIZE_ERROR if a frame exceeds the size defined in
    // SETTINGS_MAX_FRAME_SIZE"; for other frames a stream error is enough. Note for the core: an oversized DATA
    // frame must still be counted against the connection window (RFC9113 §6.9), from the header's length.
    FRAME_TOO_LARGE_FOR_STREAM(rfc("4.2"), STREAM, FRAME_SIZE_ERROR,
            "a stream frame exceeds SETTINGS_MAX_FRAME_SIZE",
            Quote.FS_ANY),

    DATA_ON_STREAM_ZERO(rfc("6.1"), CONNECTION, PROTOCOL_ERROR, "DATA frames MUST be associated with a stream",
            "If a DATA frame is received whose Stream Identifier field is 0x00, the recipient MUST respond "
                + "with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    // RFC9113 §4.2: FRAME_SIZE_ERROR when a frame "is too small to contain mandatory frame data" (the Pad Length
    // octet); DATA cannot alter connection state, so a stream error.
    DATA_TOO_SHORT(rfc("4.2"), STREAM, FRAME_SIZE_ERROR, "PADDED DATA frame too short for its Pad Length field",
            Quote.FS_ANY),
    DATA_PADDING_TOO_LONG(rfc("6.1"), CONNECTION, PROTOCOL_ERROR, "padding as long as the payload or longer",
            Quote.PAD),

    HEADERS_ON_STREAM_ZERO(rfc("6.2"), CONNECTION, PROTOCOL_ERROR, "HEADERS frames MUST be associated with a stream",
            "If a HEADERS frame is received whose Stream Identifier field is 0x00, the recipient MUST "
                + "respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    // RFC9113 §4.2: too small for Pad Length / priority fields; HEADERS carries a field block, so connection scope.
    HEADERS_TOO_SHORT(rfc("4.2"), CONNECTION, FRAME_SIZE_ERROR,
            "HEADERS frame too short for its Pad Length or priority fields",
            Quote.FS_CONN),
    // RFC9113 §6.2: padding "the length of the frame payload or greater" is a connection error PROTOCOL_ERROR.
    // RFC 7540 §6.2 said "Padding that exceeds the size remaining for the header block fragment MUST be treated
    // as a PROTOCOL_ERROR", without a scope; both texts are applied: the priority fields count as used space.
    HEADERS_PADDING_TOO_LONG(rfc("6.2"), CONNECTION, PROTOCOL_ERROR,
            "padding exceeds the space left for the field block fragment",
            Quote.PAD),

    PRIORITY_ON_STREAM_ZERO(rfc("6.3"), CONNECTION, PROTOCOL_ERROR, "PRIORITY frames always identify a stream",
            "If a PRIORITY frame is received with a stream identifier of 0x00, the recipient MUST respond "
                + "with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    PRIORITY_WRONG_LENGTH(rfc("6.3"), STREAM, FRAME_SIZE_ERROR, "PRIORITY frame length other than 5",
            "A PRIORITY frame with a length other than 5 octets MUST be treated as a stream error (Section "
                + "5.4.2) of type FRAME_SIZE_ERROR."),

    RST_STREAM_ON_STREAM_ZERO(rfc("6.4"), CONNECTION, PROTOCOL_ERROR, "RST_STREAM frames MUST be associated with a stream",
            "If a RST_STREAM frame is received with a stream identifier of 0x00, the recipient MUST treat "
                + "this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    RST_STREAM_WRONG_LENGTH(rfc("6.4"), CONNECTION, FRAME_SIZE_ERROR, "RST_STREAM frame length other than 4",
            "A RST_STREAM frame with a length other than 4 octets MUST be treated as a connection error "
                + "(Section 5.4.1) of type FRAME_SIZE_ERROR."),

    SETTINGS_ON_STREAM(rfc("6.5"), CONNECTION, PROTOCOL_ERROR, "the stream identifier for a SETTINGS frame MUST be zero",
            "If an endpoint receives a SETTINGS frame whose Stream Identifier field is anything other than "
                + "0x00, the endpoint MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    SETTINGS_ACK_WITH_PAYLOAD(rfc("6.5"), CONNECTION, FRAME_SIZE_ERROR, "SETTINGS with ACK and a non-empty payload",
            "Receipt of a SETTINGS frame with the ACK flag set and a length field value other than 0 MUST be "
                + "treated as a connection error (Section 5.4.1) of type FRAME_SIZE_ERROR."),
    // RFC9113 §6.5: "A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a
    // connection error of type FRAME_SIZE_ERROR."
    SETTINGS_LENGTH_NOT_MULTIPLE_OF_6(rfc("6.5"), CONNECTION, FRAME_SIZE_ERROR,
            "SETTINGS frame length not a multiple of 6",
            "A SETTINGS frame with a length other than a multiple of 6 octets MUST be treated as a "
                + "connection error (Section 5.4.1) of type FRAME_SIZE_ERROR."),

    PUSH_PROMISE_ON_STREAM_ZERO(rfc("6.6"), CONNECTION, PROTOCOL_ERROR, "PUSH_PROMISE MUST be associated with a stream",
            "If the Stream Identifier field specifies the value 0x00, a recipient MUST respond with a "
                + "connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    // RFC9113 §4.2: too small for Pad Length / Promised Stream ID; PUSH_PROMISE carries a field block.
    PUSH_PROMISE_TOO_SHORT(rfc("4.2"), CONNECTION, FRAME_SIZE_ERROR,
            "PUSH_PROMISE frame too short for its Pad Length or Promised Stream ID",
            Quote.FS_CONN),
    // RFC9113 §6.6: padding "the length of the frame payload or greater" is a connection error PROTOCOL_ERROR
    // (RFC 7540 §6.6 referred to DATA's rules; the Promised Stream ID counts as used space).
    PUSH_PROMISE_PADDING_TOO_LONG(rfc("6.6"), CONNECTION, PROTOCOL_ERROR,
            "padding exceeds the space left for the field block fragment",
            Quote.PAD),

    PING_ON_STREAM(rfc("6.7"), CONNECTION, PROTOCOL_ERROR, "PING frames are not associated with any stream",
            "If a PING frame is received with a Stream Identifier field value other than 0x00, the recipient "
                + "MUST respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),
    PING_WRONG_LENGTH(rfc("6.7"), CONNECTION, FRAME_SIZE_ERROR, "PING frame length other than 8",
            "Receipt of a PING frame with a length field value other than 8 MUST be treated as a connection "
                + "error (Section 5.4.1) of type FRAME_SIZE_ERROR."),

    GOAWAY_ON_STREAM(rfc("6.8"), CONNECTION, PROTOCOL_ERROR, "GOAWAY applies to the connection, not a stream",
            "An endpoint MUST treat a GOAWAY frame with a stream identifier other than 0x00 as a connection "
                + "error (Section 5.4.1) of type PROTOCOL_ERROR."),
    // RFC9113 §4.2: too small for Last-Stream-ID and Error Code; GOAWAY is on stream 0, so connection scope.
    GOAWAY_TOO_SHORT(rfc("4.2"), CONNECTION, FRAME_SIZE_ERROR, "GOAWAY frame shorter than 8 octets",
            Quote.FS_CONN),

    WINDOW_UPDATE_WRONG_LENGTH(rfc("6.9"), CONNECTION, FRAME_SIZE_ERROR, "WINDOW_UPDATE frame length other than 4",
            "A WINDOW_UPDATE frame with a length other than 4 octets MUST be treated as a connection error "
                + "(Section 5.4.1) of type FRAME_SIZE_ERROR."),
    // RFC9113 §6.9: "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window
    // increment of 0 as a stream error of type PROTOCOL_ERROR". Not applied by the reader: the core applies it.
    WINDOW_UPDATE_ZERO_INCREMENT_ON_STREAM(rfc("6.9"), STREAM, PROTOCOL_ERROR, "WINDOW_UPDATE with an increment of 0",
            Quote.WU0),
    WINDOW_UPDATE_ZERO_INCREMENT_ON_CONNECTION(rfc("6.9"), CONNECTION, PROTOCOL_ERROR,
            "connection WINDOW_UPDATE with an increment of 0",
            Quote.WU0),

    CONTINUATION_ON_STREAM_ZERO(rfc("6.10"), CONNECTION, PROTOCOL_ERROR,
            "CONTINUATION frames MUST be associated with a stream",
            "If a CONTINUATION frame is received with a Stream Identifier field of 0x00, the recipient MUST "
                + "respond with a connection error (Section 5.4.1) of type PROTOCOL_ERROR."),

    // RFC 7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error of type
    // PROTOCOL_ERROR." RFC 9113 deprecates priority signals (§5.3.2) and dropped this rule, so the reader does not
    // apply it; it is here for the conformance suite's RFC 7540 cases.
    PRIORITY_SELF_DEPENDENCY_RFC7540(SpecRef.rfc7540("5.3.1"), STREAM, PROTOCOL_ERROR, "a stream cannot depend on itself",
            "A stream cannot depend on itself. An endpoint MUST treat this as a stream error (Section 5.4.2) "
                + "of type PROTOCOL_ERROR.");

    private final RuleFacts facts;
    private final String summary;

    FrameRule(SpecRef spec, ErrorScope scope, ErrorCode code, String summary, String sentence) {
        this.facts = new RuleFacts(spec, scope, code, sentence);
        this.summary = summary;
    }

    private static SpecRef rfc(String section) {
        return SpecRef.rfc9113(section);
    }

    @Override
    public RuleFacts facts() {
        return facts;
    }

    /** The rule in a few words. */
    public String summary() {
        return summary;
    }

    /** A violation of this rule; {@code detail} says what the frame actually had. */
    public Violation violation(String detail) {
        return Violation.of(this, summary + ": " + detail);
    }

    /** The RFC sentences more than one rule quotes. */
    private static final class Quote {
        static final String FS_CONN = "A frame size error in a frame that could alter the state of the entire connection MUST be "
                + "treated as a connection error (Section 5.4.1); this includes any frame carrying a field block "
                + "(Section 4.3) (that is, HEADERS, PUSH_PROMISE, and CONTINUATION), a SETTINGS frame, and any "
                + "frame with a stream identifier of 0.";
        static final String FS_ANY = "An endpoint MUST send an error code of FRAME_SIZE_ERROR if a frame exceeds the size defined in "
                + "SETTINGS_MAX_FRAME_SIZE, exceeds any limit defined for the frame type, or is too small to "
                + "contain mandatory frame data.";
        static final String PAD = "If the length of the padding is the length of the frame payload or greater, the recipient MUST "
                + "treat this as a connection error (Section 5.4.1) of type PROTOCOL_ERROR.";
        static final String WU0 = "A receiver MUST treat the receipt of a WINDOW_UPDATE frame with a flow-control window increment "
                + "of 0 as a stream error (Section 5.4.2) of type PROTOCOL_ERROR; errors on the connection "
                + "flow-control window MUST be treated as a connection error (Section 5.4.1).";
    }
}
