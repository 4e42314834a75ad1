package io.h2scope.engine.http;

/**
 * Makes hostile field text safe for an error detail: control and non-ASCII octets become escapes
 * ({@code \r}, {@code \n}, {@code \t}, {@code \0}, {@code \xNN}), a backslash becomes {@code \\},
 * and long text is cut, so an attacker can neither inject log lines nor inflate messages.
 * Runs on the error path only.
 */
final class Printable {

    /** Longest text kept in a detail; the rest is replaced by "...". */
    static final int MAX_CHARS = 64;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Printable() {
    }

    /** {@code text} escaped and cut to {@link #MAX_CHARS}, in double quotes. */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 8).append('"');
        int end = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < end; i++) {
            appendEscaped(sb, text.charAt(i));
        }
        if (end < text.length()) {
            sb.append("...(").append(text.length()).append(" chars)");
        }
        return sb.append('"').toString();
    }

    /** One character, escaped if it is not printable ASCII. */
    static String escape(char c) {
        StringBuilder sb = new StringBuilder(6);
        appendEscaped(sb, c);
        return sb.toString();
    }

    private static void appendEscaped(StringBuilder sb, char c) {
        switch (c) {
            case '\r' -> sb.append("\\r");
            case '\n' -> sb.append("\\n");
            case '\t' -> sb.append("\\t");
            case '\0' -> sb.append("\\0");
            case '\\' -> sb.append("\\\\");
            case '"' -> sb.append("\\\"");
            default -> {
                if (c >= 0x21 && c < 0x7f || c == ' ') {
                    sb.append(c);
                } else if (c <= 0xff) {
                    sb.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                } else {
                    sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf])
                            .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                }
            }
        }
    }
}
