package io.h2scope.engine.server.reference;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.RequestHead;

/** The request head as JSON for {@code /headers}: {"method":..,"scheme":..,"authority":..,"path":..,"headers":[[name,value],..]}. */
final class RequestJson {

    private RequestJson() {
    }

    static String of(RequestHead head) {
        StringBuilder sb = new StringBuilder(256);
        sb.append("{\"method\":");
        string(sb, head.method());
        sb.append(",\"scheme\":");
        string(sb, head.scheme());
        sb.append(",\"authority\":");
        string(sb, head.authority());
        sb.append(",\"path\":");
        string(sb, head.path());
        sb.append(",\"headers\":[");
        boolean first = true;
        for (HeaderField f : head.fields()) {
            sb.append(first ? "" : ",").append('[');
            string(sb, f.name());
            sb.append(',');
            string(sb, f.value());
            sb.append(']');
            first = false;
        }
        return sb.append("]}\n").toString();
    }

    /** A JSON string (RFC 8259 §7): quote, backslash and control characters escaped; null as null. */
    static void string(StringBuilder sb, String s) {
        if (s == null) {
            sb.append("null");
            return;
        }
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
