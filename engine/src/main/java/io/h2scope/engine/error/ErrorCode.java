package io.h2scope.engine.error;

import java.util.Optional;

/**
 * HTTP/2 error codes (RFC 9113 §7). Frames carry error codes as raw 32-bit values because
 * §7 says unknown codes "MUST NOT trigger any special behavior"; this enum names the known ones.
 */
public enum ErrorCode {
    NO_ERROR(0x0,
            "The associated condition is not a result of an error. For example, a GOAWAY might include this "
                    + "code to indicate graceful shutdown of a connection."),
    PROTOCOL_ERROR(0x1,
            "The endpoint detected an unspecific protocol error. This error is for use when a more specific "
                    + "error code is not available."),
    INTERNAL_ERROR(0x2,
            "The endpoint encountered an unexpected internal error."),
    FLOW_CONTROL_ERROR(0x3,
            "The endpoint detected that its peer violated the flow-control protocol."),
    SETTINGS_TIMEOUT(0x4,
            "The endpoint sent a SETTINGS frame but did not receive a response in a timely manner. See "
                    + "Section 6.5.3 (\"Settings Synchronization\")."),
    STREAM_CLOSED(0x5,
            "The endpoint received a frame after a stream was half-closed."),
    FRAME_SIZE_ERROR(0x6,
            "The endpoint received a frame with an invalid size."),
    REFUSED_STREAM(0x7,
            "The endpoint refused the stream prior to performing any application processing (see Section 8.7 "
                    + "for details)."),
    CANCEL(0x8,
            "The endpoint uses this error code to indicate that the stream is no longer needed."),
    COMPRESSION_ERROR(0x9,
            "The endpoint is unable to maintain the field section compression context for the connection."),
    CONNECT_ERROR(0xa,
            "The connection established in response to a CONNECT request (Section 8.5) was reset or "
                    + "abnormally closed."),
    ENHANCE_YOUR_CALM(0xb,
            "The endpoint detected that its peer is exhibiting a behavior that might be generating excessive load."),
    INADEQUATE_SECURITY(0xc,
            "The underlying transport has properties that do not meet minimum security requirements (see "
                    + "Section 9.2)."),
    HTTP_1_1_REQUIRED(0xd,
            "The endpoint requires that HTTP/1.1 be used instead of HTTP/2.");

    private static final ErrorCode[] BY_CODE = values();

    /** Where the codes are defined; each one's {@link #meaning()} is that section's sentence for it. */
    public static final String SECTION = "RFC 9113 §7";

    /** What §7 says of a code it does not define. */
    public static final String UNKNOWN_MEANING = "Unknown or unsupported error codes MUST NOT trigger any special"
            + " behavior. These MAY be treated by an implementation as being equivalent to INTERNAL_ERROR.";

    private final int code;
    private final String meaning;

    ErrorCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    /** The code's definition in {@link #SECTION}, as the RFC words it. */
    public String meaning() {
        return meaning;
    }

    /** The definition of a wire value ({@link #meaning()}), or {@link #UNKNOWN_MEANING} for an unknown code. */
    public static String meaningOf(long code) {
        return fromCode(code & 0xffffffffL).map(ErrorCode::meaning).orElse(UNKNOWN_MEANING);
    }

    /** The value sent on the wire in RST_STREAM and GOAWAY. */
    public int code() {
        return code;
    }

    /** The named code for a wire value, or empty for an unknown (but legal) one. */
    public static Optional<ErrorCode> fromCode(long code) {
        if (code >= 0 && code < BY_CODE.length) {
            return Optional.of(BY_CODE[(int) code]);
        }
        return Optional.empty();
    }

    /** The name of a wire value for display: {@code PROTOCOL_ERROR}, or {@code 0x1f} when unknown. */
    public static String nameOf(long code) {
        long unsigned = code & 0xffffffffL;
        return fromCode(unsigned).map(Enum::name).orElse("0x" + Long.toHexString(unsigned));
    }

    /**
     * A wire value from its name ({@code PROTOCOL_ERROR}, any case) or number ({@code 1}, {@code 0x1}), unsigned.
     *
     * @throws IllegalArgumentException naming the accepted names and the number range
     */
    public static long parse(String text) {
        String trimmed = text.trim();
        for (ErrorCode code : BY_CODE) {
            if (code.name().equalsIgnoreCase(trimmed)) {
                return code.code;
            }
        }
        try {
            long code = trimmed.startsWith("0x") || trimmed.startsWith("0X") ? Long.parseLong(trimmed.substring(2), 16)
                    : Long.parseLong(trimmed);
            if (code >= 0 && code <= 0xffffffffL) {
                return code;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        StringBuilder names = new StringBuilder();
        for (ErrorCode code : BY_CODE) {
            names.append(names.length() == 0 ? "" : ", ").append(code.name());
        }
        throw new IllegalArgumentException("'" + text + "' is not an error code (" + SECTION + "); accepted: " + names
                + ", or a number from 0 to 0xffffffff");
    }
}
