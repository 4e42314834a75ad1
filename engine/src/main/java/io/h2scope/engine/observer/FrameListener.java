package io.h2scope.engine.observer;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.stream.SenderEnd;

import java.util.List;

/**
 * What an {@link Http2Observer} read from one side, frame by frame, for a reader that acts on it (the conformance
 * peer answers and judges the target from it): the same decoding as the observer's events, without reading them
 * back out of the trace.
 */
public interface FrameListener {

    /**
     * A whole frame, after the observer applied it; {@code block}: the field block it completed, decoded, or null when
     * it completed none (or the block did not decode: {@link #undecodableBlock} came first); {@code before}: how its
     * sender had ended the frame's stream before it (what a frame that follows its END_STREAM or RST_STREAM breaks).
     */
    void frame(Frame frame, List<HeaderField> block, SenderEnd before);

    /** A frame the reader could not take (it breaks a frame rule); it is not published as a frame. */
    void brokenFrame(FrameHeader header, Violation violation);

    /** The field block of {@code blockLength} encoded octets completed on {@code streamId} does not decode (RFC 9113 §4.3). */
    void undecodableBlock(int streamId, int blockLength, HpackException error);
}
