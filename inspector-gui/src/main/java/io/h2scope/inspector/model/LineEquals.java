package io.h2scope.inspector.model;

import java.util.Arrays;
import java.util.Locale;

/**
 * Whether the frame list's line of a frame ({@link FrameSummary#searchable}) is a text ({@code text == "..."}), for
 * one thread, answered from the parts the recording keeps of it, as {@link TextSearch} does for a text it contains:
 * whether the text starts with a head (or is a head without fields) is worked out once per distinct head and kept by
 * its number, so that most frames are told apart by a byte; only a frame whose head starts the text has its names
 * and values compared with the rest of it, by where each distinct name and value lies in the text (worked out once
 * per string). A frame the recording did not keep the parts of is compared by its line.
 */
public final class LineEquals {

    private static final byte UNKNOWN = 0;
    private static final byte NO = 1;
    private static final byte YES = 2;

    private final Recording recording;
    private final String text;
    private final HiddenValues hidden;
    private byte[] startsWithHead = new byte[64]; // by head number: the text starts with the head and "{"
    private byte[] isLonelyHead = new byte[64]; // by head number: the text is the head of a frame without fields
    private int[] nameAt = new int[64]; // by string number: where a name lies in the text ({@link #lies})
    private int[] valueAt = new int[64]; // likewise a value

    /** @param text the whole line, in lower case (as the line is compared) */
    public LineEquals(Recording recording, String text) {
        this.recording = recording;
        this.text = text;
        this.hidden = new HiddenValues(recording);
    }

    public boolean matches(int frame) {
        FrameHeads h = recording.frameHeads();
        FrameFields f = recording.frameFields();
        if (!h.kept(frame) || !f.kept(frame)) {
            return FrameSummary.searchable(recording, frame).equals(text);
        }
        int head = h.id(frame);
        int count = f.count(frame);
        if (count == 0) {
            isLonelyHead = known(isLonelyHead, head);
            if (isLonelyHead[head] == UNKNOWN) {
                isLonelyHead[head] = h.searched(head).stripTrailing().equals(text) ? YES : NO;
            }
            return isLonelyHead[head] == YES;
        }
        startsWithHead = known(startsWithHead, head);
        if (startsWithHead[head] == UNKNOWN) {
            String s = h.searched(head);
            startsWithHead[head] = text.startsWith(s) && text.startsWith("{", s.length()) ? YES : NO;
        }
        return startsWithHead[head] == YES && fieldsEqual(frame, h.searched(head).length() + 1, count, f);
    }

    /** Whether the text from {@code at} on is the frame's fields as its line writes them, a hidden value left out. */
    private boolean fieldsEqual(int frame, int at, int count, FrameFields f) {
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                if (!joint(at, ',')) {
                    return false;
                }
                at += 2;
            }
            int name = f.nameId(frame, i);
            nameAt = known(nameAt, name);
            String lowerName = f.string(name).toLowerCase(Locale.ROOT); // a name is not escaped on the line
            if (!lies(nameAt, name, lowerName, at) || !joint(at + lowerName.length(), ':')) {
                return false;
            }
            at += lowerName.length() + 2;
            if (!hidden.hidden(frame, name)) {
                int value = f.valueId(frame, i);
                String shown = f.searched(value);
                valueAt = known(valueAt, value);
                if (!lies(valueAt, value, shown, at)) {
                    return false;
                }
                at += shown.length();
            }
        }
        return at == text.length() - 1 && text.charAt(at) == '}';
    }

    /** Whether the joint {@code mark} and a space are at {@code at}. */
    private boolean joint(int at, char mark) {
        return at + 1 < text.length() && text.charAt(at) == mark && text.charAt(at + 1) == ' ';
    }

    /**
     * Whether string {@code id} ({@code s}) lies in the text at {@code at}: where it lies is worked out once per
     * string and kept in {@code places} (0: not yet, -1: nowhere, -2: in more than one place, else 1 + the place).
     */
    private boolean lies(int[] places, int id, String s, int at) {
        if (places[id] == 0) {
            int first = text.indexOf(s);
            places[id] = first < 0 ? -1 : text.indexOf(s, first + 1) >= 0 ? -2 : first + 1;
        }
        return places[id] == at + 1 || (places[id] == -2 && text.startsWith(s, at));
    }

    /** {@code answers}, long enough to hold string number {@code id}'s. */
    private static byte[] known(byte[] answers, int id) {
        return id < answers.length ? answers : Arrays.copyOf(answers, Math.max(id + 1, answers.length * 2));
    }

    private static int[] known(int[] places, int id) {
        return id < places.length ? places : Arrays.copyOf(places, Math.max(id + 1, places.length * 2));
    }
}
