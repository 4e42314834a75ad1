package io.h2scope.inspector.model;

import io.h2scope.engine.trace.FrameDescriber;
import io.h2scope.engine.trace.model.FrameEvent;

/** The frame list's summary column: the engine's description of a frame after its type, stream and length. */
public final class FrameSummary {

    private FrameSummary() {
    }

    /** Flags by name and the decoded payload; DATA bytes and credential values stay hidden as in the trace. */
    public static String of(FrameEvent frame) {
        return FrameDescriber.summary(frame.frame(), frame.headers(), false).strip();
    }
}
