package io.h2scope.inspector.model;

import io.h2scope.engine.trace.FrameDescriber;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.ClockText;
import io.h2scope.engine.trace.text.TraceText;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

/** The frame list's summary and time columns: the engine's description of a frame, and when it was. */
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

    /**
     * The Time column of frame {@code frameNumber}: its clock time in UTC ({@code 14:03:00.123456}) when
     * {@code clock}, else its seconds since the recording started ({@code 12.037581}); the same for every connection.
     * Only a frame whose connection's clock is not known (a recording made before recordings carried it) shows the
     * seconds since its own connection started.
     */
    public static String time(Recording recording, int frameNumber, boolean clock) {
        Instant at = recording.frameClock(frameNumber);
        Instant start = recording.startClock();
        if (at == null || start == null) {
            return time(recording.frame(frameNumber).nanosSinceStart());
        }
        return clock ? ClockText.timeOfDay(at, ZoneOffset.UTC) : time(Duration.between(start, at).toNanos());
    }
}
