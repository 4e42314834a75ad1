package io.h2scope.conformance.peer;

import io.h2scope.engine.trace.model.TraceEvent;
import java.util.Locale;

/**
 * One line of a case's evidence: a frame sent or received, or a note, stamped with the time since
 * the connection was opened.
 *
 * @param nanos     nanoseconds since the peer connected
 * @param direction sent, received or note
 * @param text      the frame as {@code FrameDescriber.line} prints it, or the note
 * @param event     the same frame as a trace event ({@code FrameEvent}, or {@code ViolationReceived} for a broken
 *                  frame from the target) with the peer's connection id, so the inspector can show the exchange;
 *                  null for notes and for octets that are no whole frame (raw bytes, a batch, the preface)
 */
public record TraceEntry(long nanos, Direction direction, String text, TraceEvent event) {

    /** A line with no trace event behind it. */
    public TraceEntry(long nanos, Direction direction, String text) {
        this(nanos, direction, text, null);
    }

    /**
     * E.g. {@code +0.004213s << SETTINGS      stream=0 length=0 flags=ACK}: microseconds, because
     * on loopback a whole exchange often fits in one millisecond and its order must stay readable.
     */
    public String format() {
        return String.format(Locale.ROOT, "+%.6fs %s %s", nanos / 1e9, direction.arrow(), text);
    }

    @Override
    public String toString() {
        return format();
    }
}
