package io.h2scope.conformance.intermediary.origin;

/** Octets as a verdict shows them: control octets and non-ASCII escaped, at most {@link #LIMIT} characters. */
public final class PrintableOctets {

    /** The longest evidence text a verdict carries. */
    public static final int LIMIT = 600;

    private PrintableOctets() {
    }

    public static String of(String octets) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < octets.length(); i++) {
            if (out.length() >= LIMIT) {
                return out.append("…").toString();
            }
            char c = octets.charAt(i);
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\x%02x", (int) c));
            }
        }
        return out.toString();
    }
}
