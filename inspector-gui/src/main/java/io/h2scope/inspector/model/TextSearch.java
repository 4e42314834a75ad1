package io.h2scope.inspector.model;

import io.h2scope.engine.trace.text.Redaction;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether the frame list's line of a frame ({@link FrameSummary#searchable}) contains a text, for one thread, answered
 * from the parts the recording keeps of it: its head, then {@code {name: value, ...}} (a hidden value empty). Each
 * distinct head, name and value is looked at once, its answer kept by the string's number ({@link TextParts}: whether
 * it holds the text, and where a text that spans parts, {@code :status: 200}, may start, run through or end in it),
 * so a million frames ask a few thousand strings and the pass over them is integer work from the first frame on (a
 * line built and searched per frame took 3.5 to 6 s a million frames before the JIT had compiled it). Only a frame
 * the recording did not keep the parts of, or a text {@link TextParts} does not search by parts, is looked for in
 * the line itself.
 */
public final class TextSearch {

    private final Recording recording;
    private final String text;
    private final TextParts parts;
    private final TextParts.Part open;
    private final TextParts.Part colon;
    private final TextParts.Part comma;
    private final TextParts.Part close;
    private TextParts.Part[] heads = new TextParts.Part[64];
    private TextParts.Part[] lonelyHeads = new TextParts.Part[64]; // a head without fields: the whole line, stripped
    private TextParts.Part[] names = new TextParts.Part[64];
    private TextParts.Part[] values = new TextParts.Part[64];

    /** @param text what to look for, in lower case (as the line is searched) */
    public TextSearch(Recording recording, String text) {
        this.recording = recording;
        this.text = text;
        this.parts = new TextParts(text);
        // the joints as FrameSummary.searchable writes them
        this.open = parts.of("{");
        this.colon = parts.of(": ");
        this.comma = parts.of(", ");
        this.close = parts.of("}");
    }

    public boolean matches(int frame) {
        FrameHeads h = recording.frameHeads();
        FrameFields f = recording.frameFields();
        if (!parts.byParts() || !h.kept(frame) || !f.kept(frame)) {
            return FrameSummary.searchable(recording, frame).contains(text);
        }
        int head = h.id(frame);
        int count = f.count(frame);
        if (count == 0) {
            lonelyHeads = room(lonelyHeads, head);
            if (lonelyHeads[head] == null) {
                lonelyHeads[head] = parts.of(h.searched(head).stripTrailing());
            }
            return lonelyHeads[head].holds();
        }
        heads = room(heads, head);
        if (heads[head] == null) {
            heads[head] = parts.of(h.searched(head));
        }
        TextParts.Part part = heads[head];
        if (part.holds() || open.found(part.after(0))) {
            return true;
        }
        long at = open.after(part.after(0));
        Redaction redaction = null;
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                if (comma.found(at)) {
                    return true;
                }
                at = comma.after(at);
            }
            int name = f.nameId(frame, i);
            names = room(names, name);
            if (names[name] == null) {
                names[name] = parts.of(f.string(name).toLowerCase(Locale.ROOT)); // a name is not escaped on the line
            }
            part = names[name];
            if (part.found(at) || colon.found(part.after(at))) {
                return true;
            }
            at = colon.after(part.after(at));
            int value = f.valueId(frame, i);
            values = room(values, value);
            if (values[value] == null) {
                values[value] = parts.of(f.searched(value));
            }
            part = values[value];
            if (part.found(at) || part.after(at) != at) { // the value matters: is it on the line?
                if (redaction == null) {
                    redaction = recording.connectionOf(recording.frameEvent(frame)).redaction();
                }
                if (!redaction.hides(f.string(name))) { // a hidden value is not on the line: the line goes on as is
                    if (part.found(at)) {
                        return true;
                    }
                    at = part.after(at);
                }
            }
        }
        return close.found(at);
    }

    private static TextParts.Part[] room(TextParts.Part[] known, int id) {
        return id < known.length ? known : Arrays.copyOf(known, Math.max(id + 1, known.length * 2));
    }
}
