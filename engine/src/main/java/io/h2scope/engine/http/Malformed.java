package io.h2scope.engine.http;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.error.StreamError;

/** The one error this package raises. */
final class Malformed {

    private Malformed() {
    }

    /**
     * RFC9113 §8.1.1: "Malformed requests or responses that are detected MUST be treated as a stream
     * error (Section 5.4.2) of type PROTOCOL_ERROR."
     *
     * @param section the RFC 9113 section of the rule broken, e.g. "8.2.1"
     * @param detail  what was wrong; any field text in it must already be {@link Printable#quote quoted}
     */
    static StreamError error(int streamId, String section, String detail) {
        return new StreamError(streamId, ErrorCode.PROTOCOL_ERROR, SpecRef.rfc9113(section), detail);
    }
}
