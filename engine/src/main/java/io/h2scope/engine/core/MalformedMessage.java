package io.h2scope.engine.core;

import io.h2scope.engine.error.StreamError;
import io.h2scope.engine.http.MessageRule;

/**
 * The error for a malformed request or response found in this package, which RFC 9113 §8.1.1 says
 * "MUST be treated as a stream error ... of type PROTOCOL_ERROR". One home for the DATA and field
 * block rules and for {@link BasicMessageRules}, so the message reads the same from each.
 */
final class MalformedMessage {

    private MalformedMessage() {
    }

    /** A stream error on {@code streamId} for {@code rule}; {@code detail} says what was wrong. */
    static StreamError error(int streamId, MessageRule rule, String detail) {
        return new StreamError(streamId, rule, "malformed message: " + detail);
    }
}
