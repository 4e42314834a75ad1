package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;

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
        // connection and time read through each record's own type: through TraceEvent, a call site that sees three
        // kinds of event is a virtual call per read, and this runs for every event of a recording
        if (event instanceof WindowChanged w) {
            hold(w, w.connectionId(), w.nanosSinceStart(), out);
        } else if (event instanceof StreamStateChanged s) {
            hold(s, s.connectionId(), s.nanosSinceStart(), out);
        } else if (event instanceof FrameEvent frame && !held.isEmpty()
                && sameTime(frame.connectionId(), frame.nanosSinceStart())) {
            try {
                FrequentEventLines.frame(frame, held, out);
                out.put('\n');
            } finally {
                held.clear();
            }
        } else {
            flush(out);
            TraceEventJson.write(event, out).put('\n');
        }
    }

    /** Holds a window or state change, after writing those held at another time. */
    private void hold(TraceEvent change, long changeConnection, long changeNanos, LineOctets out) {
        if (!held.isEmpty() && !sameTime(changeConnection, changeNanos)) {
            flush(out);
        }
        connection = changeConnection;
        nanos = changeNanos;
        held.add(change);
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

    private boolean sameTime(long eventConnection, long eventNanos) {
        return eventConnection == connection && eventNanos == nanos;
    }
}
