package io.h2scope.inspector.source;

import io.h2scope.engine.trace.jsonl.TraceFormatException;

/**
 * The notices about lines of a trace that were skipped: one per line for the first few (each naming its line), then
 * one saying that more follow uncounted on screen, and the total for the source's last word. A file of many bad
 * lines must not bury the window in notices.
 */
final class BadLines {

    static final int SHOWN = 20;

    private final String where;
    private long count;

    /** {@code where}: "of trace.jsonl", "from 127.0.0.1:7070". */
    BadLines(String where) {
        this.where = where;
    }

    void skipped(TraceFormatException problem, SourceSink sink) {
        count++;
        if (count <= SHOWN) {
            sink.problem("line " + problem.line() + " " + where + " skipped: " + problem.detail()
                    + "; the other events are kept");
        } else if (count == SHOWN + 1) {
            sink.problem("more bad lines " + where + " skipped; not shown one by one");
        }
    }

    long count() {
        return count;
    }

    /** ", 3 bad lines skipped" or nothing. */
    String summary() {
        return count == 0 ? "" : ", " + count + " bad line" + (count == 1 ? "" : "s") + " skipped";
    }
}
