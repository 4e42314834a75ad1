package io.h2scope.engine.http;

import io.h2scope.engine.error.StreamError;

/** The one error this package raises. */
final class Malformed {

    private Malformed() {
    }

    /**
     * RFC9113 §8.1.1: "Malformed requests or responses that are detected MUST be treated as a stream
     * error (Section 5.4.2) of type PROTOCOL_ERROR."
     *
     * @param rule   the message rule broken
     * @param detail what was wrong; any field text in it must already be {@link Printable#quote quoted}
     */
    static StreamError error(int streamId, MessageRule rule, String detail) {
        return new StreamError(streamId, rule, detail);
    }
}
