package io.h2scope.engine.http1;

import java.util.List;
import java.util.Locale;

/** The head of an HTTP/1.x response: the status line as received, its code, and the header fields in order. */
public record Http1ResponseHead(String statusLine, int status, List<Http1Header> headers) {

    public Http1ResponseHead {
        headers = List.copyOf(headers);
    }

    /** Whether a comma-separated header (Connection, Upgrade) carries {@code token}, case-insensitively. */
    public boolean hasToken(String name, String token) {
        for (Http1Header header : headers) {
            if (header.name().equalsIgnoreCase(name)) {
                for (String part : header.value().split(",")) {
                    if (part.trim().toLowerCase(Locale.ROOT).equals(token.toLowerCase(Locale.ROOT))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The head as text, one field a line, for traces. */
    public String text() {
        StringBuilder b = new StringBuilder(statusLine);
        for (Http1Header h : headers) {
            b.append("\n").append(h.name()).append(": ").append(h.value());
        }
        return b.toString();
    }
}
