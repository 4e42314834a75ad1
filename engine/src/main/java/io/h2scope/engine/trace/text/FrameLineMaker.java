package io.h2scope.engine.trace.text;

import io.h2scope.engine.trace.model.FrameEvent;

/**
 * One thread's frame lines ({@link TraceText#frameLine}), made into one reused builder, the field lists and stream
 * window texts that come again copied whole ({@link KeptFieldTexts}, {@link KeptWindowTexts}): the same octets as
 * {@link TraceText#frameLine}, for a log that writes a line a frame. Not thread-safe: one per thread.
 */
public final class FrameLineMaker {

    /** The reused line is dropped once it has grown past this many chars (after a huge line, not kept that big). */
    private static final int MAX_KEPT_LINE = 64 * 1024;

    private StringBuilder line = new StringBuilder(512);
    private final KeptFieldTexts fields = new KeptFieldTexts();
    private final KeptWindowTexts connectionWindows = KeptWindowTexts.connection();
    private final KeptWindowTexts streamTails = KeptWindowTexts.stream();

    /** The line of {@code e}, as {@link TraceText#frameLine(FrameEvent, Redaction, boolean, String)}: valid until the next call. */
    public StringBuilder line(FrameEvent e, Redaction redaction, boolean showData, String time) {
        if (line.capacity() > MAX_KEPT_LINE) {
            line = new StringBuilder(512);
        }
        line.setLength(0);
        return TraceText.frameLine(line, e, redaction, showData, time, fields, connectionWindows, streamTails);
    }
}
