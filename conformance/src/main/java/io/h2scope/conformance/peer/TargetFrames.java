package io.h2scope.conformance.peer;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackException;
import io.h2scope.engine.observer.FrameListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The target's frames as the peer's {@link io.h2scope.engine.observer.Http2Observer} read them, as {@link PeerEvent}s,
 * held until the peer has told what the first octets were ({@link FirstAnswer}): the peer decides from the same
 * decoding its evidence shows.
 */
final class TargetFrames implements FrameListener {

    private final List<PeerEvent> read = new ArrayList<>();

    @Override
    public void frame(Frame frame, List<HeaderField> block) {
        read.add(new PeerEvent.FrameReceived(frame, block));
    }

    @Override
    public void brokenFrame(FrameHeader header, Violation violation) {
        read.add(new PeerEvent.PeerViolation(header, violation));
    }

    @Override
    public void undecodableBlock(int streamId, int blockLength, HpackException error) {
        // RFC9113 §4.3: "A decoding error in a field block MUST be treated as a connection error ... COMPRESSION_ERROR"
        read.add(new PeerEvent.PeerViolation(new FrameHeader(blockLength, FrameType.HEADERS.code(), 0, streamId, false),
                new Violation(SpecRef.rfc9113("4.3"), ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR,
                        "the target's field block does not decode: " + error.getMessage())));
    }

    /** The events read since the last call, in order; the list is the caller's. */
    List<PeerEvent> take() {
        if (read.isEmpty()) {
            return List.of();
        }
        List<PeerEvent> taken = new ArrayList<>(read);
        read.clear();
        return taken;
    }
}
