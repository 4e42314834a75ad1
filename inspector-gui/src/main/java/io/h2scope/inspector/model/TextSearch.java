package io.h2scope.inspector.model;

import java.util.Locale;

/**
 * Whether the frame list's line of a frame ({@link FrameSummary#searchable}) contains a text, for one thread, answered
 * from the parts the recording keeps of it: its head, then {@code {name: value, ...}} (a hidden value empty). Each
 * distinct head, name and value is looked at once, its answer kept by the string's number ({@link TextParts}: whether
 * it holds the text, and where a text that spans parts, {@code :status: 200}, may start, run through or end in it),
 * so a million frames ask a few thousand strings and the pass over them is integer work from the first frame on (a
 * line built and searched per frame took 3.5 to 6 s a million frames before the JIT had compiled it). Only a frame
 * the recording did not keep the parts of is looked for in the line itself.
 */
public final class TextSearch {

    /** What the part after a head ("{"), a name (": ") and a value (", " or "}") starts with. */
    private static final String AFTER_HEAD = "{";
    private static final String AFTER_NAME = ":";
    private static final String AFTER_VALUE = ",}";

    private final Recording recording;
    private final String text;
    private final TextParts parts;
    private final TextParts.Part open;
    private final TextParts.Part colon;
    private final TextParts.Part comma;
    private final TextParts.Part close;
    private final KnownParts heads = new KnownParts();
    private final KnownParts lonelyHeads = new KnownParts(); // a head without fields: the whole line, stripped
    private final KnownParts names = new KnownParts();
    private final KnownParts values = new KnownParts();
    private final HiddenValues hidden;

    /** @param text what to look for, in lower case (as the line is searched) */
    public TextSearch(Recording recording, String text) {
        this.recording = recording;
        this.text = text;
        this.parts = new TextParts(text);
        this.hidden = new HiddenValues(recording);
        // the joints as FrameSummary.searchable writes them
        this.open = parts.joint("{", null);
        this.colon = parts.joint(": ", null);
        this.comma = parts.joint(", ", null);
        this.close = parts.joint("}", "");
    }

    public boolean matches(int frame) {
        FrameHeads h = recording.frameHeads();
        FrameFields f = recording.frameFields();
        if (!h.kept(frame) || !f.kept(frame)) {
            return FrameSummary.searchable(recording, frame).contains(text);
        }
        int head = h.id(frame);
        int count = f.count(frame);
        if (count == 0) {
            TextParts.Part line = lonelyHeads.get(head);
            return (line != null ? line : lonelyHeads.put(head, parts.of(h.searched(head).stripTrailing(), ""))).holds();
        }
        TextParts.Part part = heads.get(head);
        part = part != null ? part : heads.put(head, parts.of(h.searched(head), AFTER_HEAD));
        return parts.spans() ? acrossParts(frame, part, count, f) : inAPart(frame, part, count, f);
    }

    /** A text that cannot cross a joint: in the head, a name or a shown value (the common case, kept lean). */
    private boolean inAPart(int frame, TextParts.Part head, int count, FrameFields f) {
        if (head.holds()) {
            return true;
        }
        for (int i = 0; i < count; i++) {
            int name = f.nameId(frame, i);
            if (name(name, f).holds() || (value(f.valueId(frame, i), f).holds() && !hidden.hidden(frame, name))) {
                return true;
            }
        }
        return false;
    }

    /** Any text: the parts walked in line order with the positions reached, a hidden value left out. */
    private boolean acrossParts(int frame, TextParts.Part head, int count, FrameFields f) {
        if (head.holds()) {
            return true;
        }
        long at = head.after(0);
        if (open.found(at)) {
            return true;
        }
        at = open.after(at);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                if (comma.found(at)) {
                    return true;
                }
                at = comma.after(at);
            }
            int name = f.nameId(frame, i);
            TextParts.Part part = name(name, f);
            if (part.found(at)) {
                return true;
            }
            at = part.after(at);
            if (colon.found(at)) {
                return true;
            }
            at = colon.after(at);
            part = value(f.valueId(frame, i), f);
            boolean found = part.found(at);
            long after = found ? at : part.after(at);
            // the value matters to the search, so whether the line shows it: a hidden value leaves the line as it is
            if ((found || after != at) && !hidden.hidden(frame, name)) {
                if (found) {
                    return true;
                }
                at = after;
            }
        }
        return close.found(at);
    }

    private TextParts.Part name(int id, FrameFields f) {
        TextParts.Part part = names.get(id);
        // a name is not escaped on the line
        return part != null ? part : names.put(id, parts.of(f.string(id).toLowerCase(Locale.ROOT), AFTER_NAME));
    }

    private TextParts.Part value(int id, FrameFields f) {
        TextParts.Part part = values.get(id);
        return part != null ? part : values.put(id, parts.of(f.searched(id), AFTER_VALUE));
    }
}
