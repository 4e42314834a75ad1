package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceEvent;

import java.util.function.Consumer;

/**
 * The lines of a buffer of a JSONL trace, in turn, each as {@link JsonlLineDecoder#summary}: what an index of a big
 * recording reads. A line in the writer's plain form is read and its end found in one pass over its octets; any
 * other is cut at its newline and read the general way. Not thread-safe: one per buffer.
 */
public final class SummaryLines {

    private final byte[] octets;
    private final int limit;
    private int next;
    private int lineStart;

    /** The lines of {@code octets} from {@code from} to {@code limit} (whole lines, the last one maybe unterminated). */
    public SummaryLines(byte[] octets, int from, int limit) {
        this.octets = octets;
        this.next = from;
        this.limit = limit;
    }

    public boolean hasNext() {
        return next < limit;
    }

    /** Where the line that {@link #next} read last starts. */
    public int lineStart() {
        return lineStart;
    }

    /**
     * The next line's summary (null for a blank line or a kind not known); the line is passed even when it throws.
     *
     * @throws TraceFormatException naming line {@code number} and what is wrong with it
     */
    public TraceEvent next(long number) throws TraceFormatException {
        TraceEvent[] last = new TraceEvent[1];
        next(number, event -> last[0] = event);
        return last[0];
    }

    /**
     * Every event of the next line, in order (a frame line's changes, then the frame: docs/TRACE_FORMAT.md); nothing for
     * a blank line or a kind not known. {@link #next(long)} gives the line's own event only.
     *
     * @throws TraceFormatException naming line {@code number} and what is wrong with it
     */
    public void next(long number, Consumer<TraceEvent> each) throws TraceFormatException {
        lineStart = next;
        DirectEventReader plain = DirectEventReader.line(octets, lineStart, limit);
        if (plain != null) {
            next = plain.end() + 1;
            plain.forEach(each);
            return;
        }
        int end = JsonlLineDecoder.lineEnd(octets, lineStart, limit);
        int to = end > lineStart && octets[end - 1] == '\r' ? end - 1 : end;
        next = end + 1;
        JsonlLineDecoder.generalSummary(octets, lineStart, to, number, each);
    }
}
