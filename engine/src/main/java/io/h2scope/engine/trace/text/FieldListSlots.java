package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;

import java.util.Arrays;
import java.util.List;

/**
 * The last few field lists a line writer wrote, a slot each, so that a list that comes again (a client's every request
 * with the same fields, a handler's every response) is copied from what the writer kept for its slot instead of
 * written field by field: the text lines' {@code KeptFieldTexts}, the JSONL lines' {@code KeptFieldLists}. A list
 * matches when each field has the same name, value and never-index flag (same String or equal) and it was written
 * under the same key (a redaction, by identity; null for none). The slots' arrays are reused list after list: a list
 * that changes each time allocates nothing. Not thread-safe: one per writer.
 */
public final class FieldListSlots {

    private final HeaderField[][] lists;
    private final int[] sizes;
    private final Object[] keys;
    private final boolean[] used;
    private int next; // the slot a new list goes to: the oldest

    public FieldListSlots(int slots) {
        lists = new HeaderField[slots][0];
        sizes = new int[slots];
        keys = new Object[slots];
        used = new boolean[slots];
    }

    /** The slot of a kept list that matches {@code fields} written under {@code key}, or -1. */
    public int find(List<HeaderField> fields, Object key) {
        for (int slot = 0; slot < lists.length; slot++) {
            if (used[slot] && keys[slot] == key && matches(lists[slot], sizes[slot], fields)) {
                return slot;
            }
        }
        return -1;
    }

    /** Keeps {@code fields}, written under {@code key}, in the oldest slot; returns that slot. */
    public int keep(List<HeaderField> fields, Object key) {
        int slot = next;
        next = (next + 1) % lists.length;
        int n = fields.size();
        if (lists[slot].length < n) {
            lists[slot] = new HeaderField[Math.max(n, 2 * lists[slot].length)];
        }
        for (int i = 0; i < n; i++) {
            lists[slot][i] = fields.get(i);
        }
        Arrays.fill(lists[slot], n, lists[slot].length, null); // no field of an older list kept alive
        sizes[slot] = n;
        keys[slot] = key;
        used[slot] = true;
        return slot;
    }

    private static boolean matches(HeaderField[] kept, int size, List<HeaderField> fields) {
        if (size != fields.size()) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            HeaderField a = kept[i];
            HeaderField b = fields.get(i);
            if (a != b && (a.neverIndex() != b.neverIndex() || !same(a.name(), b.name())
                    || !same(a.value(), b.value()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(String a, String b) {
        return a == b || a.equals(b);
    }
}
