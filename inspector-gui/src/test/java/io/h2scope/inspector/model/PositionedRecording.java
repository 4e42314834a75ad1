package io.h2scope.inspector.model;

import io.h2scope.engine.trace.model.TraceEvent;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

/**
 * A recording that keeps its events as positions, as one opened from a file does, counting each event read again: a
 * test shows that a filter over it reads no frame again.
 */
public final class PositionedRecording {

    private final Recording recording;
    private final AtomicInteger reads = new AtomicInteger();

    public PositionedRecording(List<TraceEvent> events) {
        this(events, FrameFields.MAX_STRINGS);
    }

    /** One that keeps at most {@code fieldStrings} field names and values ({@code inspect --field-strings}). */
    public PositionedRecording(List<TraceEvent> events, int fieldStrings) {
        recording = new Recording(io.h2scope.engine.trace.text.Redaction.DEFAULT, fieldStrings);
        int source = recording.addSource("counted", position -> {
            reads.incrementAndGet();
            return events.get((int) position);
        });
        recording.appendPositions(source, events, LongStream.range(0, events.size()).toArray());
    }

    public Recording recording() {
        return recording;
    }

    /** How many events were read again since the recording was made. */
    public int reads() {
        return reads.get();
    }
}
