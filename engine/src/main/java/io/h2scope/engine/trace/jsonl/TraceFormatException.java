package io.h2scope.engine.trace.jsonl;

import java.io.IOException;
import java.nio.file.Path;

/** A JSONL trace that cannot be read: the line that is not UTF-8, not JSON, or not a frame event, and why. */
public final class TraceFormatException extends IOException {

    private final int line;
    private final String detail;

    TraceFormatException(int line, String detail, Throwable cause) {
        this(null, line, detail, cause);
    }

    private TraceFormatException(Path file, int line, String detail, Throwable cause) {
        super("line " + line + (file == null ? "" : " of " + file) + ": " + detail, cause);
        this.line = line;
        this.detail = detail;
    }

    /** The same error, naming the file it was read from. */
    TraceFormatException in(Path file) {
        return new TraceFormatException(file, line, detail, getCause());
    }

    /** The offending line, counted from 1. */
    public int line() {
        return line;
    }
}
