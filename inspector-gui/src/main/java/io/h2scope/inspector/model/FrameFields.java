package io.h2scope.inspector.model;

import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.Redaction;

import java.util.List;
import java.util.Locale;

/**
 * Per frame number, the decoded fields of a frame that can complete a field block (HEADERS, PUSH_PROMISE,
 * CONTINUATION), names and values interned, so a filter on a field ({@code header[":status"] == "503"}) reads no frame
 * again from its file. Bounded: at most {@link #MAX_STRINGS} distinct names and values, each of at most
 * {@link #MAX_VALUE} chars; a frame with a string beyond either is not kept here ({@link #kept} false) and is read
 * again when asked. Values are as the recording holds them (hidden ones already filled). Appended by the recording's
 * appender; read from any thread below {@link Recording#frameCount()}.
 */
public final class FrameFields {

    /**
     * Distinct names and values kept, for all frames together, unless {@code inspect --field-strings} says otherwise:
     * a memory bound (unique paths, cookies...; each string once, about 100 octets with its entry).
     */
    public static final int MAX_STRINGS = 1 << 18;
    /** The longest name or value kept, in chars. */
    public static final int MAX_VALUE = 256;

    private static final int NO_FIELDS = -2;
    private static final int NOT_KEPT = -1;

    private final StringPool strings;
    /** Per frame number: where its fields start in {@link #pairs}, or NO_FIELDS, or NOT_KEPT. */
    private final IntColumn start = new IntColumn();
    /** Per kept frame: its field count, then a name id and a value id per field. */
    private final IntColumn pairs = new IntColumn();

    FrameFields() {
        this(MAX_STRINGS);
    }

    /** At most {@code maxStrings} distinct names and values (0: none kept, every filter on a field reads the frame). */
    FrameFields(int maxStrings) {
        if (maxStrings < 0) {
            throw new IllegalArgumentException("maxStrings " + maxStrings + " < 0");
        }
        // searched as the frame list's line shows a value: escaped, in lower case (a name's form: searchedName)
        this.strings = new StringPool(maxStrings, MAX_VALUE, s -> Redaction.escape(s).toLowerCase(Locale.ROOT));
    }

    void add(FrameEvent e) {
        int type = e.header().typeCode();
        if (type != FrameType.HEADERS.code() && type != FrameType.PUSH_PROMISE.code()
                && type != FrameType.CONTINUATION.code()) {
            start.add(NO_FIELDS);
            return;
        }
        List<HeaderField> fields = e.headers();
        int[] coded = new int[fields.size() * 2];
        for (int i = 0; i < fields.size(); i++) {
            coded[2 * i] = strings.id(fields.get(i).name());
            coded[2 * i + 1] = strings.id(fields.get(i).value());
            if (coded[2 * i] < 0 || coded[2 * i + 1] < 0) {
                start.add(NOT_KEPT);
                return;
            }
        }
        int at = pairs.size();
        pairs.add(fields.size());
        for (int c : coded) {
            pairs.add(c);
        }
        start.add(at);
    }

    /** Whether frame {@code frame}'s fields are here (a frame without fields: none, kept); else read the frame. */
    public boolean kept(int frame) {
        return start.get(frame) != NOT_KEPT;
    }

    /** How many fields a kept frame has (0 for a frame that carries none). */
    public int count(int frame) {
        int at = start.get(frame);
        return at < 0 ? 0 : pairs.get(at);
    }

    /** Field {@code i}'s name of a kept frame. */
    public String name(int frame, int i) {
        return strings.get(pairs.get(start.get(frame) + 1 + 2 * i));
    }

    /** Field {@code i}'s name of a kept frame, in lower case (as its line shows it: a name is not escaped). */
    public String searchedName(int frame, int i) {
        return name(frame, i).toLowerCase(Locale.ROOT); // the same instance: HTTP/2 names are lower case
    }

    /** Field {@code i}'s value of a kept frame as its line shows it (escaped), in lower case. */
    public String searchedValue(int frame, int i) {
        return strings.searched(pairs.get(start.get(frame) + 2 + 2 * i));
    }

    /** The string number of field {@code i}'s name of a kept frame: the same string has the same number. */
    int nameId(int frame, int i) {
        return pairs.get(start.get(frame) + 1 + 2 * i);
    }

    /** The string number of field {@code i}'s value of a kept frame. */
    int valueId(int frame, int i) {
        return pairs.get(start.get(frame) + 2 + 2 * i);
    }

    /** String {@code id} as it is: a name as such, lower cased, is how the line shows it. */
    String string(int id) {
        return strings.get(id);
    }

    /** String {@code id} as {@link #searchedValue} gives a value. */
    String searched(int id) {
        return strings.searched(id);
    }

    /** Field {@code i}'s value of a kept frame. */
    public String value(int frame, int i) {
        return strings.get(pairs.get(start.get(frame) + 2 + 2 * i));
    }
}
