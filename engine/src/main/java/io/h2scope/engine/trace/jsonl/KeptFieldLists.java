package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.hpack.HeaderField;

import java.util.Arrays;
import java.util.List;

/**
 * The octets of the last few field lists a reused {@link LineOctets} wrote, so a list that comes again (a client's
 * every request with the same fields, a handler's every response) is copied instead of escaped field by field. A
 * list matches when each field has the same name, value and never-index flag (same String or equal): the octets
 * depend on nothing else. Not thread-safe: one per line.
 */
final class KeptFieldLists {

    /** Lists kept: a request's and its response's alternate on a connection. */
    private static final int SLOTS = 2;
    /** Longer lists are written each time: they are seldom repeated and would keep much. */
    private static final int MAX_KEPT_OCTETS = 1024;

    // each slot's fields and octets, in arrays reused list after list: a list that changes each time allocates nothing
    private final HeaderField[][] lists = new HeaderField[SLOTS][0];
    private final int[] sizes = new int[SLOTS];
    private final byte[][] literals = new byte[SLOTS][0];
    private final int[] literalLengths = new int[SLOTS];
    private int next; // the slot a new list goes to

    /** Writes the kept octets of a list that matches {@code fields}; false, writing nothing, if none does. */
    boolean put(List<HeaderField> fields, LineOctets out) {
        for (int slot = 0; slot < SLOTS; slot++) {
            if (literalLengths[slot] > 0 && matches(lists[slot], sizes[slot], fields)) {
                out.put(literals[slot], literalLengths[slot]);
                return true;
            }
        }
        return false;
    }

    /** Keeps {@code fields} with the octets just written for them, {@code out}'s from {@code start} on. */
    void keep(List<HeaderField> fields, LineOctets out, int start) {
        int length = out.length() - start;
        if (length > MAX_KEPT_OCTETS) {
            return;
        }
        int n = fields.size();
        if (lists[next].length < n) {
            lists[next] = new HeaderField[Math.max(n, 2 * lists[next].length)];
        }
        for (int i = 0; i < n; i++) {
            lists[next][i] = fields.get(i);
        }
        Arrays.fill(lists[next], n, lists[next].length, null); // no field of an older list kept alive
        sizes[next] = n;
        if (literals[next].length < length) {
            literals[next] = new byte[Math.max(length, 2 * literals[next].length)];
        }
        System.arraycopy(out.octets(), start, literals[next], 0, length);
        literalLengths[next] = length;
        next = (next + 1) % SLOTS;
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
