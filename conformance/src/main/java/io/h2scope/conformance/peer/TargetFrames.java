package io.h2scope.conformance.peer;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.ErrorScope;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.scripted.Incoming;

/**
 * The target's frames as the scripted peer's {@link io.h2scope.engine.observer.Http2Observer} read them, as the
 * {@link PeerEvent}s the cases judge: the peer decides from the same decoding its evidence shows.
 */
final class TargetFrames {

    private TargetFrames() {
    }

    /** The event {@code read} is to the cases; the connection's end is the peer's own ({@code markClosed}). */
    static PeerEvent event(Incoming read) {
        if (read instanceof Incoming.FrameIn f) {
            return new PeerEvent.FrameReceived(f.frame(), f.fields(), f.senderEnd());
        } else if (read instanceof Incoming.BrokenFrame b) {
            return new PeerEvent.PeerViolation(b.header(), b.violation());
        } else if (read instanceof Incoming.UndecodableBlock u) {
            // RFC9113 §4.3: "A decoding error in a field block MUST be treated as a connection error ... COMPRESSION_ERROR"
            return new PeerEvent.PeerViolation(new FrameHeader(u.blockLength(), FrameType.HEADERS.code(), 0, u.streamId(), false),
                    new Violation(SpecRef.rfc9113("4.3"), ErrorScope.CONNECTION, ErrorCode.COMPRESSION_ERROR,
                            "the target's field block does not decode: " + u.error().getMessage()));
        }
        throw new IllegalArgumentException("not a frame read: " + read);
    }
}
