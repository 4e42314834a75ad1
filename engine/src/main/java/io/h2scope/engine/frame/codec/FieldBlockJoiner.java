package io.h2scope.engine.frame.codec;

import io.h2scope.engine.error.H2Errors;
import io.h2scope.engine.frame.ContinuationFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.FieldBlockRule;

import java.util.Arrays;

/**
 * Joins a HEADERS or PUSH_PROMISE frame and its CONTINUATION frames into one field block (RFC 9113 §4.3, §6.10) and
 * holds the sequencing rule: while a block is open only a CONTINUATION on its stream may come. The one home of that
 * rule for the core (which adds its flood limits around it) and the observer (which reads both directions).
 * Single-threaded.
 */
public final class FieldBlockJoiner {

    /** A complete block: the frame that opened it and the whole encoded fragment. */
    public record Block(Frame first, byte[] fragment) {
        public int streamId() {
            return first.streamId();
        }
    }

    private static final int KEPT_BUFFER = 16 * 1024;

    private Frame first;
    private byte[] buffer = new byte[0];
    private int length;
    private int continuations;

    public boolean inProgress() {
        return first != null;
    }

    /** The stream of the open block (after {@link #inProgress}). */
    public int openStreamId() {
        return first.streamId();
    }

    /** The encoded octets the open block holds so far. */
    public int length() {
        return length;
    }

    /** The CONTINUATION frames the open block has taken so far. */
    public int continuations() {
        return continuations;
    }

    /**
     * Every frame that arrives goes through here first, before it is applied.
     *
     * @throws io.h2scope.engine.error.ConnectionError PROTOCOL_ERROR for a CONTINUATION with no open block, or for
     *     anything but a CONTINUATION on the open block's stream
     */
    public void checkSequence(int typeCode, int streamId) {
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

    /** A HEADERS or PUSH_PROMISE frame: the block, if END_HEADERS completes it at once, else null (it stays open). */
    public Block start(Frame frame, byte[] fragment, boolean endHeaders) {
        if (endHeaders) {
            return new Block(frame, fragment);
        }
        first = frame;
        continuations = 0;
        length = 0;
        add(fragment);
        return null;
    }

    /** A CONTINUATION of the open block (after {@link #checkSequence}): the block when complete, else null. */
    public Block append(ContinuationFrame frame) {
        continuations++;
        add(frame.fragment());
        if (!frame.endHeaders()) {
            return null;
        }
        Block block = new Block(first, Arrays.copyOf(buffer, length));
        abandon();
        return block;
    }

    /** Drops the open block, if any (after a sequencing error, for a reader that goes on). */
    public void abandon() {
        first = null;
        length = 0;
        continuations = 0;
        if (buffer.length > KEPT_BUFFER) {
            buffer = new byte[0]; // do not keep a large buffer for the rest of the connection
        }
    }

    private void add(byte[] fragment) {
        int total = Math.addExact(length, fragment.length);
        if (buffer.length < total) {
            buffer = Arrays.copyOf(buffer, Math.max(total, (int) Math.min(Integer.MAX_VALUE - 8, 2L * buffer.length)));
        }
        System.arraycopy(fragment, 0, buffer, length, fragment.length);
        length = total;
    }
}
