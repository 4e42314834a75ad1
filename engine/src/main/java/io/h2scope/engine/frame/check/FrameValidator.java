package io.h2scope.engine.frame.check;

import io.h2scope.engine.frame.Flags;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Priority;
import io.h2scope.engine.frame.PriorityFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks one received frame against the rules of RFC 9113 §4 and §6 that need no connection state
 * ({@link FrameRule}). Header checks need only the 9 header octets, so a reader can refuse a frame
 * before buffering its payload; the payload check (padding) needs the payload.
 *
 * <p>When a frame breaks several rules, the first one in this order is reported: stream id, then
 * the type's own length rules, then SETTINGS_MAX_FRAME_SIZE, then padding. {@link #checkAll} lists
 * every broken rule, for display. Checks allocate nothing unless a rule is broken.
 */
public final class FrameValidator {

    private FrameValidator() {
    }

    /** The first header rule the frame breaks, if any. */
    public static Optional<Violation> checkHeader(FrameHeader header, int maxFrameSize) {
        return checkHeader(header.length(), header.typeCode(), header.flags(), header.streamId(), maxFrameSize);
    }

    /** The first header rule the frame breaks, if any; the primitive form lets a reader avoid building a header. */
    public static Optional<Violation> checkHeader(int length, int typeCode, int flags, int streamId, int maxFrameSize) {
        Violation found = streamIdRule(typeCode, streamId);
        if (found == null) {
            found = lengthRule(typeCode, flags, length);
        }
        if (found == null) {
            found = sizeRule(typeCode, streamId, length, maxFrameSize);
        }
        return Optional.ofNullable(found);
    }

    /**
     * The payload rule the frame breaks, if any. Call it only for a frame whose header passed
     * {@link #checkHeader}: {@code payload} is the whole payload as received.
     */
    public static Optional<Violation> checkPayload(int typeCode, int flags, byte[] payload) {
        return Optional.ofNullable(paddingRule(typeCode, flags, payload));
    }

    /** Header, then payload: the first rule broken, as the reader applies them. */
    public static Optional<Violation> check(FrameHeader header, byte[] payload, int maxFrameSize) {
        Optional<Violation> found = checkHeader(header, maxFrameSize);
        return found.isPresent() ? found : checkPayload(header.typeCode(), header.flags(), payload);
    }

    /**
     * Every rule the frame breaks, for the inspector. {@code payload} may be null when only the
     * header is known; the padding rule is checked only when the payload is long enough to hold
     * the fields before the padding.
     */
    public static List<Violation> checkAll(FrameHeader header, byte[] payload, int maxFrameSize) {
        List<Violation> found = new ArrayList<>(2);
        addIfPresent(found, streamIdRule(header.typeCode(), header.streamId()));
        addIfPresent(found, lengthRule(header.typeCode(), header.flags(), header.length()));
        addIfPresent(found, sizeRule(header.typeCode(), header.streamId(), header.length(), maxFrameSize));
        if (payload != null && payload.length >= fieldsBeforeFragment(header.typeCode(), header.flags())) {
            addIfPresent(found, paddingRule(header.typeCode(), header.flags(), payload));
        }
        return found;
    }

    /**
     * RFC9113 §6.9: a zero increment. The reader delivers such frames (the model allows 0); the
     * connection core calls this, so that the scope follows the stream id.
     */
    public static Optional<Violation> checkWindowUpdateIncrement(int streamId, int increment) {
        if (increment != 0) {
            return Optional.empty();
        }
        // RFC9113 §6.9: "increment of 0 as a stream error ...; errors on the connection flow-control window MUST be
        // treated as a connection error"
        FrameRule rule = streamId == 0
                ? FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_CONNECTION
                : FrameRule.WINDOW_UPDATE_ZERO_INCREMENT_ON_STREAM;
        return Optional.of(rule.violation("stream " + streamId));
    }

    /** RFC 7540 §5.3.1 only (dropped by RFC 9113): a stream depending on itself. Not applied by the reader. */
    public static Optional<Violation> checkSelfDependencyRfc7540(int streamId, Priority priority) {
        if (priority == null || priority.dependency() != streamId) {
            return Optional.empty();
        }
        // RFC7540 §5.3.1: "A stream cannot depend on itself. An endpoint MUST treat this as a stream error"
        return Optional.of(FrameRule.PRIORITY_SELF_DEPENDENCY_RFC7540.violation("stream " + streamId + " depends on itself"));
    }

    private static Violation streamIdRule(int typeCode, int streamId) {
        FrameType type = FrameType.fromCode(typeCode);
        if (type == null) {
            return null; // RFC9113 §5.5: unknown types carry no rules of their own
        }
        return switch (type) {
            // RFC9113 §6.1: "DATA frames MUST be associated with a stream"
            case DATA -> needsStream(FrameRule.DATA_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.2: "HEADERS frames MUST be associated with a stream"
            case HEADERS -> needsStream(FrameRule.HEADERS_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.3: "The PRIORITY frame always identifies a stream"
            case PRIORITY -> needsStream(FrameRule.PRIORITY_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.4: "RST_STREAM frames MUST be associated with a stream"
            case RST_STREAM -> needsStream(FrameRule.RST_STREAM_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.6: PUSH_PROMISE with "the value 0x00 ... connection error of type PROTOCOL_ERROR"
            case PUSH_PROMISE -> needsStream(FrameRule.PUSH_PROMISE_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.10: "CONTINUATION frames MUST be associated with a stream"
            case CONTINUATION -> needsStream(FrameRule.CONTINUATION_ON_STREAM_ZERO, streamId);
            // RFC9113 §6.5: "The stream identifier for a SETTINGS frame MUST be zero"
            case SETTINGS -> needsConnection(FrameRule.SETTINGS_ON_STREAM, streamId);
            // RFC9113 §6.7: "PING frames are not associated with any individual stream"
            case PING -> needsConnection(FrameRule.PING_ON_STREAM, streamId);
            // RFC9113 §6.8: "a GOAWAY frame with a stream identifier other than 0x00 as a connection error"
            case GOAWAY -> needsConnection(FrameRule.GOAWAY_ON_STREAM, streamId);
            // RFC9113 §6.9: "The WINDOW_UPDATE frame can be specific to a stream or to the entire connection"
            case WINDOW_UPDATE -> null;
        };
    }

    private static Violation needsStream(FrameRule rule, int streamId) {
        return streamId == 0 ? rule.violation("stream identifier 0") : null;
    }

    private static Violation needsConnection(FrameRule rule, int streamId) {
        return streamId != 0 ? rule.violation("stream identifier " + streamId) : null;
    }

    private static Violation lengthRule(int typeCode, int flags, int length) {
        FrameType type = FrameType.fromCode(typeCode);
        if (type == null) {
            return null;
        }
        return switch (type) {
            // RFC9113 §4.2: FRAME_SIZE_ERROR if a frame "is too small to contain mandatory frame data"
            case DATA, HEADERS, PUSH_PROMISE -> tooShort(type, flags, length);
            // RFC9113 §6.3: "A PRIORITY frame with a length other than 5 octets MUST be treated as a stream error"
            case PRIORITY -> exactly(FrameRule.PRIORITY_WRONG_LENGTH, PriorityFrame.LENGTH, length);
            // RFC9113 §6.4: "A RST_STREAM frame with a length other than 4 octets MUST be treated as a connection error"
            case RST_STREAM -> exactly(FrameRule.RST_STREAM_WRONG_LENGTH, RstStreamFrame.LENGTH, length);
            case SETTINGS -> settingsLength(flags, length);
            // RFC9113 §6.7: "a PING frame with a length field value other than 8 MUST be treated as a connection error"
            case PING -> exactly(FrameRule.PING_WRONG_LENGTH, PingFrame.LENGTH, length);
            // RFC9113 §4.2: too small for Last-Stream-ID and Error Code
            case GOAWAY -> length < GoAwayFrame.MIN_LENGTH
                    ? FrameRule.GOAWAY_TOO_SHORT.violation("length " + length) : null;
            // RFC9113 §6.9: "A WINDOW_UPDATE frame with a length other than 4 octets MUST be treated as a connection error"
            case WINDOW_UPDATE -> exactly(FrameRule.WINDOW_UPDATE_WRONG_LENGTH, WindowUpdateFrame.LENGTH, length);
            case CONTINUATION -> null;
        };
    }

    private static Violation exactly(FrameRule rule, int expected, int length) {
        return length != expected ? rule.violation("length " + length) : null;
    }

    private static Violation settingsLength(int flags, int length) {
        if ((flags & Flags.ACK) != 0 && length != 0) {
            // RFC9113 §6.5: "the ACK flag set and a length field value other than 0 ... FRAME_SIZE_ERROR"
            return FrameRule.SETTINGS_ACK_WITH_PAYLOAD.violation("length " + length);
        }
        if (length % SettingsFrame.SETTING_LENGTH != 0) {
            // RFC9113 §6.5: "a length other than a multiple of 6 octets ... connection error FRAME_SIZE_ERROR"
            return FrameRule.SETTINGS_LENGTH_NOT_MULTIPLE_OF_6.violation("length " + length);
        }
        return null;
    }

    private static Violation tooShort(FrameType type, int flags, int length) {
        int needed = fieldsBeforeFragment(type.code(), flags);
        if (length >= needed) {
            return null;
        }
        FrameRule rule = switch (type) {
            case DATA -> FrameRule.DATA_TOO_SHORT;
            case HEADERS -> FrameRule.HEADERS_TOO_SHORT;
            default -> FrameRule.PUSH_PROMISE_TOO_SHORT;
        };
        return rule.violation("length " + length + ", flags " + Flags.describe(type.code(), flags)
                + " need at least " + needed);
    }

    /** Octets of mandatory fields before the data or fragment: Pad Length, priority, Promised Stream ID. */
    private static int fieldsBeforeFragment(int typeCode, int flags) {
        int padField = (flags & Flags.PADDED) != 0 ? 1 : 0;
        if (typeCode == FrameType.DATA.code()) {
            return padField;
        } else if (typeCode == FrameType.HEADERS.code()) {
            return padField + ((flags & Flags.PRIORITY) != 0 ? HeadersFrame.PRIORITY_FIELDS_LENGTH : 0);
        } else if (typeCode == FrameType.PUSH_PROMISE.code()) {
            return padField + PushPromiseFrame.PROMISED_ID_LENGTH;
        }
        return 0;
    }

    private static Violation sizeRule(int typeCode, int streamId, int length, int maxFrameSize) {
        if (length <= maxFrameSize) {
            return null;
        }
        String detail = "length " + length + " > " + maxFrameSize;
        // RFC9113 §4.2: "A frame size error in a frame that could alter the state of the entire connection MUST be
        // treated as a connection error"
        return altersConnectionState(typeCode, streamId)
                ? FrameRule.FRAME_TOO_LARGE_FOR_CONNECTION.violation(detail)
                : FrameRule.FRAME_TOO_LARGE_FOR_STREAM.violation(detail);
    }

    /** RFC9113 §4.2: "any frame carrying a field block ..., a SETTINGS frame, and any frame with a stream identifier of 0". */
    private static boolean altersConnectionState(int typeCode, int streamId) {
        return streamId == 0
                || typeCode == FrameType.HEADERS.code()
                || typeCode == FrameType.PUSH_PROMISE.code()
                || typeCode == FrameType.CONTINUATION.code()
                || typeCode == FrameType.SETTINGS.code();
    }

    private static Violation paddingRule(int typeCode, int flags, byte[] payload) {
        if ((flags & Flags.PADDED) == 0 || payload.length == 0) {
            return null;
        }
        FrameRule rule;
        if (typeCode == FrameType.DATA.code()) {
            rule = FrameRule.DATA_PADDING_TOO_LONG;
        } else if (typeCode == FrameType.HEADERS.code()) {
            rule = FrameRule.HEADERS_PADDING_TOO_LONG;
        } else if (typeCode == FrameType.PUSH_PROMISE.code()) {
            rule = FrameRule.PUSH_PROMISE_PADDING_TOO_LONG;
        } else {
            return null;
        }
        int padLength = payload[0] & 0xff;
        int room = payload.length - fieldsBeforeFragment(typeCode, flags);
        // RFC9113 §6.1, §6.2, §6.6: "If the length of the padding is the length of the frame payload or greater, the
        // recipient MUST treat this as a connection error of type PROTOCOL_ERROR" (fixed fields count as used space)
        if (padLength > room) {
            return rule.violation("pad length " + padLength + " in a payload of " + payload.length);
        }
        return null;
    }

    private static void addIfPresent(List<Violation> found, Violation violation) {
        if (violation != null) {
            found.add(violation);
        }
    }
}
