package io.h2scope.conformance.peer;

import java.io.IOException;

/** The connection or the HTTP/2 preface exchange failed before a case could send what it tests. */
public final class HandshakeException extends IOException {

    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** TCP connect failed or timed out. */
        CONNECT,
        /** TLS failed, or ALPN did not select h2. */
        TLS,
        /** The target answered in HTTP/1.x. */
        HTTP1,
        /** The target answered with octets that are no HTTP/2 frames: a TLS record, text, other octets. */
        NOT_HTTP2,
        /** Not one octet came in answer to the preface: the target waited, or closed the connection. */
        NO_ANSWER,
        /** The target closed the connection during the preface. */
        CLOSED,
        /** The target answered our (valid) preface with GOAWAY: its own answer, which a case judges. */
        REFUSED,
        /** The target's SETTINGS did not arrive in time. */
        TIMEOUT,
        /** The target's SETTINGS came, but not its ACK of ours, which the case needed in force. */
        NO_SETTINGS_ACK;

        /** True when no HTTP/2 connection could be had at all: the target is not reachable as an HTTP/2 server. */
        public boolean unreachable() {
            return this == CONNECT || this == TLS || this == HTTP1 || this == NOT_HTTP2;
        }
    }

    private final Kind kind;

    public HandshakeException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public HandshakeException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
