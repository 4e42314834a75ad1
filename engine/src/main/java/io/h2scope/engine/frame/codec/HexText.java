package io.h2scope.engine.frame.codec;

/**
 * Octets written as hex digits, as people paste them: whitespace, colons, commas and {@code 0x} prefixes are ignored,
 * so dumps from Wireshark, nghttp or the RFC examples read as they are. {@code frames decode} and the console's
 * {@code raw} read their octets here.
 */
public final class HexText {

    private HexText() {
    }

    /** @throws IllegalArgumentException naming the odd digit count or the first character that is no hex digit */
    public static byte[] parse(String text) {
        String cleaned = text.replaceAll("0[xX]", "").replaceAll("[\\s:,]", "");
        if (cleaned.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits (" + cleaned.length()
                    + "): each byte is two digits, e.g. 0a, not a");
        }
        byte[] out = new byte[cleaned.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(cleaned.charAt(2 * i), 16);
            int lo = Character.digit(cleaned.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("not a hex digit near position " + (2 * i) + ": '"
                        + cleaned.substring(2 * i, Math.min(cleaned.length(), 2 * i + 2))
                        + "'; give the bytes as hex digits 0-9 a-f (spaces, colons and 0x are ignored)");
            }
            out[i] = (byte) ((hi << 4) | lo);
        }
        return out;
    }
}
