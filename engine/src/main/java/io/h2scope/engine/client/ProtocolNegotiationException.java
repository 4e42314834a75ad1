package io.h2scope.engine.client;

import java.io.IOException;

/**
 * The server would not speak HTTP/2. Over TLS: it selected another protocol by ALPN, none at all, or
 * accepted none of the protocols we offered (RFC 9113 §3.2: "h2" is the identifier for HTTP/2 over TLS).
 * In cleartext with {@code Upgrade: h2c}: it answered the upgrade request with something other than
 * {@code 101 Switching Protocols} (RFC 7540 §3.2); {@link #selected()} is then the status line.
 */
public final class ProtocolNegotiationException extends IOException {

    private final String selected;

    public ProtocolNegotiationException(String authority, String selected, Throwable cause) {
        super(message(authority, selected), cause);
        this.selected = selected;
    }

    private ProtocolNegotiationException(String message, String selected) {
        super(message);
        this.selected = selected;
    }

    /** A cleartext server answered {@code Upgrade: h2c} with {@code answer} (a status line) instead of 101. */
    static ProtocolNegotiationException h2cUpgradeRefused(String authority, String answer) {
        String quoted = answer.startsWith("HTTP/") ? "\"" + answer + "\"" : answer;
        return new ProtocolNegotiationException("server " + authority + " answered the HTTP/1.1 Upgrade: h2c request with "
                + quoted + ", not 101 Switching Protocols: it does not do h2c upgrade (RFC 7540 §3.2). "
                + "Try h2c by prior knowledge (no upgrade) or https", answer);
    }

    /** What the server selected by ALPN ("http/1.1"), "" for nothing, or null when the handshake failed over it; for a refused h2c upgrade, the status line. */
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
