package io.h2scope.engine.trace.jsonl;

import java.io.IOException;

/** A JSONL trace that cannot be read: the line that is not UTF-8, not JSON, or not a frame event, and why. */
public final class TraceFormatException extends IOException {

    private final int line;

    TraceFormatException(int line, String detail, Throwable cause) {
        super("line " + line + ": " + detail, cause);
        this.line = line;
    }

    /** The offending line, counted from 1. */
    public int line() {
        return line;
    }
}
