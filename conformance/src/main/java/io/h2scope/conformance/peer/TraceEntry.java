package io.h2scope.conformance.peer;

import java.util.Locale;

/**
 * One line of a case's evidence: a frame sent or received, or a note, stamped with the time since
 * the connection was opened.
 *
 * @param nanos     nanoseconds since the peer connected
 * @param direction sent, received or note
 * @param text      the frame as {@code FrameDescriber.line} prints it, or the note
 */
public record TraceEntry(long nanos, Direction direction, String text) {

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
