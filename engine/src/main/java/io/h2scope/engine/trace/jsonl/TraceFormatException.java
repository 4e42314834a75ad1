package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.file.Path;

/** A JSONL trace that cannot be read: the line that is not UTF-8, not JSON, or not a trace event, and why. */
public final class TraceFormatException extends IOException {

    private final long line;
    private final String detail;
    private final boolean newerVersion;

    TraceFormatException(long line, String detail, Throwable cause) {
        this(null, line, detail, cause, false);
    }

    private TraceFormatException(Path file, long line, String detail, Throwable cause, boolean newerVersion) {
        super("line " + line + (file == null ? "" : " of " + file) + ": " + detail, cause);
        this.line = line;
        this.detail = detail;
        this.newerVersion = newerVersion;
    }

    /** A line written in a format version above the one this reader knows. */
    static TraceFormatException newer(long line, long version) {
        return new TraceFormatException(null, line, "trace format version " + version + " is newer than this h2scope "
                + "reads (versions 1 to " + TraceEventJson.VERSION + "): open it with the h2scope that wrote it, or "
                + "update this one", null, true);
    }

    /** The same error, naming the file it was read from. */
    TraceFormatException in(Path file) {
        return new TraceFormatException(file, line, detail, getCause(), newerVersion);
    }

    /** The same error at line {@code number} (a reader that decodes a file in chunks numbers each chunk from 1). */
    public TraceFormatException atLine(long number) {
        return number == line ? this : new TraceFormatException(null, number, detail, getCause(), newerVersion);
    }

    /** The offending line, counted from 1. */
    public long line() {
        return line;
    }

    /** What is wrong with the line, without the "line N: " before it. */
    public String detail() {
        return detail;
    }

    /** The line is from a newer format version: the rest of the file will not read either. */
    public boolean newerVersion() {
        return newerVersion;
    }
}
