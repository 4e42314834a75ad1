package io.h2scope.conformance.report;

/** Escaping for XML and HTML text and attributes; drops characters XML 1.0 cannot carry. */
final class Xml {

    private Xml() {
    }

    static String text(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    static String attr(String s) {
        return text(s).replace("\n", "&#10;");
    }
}
