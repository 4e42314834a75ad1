package io.h2scope.engine.frame;


/** Argument checks and display helpers shared by the frame records. */
final class Args {

    private static final int PREVIEW_BYTES = 16;

    private Args() {
    }

    static void checkByte(String what, int value) {
        if (value < 0 || value > 0xff) {
            throw new IllegalArgumentException(what + " must be 0..255, got " + value);
        }
    }

    static void checkStreamId(String what, int streamId) {
        if (streamId < 0) {
            throw new IllegalArgumentException(what + " must be a 31-bit value (0.." + FrameSizes.MAX_STREAM_ID
                    + "), got " + Integer.toUnsignedString(streamId));
        }
    }

    static <T> T notNull(String what, T value) {
        if (value == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        return value;
    }

    /** Pad length is -1 exactly when PADDED is clear; 0..255 otherwise. */
    static void checkPadding(int flags, int padLength) {
        boolean padded = (flags & Flags.PADDED) != 0;
        if (padded && (padLength < 0 || padLength > FrameSizes.MAX_PAD_LENGTH)) {
            throw new IllegalArgumentException("PADDED is set: pad length must be 0..255, got " + padLength);
        }
        if (!padded && padLength != -1) {
            throw new IllegalArgumentException("PADDED is clear: pad length must be -1, got " + padLength);
        }
    }

    /** Bytes of the Pad Length field and the padding, 0 when not padded. */
    static int paddingBytes(int padLength) {
        return padLength < 0 ? 0 : 1 + padLength;
    }

    static int withFlag(int flags, int flag, boolean on) {
        return on ? flags | flag : flags & ~flag;
    }

    /** Length and the first bytes in hex, for toString() of frames carrying payload. */
    static String preview(byte[] bytes) {
        StringBuilder text = new StringBuilder().append(bytes.length).append(" bytes");
        if (bytes.length > 0) {
            text.append(' ');
            int shown = Math.min(bytes.length, PREVIEW_BYTES);
            for (int i = 0; i < shown; i++) {
                text.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
            }
            if (shown < bytes.length) {
                text.append("...");
            }
        }
        return text.toString();
    }
}
