package io.h2scope.engine.frame;

/**
 * The frame types defined by RFC 9113 §6. Frames of any other type are kept as
 * {@link UnknownFrame} with their raw type code (RFC 9113 §4.1, §5.5).
 */
public enum FrameType {
    DATA(0x0),
    HEADERS(0x1),
    PRIORITY(0x2),
    RST_STREAM(0x3),
    SETTINGS(0x4),
    PUSH_PROMISE(0x5),
    PING(0x6),
    GOAWAY(0x7),
    WINDOW_UPDATE(0x8),
    CONTINUATION(0x9);

    private static final FrameType[] BY_CODE = values();

    private final int code;

    FrameType(int code) {
        this.code = code;
    }

    /** The 8-bit type code on the wire. */
    public int code() {
        return code;
    }

    /** The defined type for a wire code, or {@code null} when the type is unknown (an extension). */
    public static FrameType fromCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** A display name: {@code HEADERS}, or {@code 0xa} for an unknown type. */
    public static String nameOf(int code) {
        FrameType type = fromCode(code);
        return type != null ? type.name() : "0x" + Integer.toHexString(code);
    }
}
