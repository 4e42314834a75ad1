package io.h2scope.engine.trace.text;

import io.h2scope.engine.trace.model.FrameEvent;

/**
 * One thread's frame lines ({@link TraceText#frameLine}), made as octets into one reused {@link AsciiLine} (a log
 * copies them out in one step: no String a line), the field lists and stream window texts that come again copied
 * whole ({@link KeptFieldTexts}, {@link KeptWindowTexts}): the same text as {@link TraceText#frameLine}, for a log
 * that writes a line a frame. Not thread-safe: one per thread.
 */
public final class FrameLineMaker {

    /** The reused line is dropped once it has grown past this many octets (after a huge line, not kept that big). */
    private static final int MAX_KEPT_LINE = 64 * 1024;

    private AsciiLine line = new AsciiLine(512);
    private final KeptFieldTexts fields = new KeptFieldTexts();
    private final KeptWindowTexts connectionWindows = KeptWindowTexts.connection();
    private final KeptWindowTexts streamTails = KeptWindowTexts.stream();

    /**
     * The line of {@code e}, as {@link TraceText#frameLine(FrameEvent, Redaction, boolean, String)}: mostly this
     * maker's {@link AsciiLine}, valid until the next call; a String made the plain way for a line with a char
     * {@link AsciiLine} cannot hold (a frame line is ASCII by construction: this is the guard, not a path taken).
     */
    public CharSequence line(FrameEvent e, Redaction redaction, boolean showData, String time) {
        if (line.capacity() > MAX_KEPT_LINE) {
            line = new AsciiLine(512);
        }
        line.clear();
        TraceText.frameLine(line, e, redaction, showData, time, fields, connectionWindows, streamTails);
        return line.isAscii() ? line : TraceText.frameLine(e, redaction, showData, time);
    }
}
