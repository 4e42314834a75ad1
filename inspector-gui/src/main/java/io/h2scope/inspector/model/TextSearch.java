package io.h2scope.inspector.model;

import io.h2scope.engine.trace.text.Redaction;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether the frame list's line of a frame ({@link FrameSummary#searchable}) contains a text, for one thread. A text
 * with none of the characters that join a line's parts (its head, then {@code {name: value, ...}}) cannot span two
 * parts, so it is looked for in each distinct head, name and value once, the answer kept by the string's number: a
 * million frames ask a few thousand strings, and the pass over them is the same integer work from the first frame
 * on (a line built and searched per frame took 2.5 s a million frames before the JIT had compiled it). A text with
 * such a character, or a frame the recording did not keep the parts of, is looked for in the line itself.
 */
public final class TextSearch {

    /** What joins the parts of a line: after the head "{", between a name and its value ": ", between fields ", ". */
    private static final String JOINTS = "{}:, ";
    private static final byte UNKNOWN = 0;
    private static final byte ABSENT = 1;
    private static final byte PRESENT = 2;

    private final Recording recording;
    private final String text;
    private final boolean byParts;
    private byte[] heads = new byte[64];
    private byte[] names = new byte[64];
    private byte[] values = new byte[64];

    /** @param text what to look for, in lower case (as the line is searched) */
    public TextSearch(Recording recording, String text) {
        this.recording = recording;
        this.text = text;
        this.byParts = text.chars().noneMatch(c -> JOINTS.indexOf(c) >= 0);
    }

    public boolean matches(int frame) {
        FrameHeads h = recording.frameHeads();
        FrameFields f = recording.frameFields();
        if (!byParts || !h.kept(frame) || !f.kept(frame)) {
            return FrameSummary.searchable(recording, frame).contains(text);
        }
        int head = h.id(frame);
        heads = room(heads, head);
        if (heads[head] == UNKNOWN) {
            heads[head] = h.searched(head).contains(text) ? PRESENT : ABSENT;
        }
        if (heads[head] == PRESENT) {
            return true;
        }
        int count = f.count(frame);
        Redaction redaction = null;
        for (int i = 0; i < count; i++) {
            int name = f.nameId(frame, i);
            names = room(names, name);
            if (names[name] == UNKNOWN) {
                names[name] = f.string(name).toLowerCase(Locale.ROOT).contains(text) ? PRESENT : ABSENT;
            }
            if (names[name] == PRESENT) {
                return true;
            }
            int value = f.valueId(frame, i);
            values = room(values, value);
            if (values[value] == UNKNOWN) {
                values[value] = f.searched(value).contains(text) ? PRESENT : ABSENT;
            }
            if (values[value] == PRESENT) {
                if (redaction == null) {
                    redaction = recording.connectionOf(recording.frameEvent(frame)).redaction();
                }
                if (!redaction.hides(f.string(name))) { // a hidden value is not on the line
                    return true;
                }
            }
        }
        return false;
    }

    private static byte[] room(byte[] known, int id) {
        return id < known.length ? known : Arrays.copyOf(known, Math.max(id + 1, known.length * 2));
    }
}
