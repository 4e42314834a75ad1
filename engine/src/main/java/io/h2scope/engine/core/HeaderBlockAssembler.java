package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.codec.FieldBlockJoiner;

/**
 * The core's field blocks (RFC 9113 §4.3, §6.10): {@link FieldBlockJoiner} joins them and holds the sequencing rule;
 * this adds the CONTINUATION flood limits (SEC-14): at most {@link Limits#maxContinuationFrames()} frames and
 * {@link Limits#maxHeaderBlockBytes()} encoded bytes per block, so an endless run of CONTINUATIONs (empty ones too)
 * ends the connection, and the time an open block has waited.
 */
final class HeaderBlockAssembler {

    private final Limits limits;
    private final FieldBlockJoiner joiner = new FieldBlockJoiner();
    private long startedAt;

    HeaderBlockAssembler(Limits limits) {
        this.limits = limits;
    }

    boolean inProgress() {
        return joiner.inProgress();
    }

    /** How long the open block has waited for its END_HEADERS at {@code now}; 0 when none is open. */
    long openFor(long now) {
        return joiner.inProgress() ? now - startedAt : 0;
    }

    /** The stream of the open block (after {@link #inProgress}). */
    int openStreamId() {
        return joiner.openStreamId();
    }

    /**
     * Every frame that arrives goes through here first.
     *
     * @throws io.h2scope.engine.error.ConnectionError PROTOCOL_ERROR for a CONTINUATION without an open block, or
     *     anything but a CONTINUATION on the same stream inside one
     */
    void checkSequence(int typeCode, int streamId) {
        joiner.checkSequence(typeCode, streamId);
    }

    /** A HEADERS frame received at {@code now}: the block, if END_HEADERS completes it at once, else null. */
    FieldBlockJoiner.Block start(HeadersFrame frame, long now) {
        return begin(frame, frame.fragment(), frame.endHeaders(), now);
    }

    /** A PUSH_PROMISE frame received at {@code now}: the block, if END_HEADERS completes it at once, else null. */
    FieldBlockJoiner.Block start(PushPromiseFrame frame, long now) {
        return begin(frame, frame.fragment(), frame.endHeaders(), now);
    }

    /** A CONTINUATION of the open block (after {@link #checkSequence}): the block when complete, else null. */
    FieldBlockJoiner.Block append(ContinuationFrame frame, FloodGuard guard, long nowNanos) {
        if (frame.fragment().length == 0 && !frame.endHeaders()) {
            guard.onGlitch(nowNanos, "empty CONTINUATION");
        }
        if (joiner.continuations() + 1 > limits.maxContinuationFrames()) {
            throw H2Errors.connection(LimitRule.CONTINUATION_FRAMES, "more than " + limits.maxContinuationFrames() + " CONTINUATION frames in one field block");
        }
        checkSize((long) joiner.length() + frame.fragment().length);
        return joiner.append(frame);
    }

    private FieldBlockJoiner.Block begin(Frame frame, byte[] fragment, boolean endHeaders, long now) {
        checkSize(fragment.length);
        startedAt = now;
        return joiner.start(frame, fragment, endHeaders);
    }

    private void checkSize(long bytes) {
        if (bytes > limits.maxHeaderBlockBytes()) {
            // HPACK state cannot be skipped, so an oversized block ends the connection (RFC9113 §10.5.1)
            throw H2Errors.connection(LimitRule.FIELD_BLOCK_SIZE, "field block of " + bytes + " encoded octets exceeds the block limit");
        }
    }
}
