package io.h2scope.engine.frame;

/**
 * Frame flag bits (RFC 9113 §6). A bit means different things in different frame types
 * (0x1 is END_STREAM in DATA and HEADERS, ACK in SETTINGS and PING), so flags stay a raw
 * {@code int} in every frame and {@link #describe} names them for the frame's type.
 */
public final class Flags {

    /** DATA, HEADERS (RFC9113 §6.1, §6.2). */
    public static final int END_STREAM = 0x1;
    /** SETTINGS, PING (RFC9113 §6.5, §6.7). */
    public static final int ACK = 0x1;
    /** HEADERS, PUSH_PROMISE, CONTINUATION (RFC9113 §6.2, §6.6, §6.10). */
    public static final int END_HEADERS = 0x4;
    /** DATA, HEADERS, PUSH_PROMISE (RFC9113 §6.1, §6.2, §6.6). */
    public static final int PADDED = 0x8;
    /** HEADERS (RFC9113 §6.2). */
    public static final int PRIORITY = 0x20;

    private static final int[] NO_FLAGS = {};
    private static final int[] DATA_FLAGS = {END_STREAM, PADDED};
    private static final int[] HEADERS_FLAGS = {END_STREAM, END_HEADERS, PADDED, PRIORITY};
    private static final int[] ACK_FLAGS = {ACK};
    private static final int[] PUSH_PROMISE_FLAGS = {END_HEADERS, PADDED};
    private static final int[] CONTINUATION_FLAGS = {END_HEADERS};

    private Flags() {
    }

    /** The flag bits the type defines; RFC9113 §4.1: all other bits are unused and "MUST be ignored on receipt". */
    public static int definedMask(int typeCode) {
        int mask = 0;
        for (int bit : definedFlags(typeCode)) {
            mask |= bit;
        }
        return mask;
    }

    /**
     * Names the flags for display, lowest bit first: {@code "END_STREAM|END_HEADERS"}. Bits the
     * type does not define are shown together as one hex value at the end ({@code "ACK|0xc0"}),
     * and an unknown type shows only hex. No flags gives the empty string. The trace and the
     * inspector print this, so the format is fixed by a golden test.
     */
    public static String describe(int typeCode, int flags) {
        if (typeCode < 0 || typeCode >= DESCRIBED_TYPES) {
            return name(typeCode, flags);
        }
        int at = typeCode << 8 | flags & 0xff;
        String text = DESCRIBED[at];
        if (text == null) { // two threads may both make it: the same text
            text = name(typeCode, flags);
            DESCRIBED[at] = text;
        }
        return text;
    }

    /** The types whose {@link #describe} texts are kept once made (a trace line a frame asks for them). */
    private static final int DESCRIBED_TYPES = 16;
    private static final String[] DESCRIBED = new String[DESCRIBED_TYPES << 8];

    private static String name(int typeCode, int flags) {
        int remaining = flags & 0xff;
        StringBuilder text = new StringBuilder();
        for (int bit : definedFlags(typeCode)) {
            if ((remaining & bit) != 0) {
                append(text, nameOf(typeCode, bit));
                remaining &= ~bit;
            }
        }
        if (remaining != 0) {
            append(text, "0x" + Integer.toHexString(remaining));
        }
        return text.toString();
    }

    private static void append(StringBuilder text, String part) {
        if (text.length() > 0) {
            text.append('|');
        }
        text.append(part);
    }

    private static String nameOf(int typeCode, int bit) {
        return switch (bit) {
            case 0x1 -> (typeCode == FrameType.SETTINGS.code() || typeCode == FrameType.PING.code())
                    ? "ACK" : "END_STREAM";
            case END_HEADERS -> "END_HEADERS";
            case PADDED -> "PADDED";
            case PRIORITY -> "PRIORITY";
            default -> "0x" + Integer.toHexString(bit);
        };
    }

    private static int[] definedFlags(int typeCode) {
        FrameType type = FrameType.fromCode(typeCode);
        if (type == null) {
            return NO_FLAGS;
        }
        return switch (type) {
            case DATA -> DATA_FLAGS;
            case HEADERS -> HEADERS_FLAGS;
            case SETTINGS, PING -> ACK_FLAGS;
            case PUSH_PROMISE -> PUSH_PROMISE_FLAGS;
            case CONTINUATION -> CONTINUATION_FLAGS;
            case PRIORITY, RST_STREAM, GOAWAY, WINDOW_UPDATE -> NO_FLAGS;
        };
    }
}
