package io.h2scope.engine.client;

import java.io.IOException;

/**
 * The TLS server would not speak HTTP/2: it selected another protocol by ALPN, none at all, or
 * accepted none of the protocols we offered (RFC 9113 §3.2: "h2" is the identifier for HTTP/2 over TLS).
 */
public final class ProtocolNegotiationException extends IOException {

    private final String selected;

    public ProtocolNegotiationException(String authority, String selected, Throwable cause) {
        super(message(authority, selected), cause);
        this.selected = selected;
    }

    /** What the server selected by ALPN ("http/1.1"), "" for nothing, or null when the handshake failed over it. */
    public String selected() {
        return selected;
    }

    private static String message(String authority, String selected) {
        if (selected == null) {
            return "TLS server " + authority + " accepts none of the ALPN protocols offered (h2, http/1.1): "
                    + "it does not speak HTTP/2 over TLS";
        }
        return "TLS server " + authority + (selected.isEmpty() ? " selected no protocol by ALPN (it offered no ALPN"
                + " support, so no h2)" : " selected \"" + selected + "\" by ALPN, not \"h2\"")
                + ": it does not speak HTTP/2 over TLS, and this client speaks nothing else";
    }
}
