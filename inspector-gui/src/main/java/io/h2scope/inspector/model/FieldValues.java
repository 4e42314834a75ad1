package io.h2scope.inspector.model;

import io.h2scope.engine.hpack.HeaderField;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * The fields of one name in a recording's frames, for one thread, as a filter on a field ({@code header["name"]})
 * asks of them: whether a frame has one, and whether one has a value a test accepts, a value its connection hides
 * never accepted ({@link HiddenValues}). Whether a name number is this name is decided once per number, so a kept
 * frame's fields are told apart by a byte each; a frame the recording did not keep the fields of is given read again.
 */
public final class FieldValues {

    private static final byte UNKNOWN = 0;
    private static final byte OTHER = 1;
    private static final byte NAMED = 2;

    private final FrameFields fields;
    private final String name;
    private final HiddenValues hidden;
    private byte[] named = new byte[64]; // by name number: whether it is this name

    /** @param name the field's name, as the filter gives it (compared exactly) */
    public FieldValues(Recording recording, String name) {
        this.fields = recording.frameFields();
        this.name = name;
        this.hidden = new HiddenValues(recording);
    }

    /** Whether frame {@code frame}, its fields kept ({@link FrameFields#kept}), has a field of the name. */
    public boolean has(int frame) {
        return field(frame, 0) >= 0;
    }

    /** Whether kept frame {@code frame} has a field of the name whose value its connection shows and {@code test} takes. */
    public boolean anyShown(int frame, Predicate<String> test) {
        for (int i = field(frame, 0); i >= 0; i = field(frame, i + 1)) {
            if (hidden.hidden(frame, fields.nameId(frame, i))) {
                return false; // every field of the name is hidden alike: no value of it is tested
            }
            if (test.test(fields.value(frame, i))) {
                return true;
            }
        }
        return false;
    }

    /** Whether frame {@code frame}, read again ({@code read}: its fields), has a field of the name. */
    public boolean has(List<HeaderField> read) {
        for (HeaderField h : read) {
            if (h.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** As {@link #anyShown(int, Predicate)}, for frame {@code frame} read again ({@code read}: its fields). */
    public boolean anyShown(int frame, List<HeaderField> read, Predicate<String> test) {
        for (HeaderField h : read) {
            if (h.name().equals(name)) {
                if (hidden.hidden(frame, name)) {
                    return false;
                }
                if (test.test(h.value())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The index of kept frame {@code frame}'s first field of the name from {@code from} on, or -1. */
    private int field(int frame, int from) {
        for (int i = from, n = fields.count(frame); i < n; i++) {
            int id = fields.nameId(frame, i);
            if (id >= named.length) {
                named = Arrays.copyOf(named, Math.max(id + 1, named.length * 2));
            }
            if (named[id] == UNKNOWN) {
                named[id] = fields.string(id).equals(name) ? NAMED : OTHER;
            }
            if (named[id] == NAMED) {
                return i;
            }
        }
        return -1;
    }
}
