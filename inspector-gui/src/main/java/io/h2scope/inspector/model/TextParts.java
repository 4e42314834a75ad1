package io.h2scope.inspector.model;

/**
 * How a text lies across the parts a frame list's line is made of (its head, the joints "{", ": ", ", ", "}", each
 * name and value), worked out once per distinct part: whether the part holds the text, and, for a text that can span
 * parts, where a match may start in it, run through it or end in it. A line is then searched by walking its parts
 * with the positions reached in the text ("the line so far ends with the text's first k chars"), integer work per
 * part instead of building the line. Up to {@link #MAX_BITS} chars the positions are the bits of a long; a longer
 * text keeps the longest of them only (the others are its borders, as in Knuth-Morris-Pratt) and walks a part's chars
 * from there, which only a part that can take part in a match needs; the joints, reached from a different position
 * field after field, have where each position leads worked out once ({@link #joint}).
 */
final class TextParts {

    /** The longest text that can span parts whose positions are the bits of a long. */
    static final int MAX_BITS = 63;
    /** The characters of the joints between a line's parts: a text with none of them lies within one part. */
    private static final String JOINT_CHARS = "{}:, ";

    /** What a part that neither holds the text nor takes part in a match does: the positions reached are lost. */
    static final Part NONE = new Bits(false, 0, 0, 0, 0);
    /** What a part that holds the text does. */
    static final Part HOLDS = new Bits(true, 0, 0, 0, 0);

    private final String text;
    private final boolean spans;
    /** For a text of more than {@link #MAX_BITS} chars that spans: k's longest proper border (k = 1 to length). */
    private final int[] borders;

    /** @param text what to look for, as the line's parts are given (lower case) */
    TextParts(String text) {
        this.text = text;
        this.spans = text.chars().anyMatch(c -> JOINT_CHARS.indexOf(c) >= 0);
        this.borders = spans && text.length() > MAX_BITS ? borders(text) : null;
    }

    /** Whether the text may span parts (it has a joint's character); else it lies within one part or nowhere. */
    boolean spans() {
        return spans;
    }

    /**
     * What {@code part} of a line does to the search, {@code next} the characters the part after it can start with
     * (null: any; "": nothing follows): the positions that cannot go on there are dropped here, so that a part which
     * cannot lead into what follows it answers {@link #NONE}.
     */
    Part of(String part, String next) {
        if (part.contains(text)) {
            return HOLDS;
        }
        if (!spans) {
            return NONE; // the text cannot cross a joint, and every part ends at one
        }
        int n = text.length();
        int length = part.length();
        long ends = 0; // k: the part ends with the text's first k chars
        long starts = 0; // k: the part starts with the text's chars from k on
        long through = 0; // k: the text's chars from k on are the whole part, and more follow
        boolean leads = false;
        if (length == 0) { // the positions go on as they are, as far as the next part takes them
            for (int k = 1; k < n; k++) {
                if (goesOn(k, next)) {
                    through |= bit(k);
                    leads = true;
                }
            }
        } else {
            // each loop goes from one place of a char (or of the part) in the text to the next: most distinct values
            // (a cookie, a path) have none of them, and are done with after a few scans of the text
            char last = part.charAt(length - 1);
            for (int j = text.indexOf(last); j >= 0 && j < n - 1 && j < length; j = text.indexOf(last, j + 1)) {
                int k = j + 1; // the text's char k - 1 is the part's last
                if (goesOn(k, next) && part.regionMatches(length - k, text, 0, k)) {
                    ends |= bit(k);
                    leads = true;
                }
            }
            char first = part.charAt(0);
            for (int k = text.indexOf(first, Math.max(1, n - length)); k >= 0; k = text.indexOf(first, k + 1)) {
                if (part.regionMatches(0, text, k, n - k)) {
                    starts |= bit(k);
                    leads = true;
                }
            }
            for (int k = text.indexOf(part, 1); k >= 0 && k + length < n; k = text.indexOf(part, k + 1)) {
                if (goesOn(k + length, next)) {
                    through |= bit(k);
                    leads = true;
                }
            }
        }
        if (!leads) {
            return NONE;
        }
        return borders == null ? new Bits(false, ends, starts, through, length) : new Walk(this, part, walk(0, part));
    }

    /**
     * What a joint of the line ({@code "{"}, {@code ": "}, {@code ", "}, {@code "}"}) does to the search: as
     * {@link #of}, but for a text that walks, with where each position leads worked out at once ({@link Table}).
     */
    Part joint(String joint, String next) {
        Part part = of(joint, next);
        if (!(part instanceof Walk)) {
            return part;
        }
        int[] led = new int[text.length()];
        for (int at = 0; at < led.length; at++) {
            led[at] = walk(at, joint);
        }
        return new Table(led);
    }

    /** Whether a match that reached position k can go on into a part starting with one of {@code next}. */
    private boolean goesOn(int k, String next) {
        return next == null || next.indexOf(text.charAt(k)) >= 0;
    }

    private static long bit(int k) {
        return k <= MAX_BITS ? 1L << k : 0; // a longer text's part keeps no bits: it walks
    }

    /** From position {@code at} (the longest reached), through {@code chars}: the position after, or -1 at a match. */
    private int walk(int at, String chars) {
        int k = at;
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            while (k > 0 && text.charAt(k) != c) {
                k = borders[k];
            }
            if (text.charAt(k) == c && ++k == text.length()) {
                return -1;
            }
        }
        return k;
    }

    /** Each prefix length's longest proper border: what a match that fails at the next char falls back to. */
    private static int[] borders(String text) {
        int[] borders = new int[text.length() + 1];
        for (int k = 2, b = 0; k <= text.length(); k++) {
            while (b > 0 && text.charAt(b) != text.charAt(k - 1)) {
                b = borders[b];
            }
            b += text.charAt(b) == text.charAt(k - 1) ? 1 : 0;
            borders[k] = b;
        }
        return borders;
    }

    /** One part's answer. {@code at}: the positions reached before the part, as the text's kind of part keeps them. */
    sealed interface Part permits Bits, Walk, Table {

        /** Whether the part holds the text, whatever came before it. */
        boolean holds();

        /** Whether the text is found in this part or ends in it, coming from {@code at}. */
        boolean found(long at);

        /** The positions reached after this part (when the text was not found in it). */
        long after(long at);
    }

    /** A part of a text of up to {@link #MAX_BITS} chars: bit k of a position set for each position k. */
    record Bits(boolean holds, long ends, long starts, long through, int length) implements Part {

        @Override
        public boolean found(long at) {
            return holds || (at & starts) != 0;
        }

        @Override
        public long after(long at) {
            return (at & through) << length | ends;
        }
    }

    /**
     * A joint of a longer text: where a walk from each position leads ({@code led}: the position after, or -1 at a
     * match). The positions that reach a joint change from field to field, where a last walk kept would miss.
     */
    record Table(int[] led) implements Part {

        @Override
        public boolean holds() {
            return false;
        }

        @Override
        public boolean found(long at) {
            return led[(int) at] < 0;
        }

        @Override
        public long after(long at) {
            return Math.max(0, led[(int) at]);
        }
    }

    /**
     * A part of a longer text: the longest position reached (0: none) walked through the part's chars; from none it
     * is worked out once ({@code fromNone}), and a part that holds the text is {@link #HOLDS}, so that case never
     * finds it. The last walk is kept: the frames that reach a part with a position mostly reach it with the same one
     * (the same fields before it). One {@link TextSearch}'s, so one thread's.
     */
    static final class Walk implements Part {

        private final TextParts parts;
        private final String part;
        private final long fromNone;
        private long lastAt = -1;
        private long lastLed; // where the walk from lastAt led: a position, or -1 at a match

        Walk(TextParts parts, String part, long fromNone) {
            this.parts = parts;
            this.part = part;
            this.fromNone = fromNone;
        }

        @Override
        public boolean holds() {
            return false;
        }

        @Override
        public boolean found(long at) {
            return at != 0 && led(at) < 0;
        }

        @Override
        public long after(long at) {
            return at == 0 ? fromNone : Math.max(0, led(at));
        }

        private long led(long at) {
            if (at != lastAt) {
                lastLed = parts.walk((int) at, part);
                lastAt = at;
            }
            return lastLed;
        }
    }
}
