package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;

import java.util.Arrays;
import java.util.List;

/**
 * The text of the last few field lists one thread wrote into frame lines ({@code {:method: GET, ...}}), copied whole
 * when a list comes again (a client's every request with the same fields, a handler's every response) instead of
 * checked and escaped field by field. A list matches when each field has the same name and value (same String or
 * equal) and the redaction is the same: the text depends on nothing else. Not thread-safe: one per
 * {@link FrameLineMaker}; a list that does not come again allocates nothing once the slots have grown.
 */
final class KeptFieldTexts {

    /** Lists kept: a request's and its response's alternate on a connection, and the server reads and writes both. */
    private static final int SLOTS = 4;
    /** Longer texts are written each time: they are seldom repeated and would keep much. */
    private static final int MAX_KEPT_CHARS = 1024;

    private final HeaderField[][] lists = new HeaderField[SLOTS][0];
    private final int[] sizes = new int[SLOTS];
    private final Redaction[] redactions = new Redaction[SLOTS];
    private final StringBuilder[] texts = new StringBuilder[SLOTS];
    private int next; // the slot a new list goes to

    KeptFieldTexts() {
        for (int slot = 0; slot < SLOTS; slot++) {
            texts[slot] = new StringBuilder(128);
        }
    }

    /** Appends the text of {@code fields} as {@link FrameDescriber} writes it, kept or made (and then kept). */
    void append(StringBuilder line, List<HeaderField> fields, Redaction redaction) {
        for (int slot = 0; slot < SLOTS; slot++) {
            if (redactions[slot] == redaction && matches(lists[slot], sizes[slot], fields)) {
                line.append(texts[slot]);
                return;
            }
        }
        int start = line.length();
        FrameDescriber.fields(line, fields, redaction);
        if (line.length() - start <= MAX_KEPT_CHARS) {
            keep(fields, redaction, line, start);
        }
    }

    private void keep(List<HeaderField> fields, Redaction redaction, StringBuilder line, int start) {
        int slot = next;
        next = (next + 1) % SLOTS;
        int n = fields.size();
        if (lists[slot].length < n) {
            lists[slot] = new HeaderField[Math.max(n, 2 * lists[slot].length)];
        }
        for (int i = 0; i < n; i++) {
            lists[slot][i] = fields.get(i);
        }
        Arrays.fill(lists[slot], n, lists[slot].length, null); // no field of an older list kept alive
        sizes[slot] = n;
        redactions[slot] = redaction;
        texts[slot].setLength(0);
        texts[slot].append(line, start, line.length());
    }

    private static boolean matches(HeaderField[] kept, int size, List<HeaderField> fields) {
        if (size != fields.size()) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            HeaderField a = kept[i];
            HeaderField b = fields.get(i);
            if (a != b && (!same(a.name(), b.name()) || !same(a.value(), b.value()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(String a, String b) {
        return a == b || a.equals(b);
    }
}
