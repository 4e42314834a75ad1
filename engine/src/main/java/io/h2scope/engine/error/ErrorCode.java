package io.h2scope.engine.error;

import java.util.Optional;

/**
 * HTTP/2 error codes (RFC 9113 §7). Frames carry error codes as raw 32-bit values because
 * §7 says unknown codes "MUST NOT trigger any special behavior"; this enum names the known ones.
 */
public enum ErrorCode {
    NO_ERROR(0x0),
    PROTOCOL_ERROR(0x1),
    INTERNAL_ERROR(0x2),
    FLOW_CONTROL_ERROR(0x3),
    SETTINGS_TIMEOUT(0x4),
    STREAM_CLOSED(0x5),
    FRAME_SIZE_ERROR(0x6),
    REFUSED_STREAM(0x7),
    CANCEL(0x8),
    COMPRESSION_ERROR(0x9),
    CONNECT_ERROR(0xa),
    ENHANCE_YOUR_CALM(0xb),
    INADEQUATE_SECURITY(0xc),
    HTTP_1_1_REQUIRED(0xd);

    private static final ErrorCode[] BY_CODE = values();

    private final int code;

    ErrorCode(int code) {
        this.code = code;
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
}
