package io.h2scope.engine.core;

import io.h2scope.engine.core.limits.FloodGuard;
import io.h2scope.engine.core.limits.LimitRule;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PushPromiseFrame;
import io.h2scope.engine.frame.check.FieldBlockRule;

import java.util.Arrays;

/**
 * Joins a HEADERS or PUSH_PROMISE frame and its CONTINUATION frames into one field block (RFC 9113
 * §4.3, §6.10), enforcing the sequencing rule and the CONTINUATION flood limits (SEC-14):
 * at most {@link Limits#maxContinuationFrames()} frames and {@link Limits#maxHeaderBlockBytes()}
 * encoded bytes per block, so an endless run of CONTINUATIONs (empty ones too) ends the connection.
 */
final class HeaderBlockAssembler {

    /** A complete block: the frame that opened it and the whole fragment. */
    record Block(Frame first, byte[] fragment) {
        int streamId() {
            return first.streamId();
        }
    }

    private final Limits limits;
    private Frame first;
    private byte[] buffer = new byte[0];
    private int length;
    private int continuations;
    private long startedAt;

    HeaderBlockAssembler(Limits limits) {
        this.limits = limits;
    }

    boolean inProgress() {
        return first != null;
    }

    /** How long the open block has waited for its END_HEADERS at {@code now}; 0 when none is open. */
    long openFor(long now) {
        return first == null ? 0 : now - startedAt;
    }

    /** The stream of the open block (after {@link #inProgress}). */
    int openStreamId() {
        return first.streamId();
    }

    /**
     * Every frame that arrives while a block is open goes through here first.
     *
     * @throws io.h2scope.engine.error.ConnectionError PROTOCOL_ERROR for anything but a CONTINUATION on the same stream
     */
    void checkSequence(int typeCode, int streamId) {
        if (first == null) {
            if (typeCode == FrameType.CONTINUATION.code()) {
                // RFC9113 §6.10: "a CONTINUATION frame MUST be preceded by a HEADERS, PUSH_PROMISE or CONTINUATION frame without the END_HEADERS flag set ... PROTOCOL_ERROR"
                throw H2Errors.connection(FieldBlockRule.CONTINUATION_WITHOUT_FIELD_BLOCK,
                        "CONTINUATION on stream " + streamId + " without an open field block");
            }
            return;
        }
        if (typeCode != FrameType.CONTINUATION.code() || streamId != first.streamId()) {
            // RFC9113 §6.10: "If the END_HEADERS flag is not set, this frame MUST be followed by another CONTINUATION frame ... Receipt of any other type of frame or a frame on a different stream MUST be treated as a connection error ... PROTOCOL_ERROR"
            throw H2Errors.connection(FieldBlockRule.FRAME_INSIDE_FIELD_BLOCK,
                    FrameType.nameOf(typeCode) + " on stream " + streamId + " inside the field block of stream "
                            + first.streamId() + " (only CONTINUATION may follow)");
        }
    }

    /** A HEADERS frame received at {@code now}: the block, if END_HEADERS completes it at once, else null. */
    Block start(HeadersFrame frame, long now) {
        return begin(frame, frame.fragment(), frame.endHeaders(), now);
    }

    /** A PUSH_PROMISE frame received at {@code now}: the block, if END_HEADERS completes it at once, else null. */
    Block start(PushPromiseFrame frame, long now) {
        return begin(frame, frame.fragment(), frame.endHeaders(), now);
    }

    /** A CONTINUATION of the open block (after {@link #checkSequence}): the block when complete, else null. */
    Block append(ContinuationFrame frame, FloodGuard guard, long nowNanos) {
        continuations++;
        if (frame.fragment().length == 0 && !frame.endHeaders()) {
            guard.onGlitch(nowNanos, "empty CONTINUATION");
        }
        if (continuations > limits.maxContinuationFrames()) {
            throw H2Errors.connection(LimitRule.CONTINUATION_FRAMES, "more than " + limits.maxContinuationFrames() + " CONTINUATION frames in one field block");
        }
        add(frame.fragment());
        if (!frame.endHeaders()) {
            return null;
        }
        Block block = new Block(first, Arrays.copyOf(buffer, length));
        reset();
        return block;
    }

    private Block begin(Frame frame, byte[] fragment, boolean endHeaders, long now) {
        if (fragment.length > limits.maxHeaderBlockBytes()) {
            throw tooLarge(fragment.length);
        }
        if (endHeaders) {
            return new Block(frame, fragment);
        }
        first = frame;
        startedAt = now;
        continuations = 0;
        length = 0;
        add(fragment);
        return null;
    }

    private void add(byte[] fragment) {
        long total = (long) length + fragment.length;
        if (total > limits.maxHeaderBlockBytes()) {
            throw tooLarge(total);
        }
        if (buffer.length < total) {
            buffer = Arrays.copyOf(buffer, (int) Math.max(total, Math.min(limits.maxHeaderBlockBytes(), 2L * buffer.length)));
        }
        System.arraycopy(fragment, 0, buffer, length, fragment.length);
        length = (int) total;
    }

    private static io.h2scope.engine.error.ConnectionError tooLarge(long bytes) {
        // HPACK state cannot be skipped, so an oversized block ends the connection (RFC9113 §10.5.1)
        return H2Errors.connection(LimitRule.FIELD_BLOCK_SIZE, "field block of " + bytes + " encoded octets exceeds the block limit");
    }

    private void reset() {
        first = null;
        length = 0;
        continuations = 0;
        if (buffer.length > 16 * 1024) {
            buffer = new byte[0]; // do not keep a large buffer for the rest of the connection
        }
    }
}
