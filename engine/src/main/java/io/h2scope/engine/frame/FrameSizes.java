package io.h2scope.engine.frame;

/** Sizes and limits of the frame layer (RFC 9113 §4.1, §4.2, §5.1.1). */
public final class FrameSizes {

    /** RFC9113 §4.1: "All frames begin with a fixed 9-octet header". */
    public static final int HEADER_LENGTH = 9;

    /** RFC9113 §4.2: SETTINGS_MAX_FRAME_SIZE starts at 2^14 and may not be set lower. */
    public static final int DEFAULT_MAX_FRAME_SIZE = 1 << 14;

    /** RFC9113 §4.2: the largest SETTINGS_MAX_FRAME_SIZE, 2^24-1, also the largest 24-bit length field. */
    public static final int MAX_FRAME_SIZE_LIMIT = (1 << 24) - 1;

    /** RFC9113 §5.1.1: stream identifiers are unsigned 31-bit integers. */
    public static final int MAX_STREAM_ID = 0x7fffffff;

    /** The top bit of a 32-bit word whose low 31 bits are a stream id or an increment. */
    public static final int RESERVED_BIT = 0x80000000;

    /** RFC9113 §6.1: Pad Length is an 8-bit field. */
    public static final int MAX_PAD_LENGTH = 255;

    private FrameSizes() {
    }

    /** True when {@code maxFrameSize} is a value SETTINGS_MAX_FRAME_SIZE may take (RFC9113 §6.5.2). */
    public static boolean isValidMaxFrameSize(int maxFrameSize) {
        return maxFrameSize >= DEFAULT_MAX_FRAME_SIZE && maxFrameSize <= MAX_FRAME_SIZE_LIMIT;
    }
}
