package io.h2scope.inspector.model;

import io.h2scope.engine.trace.FrameDescriber;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.TraceText;

/** The frame list's summary column: the engine's description of a frame after its type, stream and length. */
public final class FrameSummary {

    private FrameSummary() {
    }

    /** Flags by name and the decoded payload; DATA bytes and credential values stay hidden as in the trace. */
    public static String of(FrameEvent frame) {
        return FrameDescriber.summary(frame.frame(), frame.headers(), false).strip();
    }

    /** Seconds since the connection started, as the trace writes them but without its brackets: {@code 0.037581}. */
    public static String time(long nanos) {
        String bracketed = TraceText.time(nanos);
        return bracketed.substring(1, bracketed.length() - 1).strip();
    }
}
