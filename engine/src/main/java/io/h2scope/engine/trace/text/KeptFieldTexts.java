package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;

import java.util.List;

/**
 * The text of the last few field lists one thread wrote into frame lines ({@code {:method: GET, ...}}), copied whole
 * when a list comes again under the same redaction ({@link FieldListSlots} says when) instead of checked and escaped
 * field by field. Not thread-safe: one per {@link FrameLineMaker}.
 */
final class KeptFieldTexts {

    /** Lists kept: a request's and its response's alternate on a connection, and the server reads and writes both. */
    private static final int SLOTS = 4;
    /** Longer texts are written each time: they are seldom repeated and would keep much. */
    private static final int MAX_KEPT_CHARS = 1024;

    private final FieldListSlots slots = new FieldListSlots(SLOTS);
    private final AsciiLine[] texts = new AsciiLine[SLOTS];

    KeptFieldTexts() {
        for (int slot = 0; slot < SLOTS; slot++) {
            texts[slot] = new AsciiLine(128);
        }
    }

    /** Appends the text of {@code fields} as {@link FrameDescriber} writes it, kept or made (and then kept). */
    void append(LineText line, List<HeaderField> fields, Redaction redaction) {
        int found = slots.find(fields, redaction);
        if (found >= 0) {
            line.append(texts[found]);
            return;
        }
        int start = line.length();
        FrameDescriber.fields(line, fields, redaction);
        if (line.length() - start <= MAX_KEPT_CHARS) {
            line.copyTail(start, texts[slots.keep(fields, redaction)]);
        }
    }
}
