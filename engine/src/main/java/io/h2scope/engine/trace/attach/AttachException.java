package io.h2scope.engine.trace.attach;

import java.io.IOException;

/** A live event stream that could not be read on: where it stopped (line and the octet it began at) and why. */
public final class AttachException extends IOException {

    private final long line;
    private final long offset;
    private final boolean refused;
    private final String detail;

    AttachException(String where, long line, long offset, String detail) {
        this(where, line, offset, detail, false);
    }

    AttachException(String where, long line, long offset, String detail, boolean refused) {
        // a refusal is the engine's answer to the token, not a place in a stream of events
        super(refused ? where + ": " + detail : where + ": line " + line + " (from octet " + offset + "): " + detail);
        this.line = line;
        this.offset = offset;
        this.refused = refused;
        this.detail = detail;
    }

    /** Why, without the place. */
    public String detail() {
        return detail;
    }

    /** The line that could not be read, counted from 1. */
    public long line() {
        return line;
    }

    /** The octet the line began at, counted from 0: every octet before it was read as whole events. */
    public long offset() {
        return offset;
    }

    /** The engine refused the reader (a wrong TCP token). */
    public boolean refused() {
        return refused;
    }
}
