package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.WindowChanged;

/**
 * The octets a reused {@link LineOctets} wrote last for a window change of a frame line's {@code changes} after its
 * stream ({@code ,"send",65535,65519,"data"]}), kept by side, old and new size and cause: every stream of a
 * connection opens its two windows with the same sizes, and its first DATA changes them by the same amount, so most
 * such changes are copied whole instead of written number by number. Not thread-safe: one per line.
 */
final class KeptWindowTails {

    private static final int SLOTS = 16;
    /** Room a slot has: the longest tail (two negative ten-digit sizes and the longest cause) fits. */
    private static final int SLOT_OCTETS = 64;

    private final long[] sizes = new long[SLOTS]; // old in the high half, new in the low
    private final int[] kinds = new int[SLOTS]; // side and cause, 0 for an empty slot
    private final byte[] octets = new byte[SLOTS * SLOT_OCTETS];
    private final byte[] lengths = new byte[SLOTS];

    /** Writes the kept tail of {@code change}; false, writing nothing, if it is not kept. */
    boolean put(WindowChanged change, LineOctets out) {
        int slot = slot(change);
        if (kinds[slot] != kind(change) || sizes[slot] != sizes(change)) {
            return false;
        }
        out.put(octets, slot * SLOT_OCTETS, lengths[slot]);
        return true;
    }

    /** Keeps {@code change}'s tail, the octets of {@code out} from {@code start} on. */
    void keep(WindowChanged change, LineOctets out, int start) {
        int length = out.length() - start;
        if (length > SLOT_OCTETS) {
            return; // cannot be, with two ints and a cause name: not kept rather than cut
        }
        int slot = slot(change);
        kinds[slot] = kind(change);
        sizes[slot] = sizes(change);
        lengths[slot] = (byte) length;
        System.arraycopy(out.octets(), start, octets, slot * SLOT_OCTETS, length);
    }

    private static int kind(WindowChanged change) {
        return (change.side() == WindowSide.SEND ? 1 : 2) | (change.cause().ordinal() + 1) << 2;
    }

    private static long sizes(WindowChanged change) {
        return (long) change.oldSize() << 32 | (change.newSize() & 0xffff_ffffL);
    }

    private static int slot(WindowChanged change) {
        long key = sizes(change) * 31 + kind(change);
        return (int) ((key ^ key >>> 32) * 0x9E3779B9L >>> 28) & SLOTS - 1;
    }
}
