package io.h2scope.engine.scripted;

import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.stream.SenderEnd;

import java.util.List;

/** One thing the other side of a {@link ScriptedPeer} did, as its observer read it. */
public sealed interface Incoming {

    /**
     * A whole frame; {@code fields}: the field block it completed, decoded, or null when it completed none;
     * {@code senderEnd}: how the other side had ended the frame's stream before sending it.
     */
    record FrameIn(Frame frame, List<HeaderField> fields, SenderEnd senderEnd) implements Incoming {
    }

    /** A frame the reader could not take: it breaks a frame rule (size, padding, stream id...). */
    record BrokenFrame(FrameHeader header, Violation violation) implements Incoming {
    }

    /** A field block that does not decode (RFC 9113 §4.3: a COMPRESSION_ERROR). */
    record UndecodableBlock(int streamId, int blockLength, HpackException error) implements Incoming {
    }

    /** The connection ended: {@code how} says whether by EOF or by a reset. */
    record Closed(String how) implements Incoming {
    }
}
