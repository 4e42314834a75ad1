package io.h2scope.engine.core.limits;

import java.util.ArrayDeque;

/**
 * Counts control frames written to the output and not yet drained. Output is one ordered byte
 * stream, so each frame is remembered by the stream offset just past it; draining past that
 * offset forgets it. Bounded by the caller's limit: the connection closes before this grows past it.
 */
public final class ControlFrameBacklog {

    private final ArrayDeque<Long> endOffsets = new ArrayDeque<>();

    /** A control frame whose last byte is at output offset {@code endOffset - 1} was written. */
    public int onWritten(long endOffset) {
        endOffsets.addLast(endOffset);
        return endOffsets.size();
    }

    /** The transport has drained output up to {@code drainedOffset} (exclusive). */
    public void onDrained(long drainedOffset) {
        while (!endOffsets.isEmpty() && endOffsets.peekFirst() <= drainedOffset) {
            endOffsets.pollFirst();
        }
    }

    /** Control frames written and not fully drained. */
    public int queued() {
        return endOffsets.size();
    }
}
