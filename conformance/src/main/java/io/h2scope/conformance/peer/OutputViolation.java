package io.h2scope.conformance.peer;

import io.h2scope.engine.error.SpecRef;

/**
 * A rule the target broke in what it sent (not in how it reacted to us): a field name with an
 * uppercase letter, DATA after its own END_STREAM, a frame larger than our SETTINGS_MAX_FRAME_SIZE.
 *
 * @param rule       the id of the {@code output/*} case that judges this rule, e.g. {@code output/8.2.1/field-names}
 * @param spec       the RFC section broken
 * @param streamId   the stream it happened on (0 for the connection)
 * @param detail     what the target sent, in a sentence
 * @param frameLevel true for a broken frame (its header or payload), which a client must treat as a
 *                   connection error: it fails the case it happened in, whatever that case tests
 */
public record OutputViolation(String rule, SpecRef spec, int streamId, String detail, boolean frameLevel) {

    /** E.g. {@code RFC 9113 §8.2.1 on stream 1: field name "X-Upper" has uppercase letters}. */
    public String describe() {
        return spec + (streamId == 0 ? "" : " on stream " + streamId) + ": " + detail;
    }
}
