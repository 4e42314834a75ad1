package io.h2scope.engine.http1;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The head of an HTTP/1.x request: request line and header fields, in arrival order. */
public record Http1Request(String method, String target, String version, List<Http1Header> headers) {

    public Http1Request {
        headers = List.copyOf(headers);
    }

    /** Every value of the header {@code name} (case-insensitive), in order. */
    public List<String> values(String name) {
        List<String> result = new ArrayList<>();
        for (Http1Header header : headers) {
            if (header.name().equalsIgnoreCase(name)) {
                result.add(header.value());
            }
        }
        return result;
    }

    public Optional<String> firstValue(String name) {
        List<String> values = values(name);
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The head as text: the request line, then one field a line ({@code \n}), for traces. */
    public String text() {
        StringBuilder b = new StringBuilder(method).append(' ').append(target).append(' ').append(version);
        for (Http1Header h : headers) {
            b.append('\n').append(h.name()).append(": ").append(h.value());
        }
        return b.toString();
    }

    /** Whether a comma-separated header (Connection, Upgrade) carries {@code token}, case-insensitively. */
    public boolean hasToken(String name, String token) {
        String wanted = token.toLowerCase(Locale.ROOT);
        for (String value : values(name)) {
            for (String part : value.split(",")) {
                if (part.trim().toLowerCase(Locale.ROOT).equals(wanted)) {
                    return true;
                }
            }
        }
        return false;
    }
}
