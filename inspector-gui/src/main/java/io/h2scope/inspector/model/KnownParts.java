package io.h2scope.inspector.model;

import java.util.Arrays;

/**
 * A {@link TextSearch}'s answers by string number (a head's, a name's or a value's): a byte per string, as the pass
 * over a million frames reads them, and apart the rare part that may take part in a text spanning parts.
 */
final class KnownParts {

    private static final byte UNKNOWN = 0;
    private static final byte NONE = 1;
    private static final byte HOLDS = 2;
    private static final byte SPANS = 3;

    private byte[] kinds = new byte[64];
    private TextParts.Part[] spanning = new TextParts.Part[0];

    /** String {@code id}'s part, or null when not yet worked out. */
    TextParts.Part get(int id) {
        byte kind = id < kinds.length ? kinds[id] : UNKNOWN;
        return switch (kind) {
            case NONE -> TextParts.NONE;
            case HOLDS -> TextParts.HOLDS;
            case SPANS -> spanning[id];
            default -> null;
        };
    }

    /** Keeps {@code part} as string {@code id}'s, and gives it back. */
    TextParts.Part put(int id, TextParts.Part part) {
        if (id >= kinds.length) {
            kinds = Arrays.copyOf(kinds, Math.max(id + 1, kinds.length * 2));
        }
        if (part == TextParts.NONE || part == TextParts.HOLDS) {
            kinds[id] = part == TextParts.NONE ? NONE : HOLDS;
        } else {
            if (id >= spanning.length) {
                spanning = Arrays.copyOf(spanning, Math.max(id + 1, Math.max(64, spanning.length * 2)));
            }
            spanning[id] = part;
            kinds[id] = SPANS;
        }
        return part;
    }
}
