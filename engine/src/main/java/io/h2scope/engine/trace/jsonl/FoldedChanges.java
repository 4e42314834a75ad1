package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread's window and stream state changes held back until the frame line they go into (docs/TRACE_FORMAT.md,
 * {@code changes}): a request's seven such facts then cost no line of their own. They are held only until the next
 * event of the thread: a frame of the same connection at the same time takes them into its line; any other event, or
 * {@link #flush}, writes them as lines of their own first, so every line keeps its place in its connection's order.
 * Not thread-safe: one per thread.
 */
final class FoldedChanges {

    private final List<TraceEvent> held = new ArrayList<>();
    private long connection;
    private long nanos;

    /** Writes the lines {@code event} ends (each with its newline) to {@code out}, or holds the event back. */
    void write(TraceEvent event, LineOctets out) {
        if (FrequentEventLines.foldable(event)) {
            if (!held.isEmpty() && !sameTime(event)) {
                flush(out);
            }
            connection = event.connectionId();
            nanos = event.nanosSinceStart();
            held.add(event);
            return;
        }
        if (event instanceof FrameEvent frame && !held.isEmpty() && sameTime(frame)) {
            try {
                FrequentEventLines.frame(frame, held, out);
                out.put('\n');
            } finally {
                held.clear();
            }
            return;
        }
        flush(out);
        TraceEventJson.write(event, out).put('\n');
    }

    /** Writes what is held as lines of their own. */
    void flush(LineOctets out) {
        try {
            for (TraceEvent event : held) {
                TraceEventJson.write(event, out).put('\n');
            }
        } finally {
            held.clear();
        }
    }

    private boolean sameTime(TraceEvent event) {
        return event.connectionId() == connection && event.nanosSinceStart() == nanos;
    }
}
