package io.h2scope.engine.trace;

import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;

/**
 * Receives every frame a connection reads or writes, exactly once each, in order. Called on the
 * connection's own thread; a sink must not call back into the connection.
 *
 * <p>The connection asks {@link #enabled()} before building anything, so a disabled sink (such
 * as {@link #NONE}) costs one call and no allocation per frame.
 */
public interface TraceSink {

    /** Traces nothing; {@link #enabled()} is false. */
    TraceSink NONE = new TraceSink() {
        @Override
        public void onFrame(FrameEvent event) {
        }

        @Override
        public boolean enabled() {
            return false;
        }
    };

    void onFrame(FrameEvent event);

    /** Whether events are wanted at all; checked before each event is built. */
    default boolean enabled() {
        return true;
    }

    /**
     * Whether events should carry an {@link HpackBlock} (each field's representation and the dynamic
     * table after the block). Asked once, when a connection is created; it costs a copy of the
     * table per field block, so only sinks that show it say yes.
     */
    default boolean wantsHpackDetail() {
        return false;
    }

    /**
     * A stream changed state, told by the connection as it happens (an inbound frame's own event
     * comes after it was handled, so this is the exact order). {@code input} is what moved it:
     * a frame sent or received, or a reset.
     */
    default void onStreamState(long connectionId, long nanosSinceStart, int streamId, StreamState from,
            StreamState to, StreamInput input) {
    }

    /**
     * A frame that broke a frame-level rule (RFC 9113 §4, §6) was received; it is not delivered as
     * a {@link FrameEvent}. The header is as received; the violation says which rule, with the
     * detail the lenient checks give, so the inspector can show what the peer did wrong.
     */
    default void onViolation(long connectionId, long nanosSinceStart, FrameHeader header, Violation violation) {
    }
}
