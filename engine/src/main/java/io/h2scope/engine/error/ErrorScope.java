package io.h2scope.engine.error;

/** RFC 9113 §5.4: an error ends either the whole connection or one stream. */
public enum ErrorScope {
    /** §5.4.1: GOAWAY with the code, then close the connection. */
    CONNECTION,
    /** §5.4.2: RST_STREAM with the code; the connection goes on. */
    STREAM
}
