package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.text.FieldListSlots;

import java.util.List;

/**
 * The octets of the last few field lists a reused {@link LineOctets} wrote, so a list that comes again (a client's
 * every request with the same fields, a handler's every response) is copied instead of escaped field by field
 * ({@link FieldListSlots} says when). Not thread-safe: one per line.
 */
final class KeptFieldLists {

    /** Lists kept: a request's and its response's alternate on a connection. */
    private static final int SLOTS = 2;
    /** Longer lists are written each time: they are seldom repeated and would keep much. */
    private static final int MAX_KEPT_OCTETS = 1024;

    private final FieldListSlots slots = new FieldListSlots(SLOTS);
    // each slot's octets, in arrays reused list after list
    private final byte[][] literals = new byte[SLOTS][0];
    private final int[] literalLengths = new int[SLOTS];

    /** Writes the kept octets of a list that matches {@code fields}; false, writing nothing, if none does. */
    boolean put(List<HeaderField> fields, LineOctets out) {
        int found = slots.find(fields, null);
        if (found < 0) {
            return false;
        }
        out.put(literals[found], literalLengths[found]);
        return true;
    }

    /** Keeps {@code fields} with the octets just written for them, {@code out}'s from {@code start} on. */
    void keep(List<HeaderField> fields, LineOctets out, int start) {
        int length = out.length() - start;
        if (length > MAX_KEPT_OCTETS) {
            return;
        }
        int slot = slots.keep(fields, null);
        if (literals[slot].length < length) {
            literals[slot] = new byte[Math.max(length, 2 * literals[slot].length)];
        }
        System.arraycopy(out.octets(), start, literals[slot], 0, length);
        literalLengths[slot] = length;
    }
}
