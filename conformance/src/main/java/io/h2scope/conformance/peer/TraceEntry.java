package io.h2scope.conformance.peer;

import io.h2scope.engine.trace.model.TraceEvent;
import java.util.List;
import java.util.Locale;

/**
 * One line of a case's evidence: a frame sent or received, a rule broken, or a note, stamped with the time since
 * the connection was opened.
 *
 * @param nanos     nanoseconds since the peer connected
 * @param direction sent, received or note
 * @param text      the frame as {@code FrameDescriber.line} prints it (with its decoded fields), the rule broken,
 *                  or the note
 * @param event     the frame or the break as the observer of the peer's octets published it ({@code FrameEvent} or
 *                  {@code ViolationReceived}, with the peer's connection id), so the inspector can show the
 *                  exchange; null for notes and for octets that are no whole frame (the preface, a batch, raw bytes)
 * @param effects   what the observer published before {@code event} on its account: stream states, windows,
 *                  settings, HPACK table changes (empty for a line without an event)
 */
public record TraceEntry(long nanos, EntryDirection direction, String text, TraceEvent event, List<TraceEvent> effects) {

    public TraceEntry {
        effects = List.copyOf(effects);
    }

    /** A line with no trace event behind it. */
    public TraceEntry(long nanos, EntryDirection direction, String text) {
        this(nanos, direction, text, null, List.of());
    }

    /** A line with an event and no effects. */
    public TraceEntry(long nanos, EntryDirection direction, String text, TraceEvent event) {
        this(nanos, direction, text, event, List.of());
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
