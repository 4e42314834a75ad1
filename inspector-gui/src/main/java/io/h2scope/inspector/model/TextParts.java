package io.h2scope.inspector.model;

/**
 * How a text lies across the parts a frame list's line is made of (its head, the joints "{", ": ", ", ", "}", each
 * name and value), worked out once per distinct part: whether the part holds the text, and, for a text that can span
 * parts, where a match may start in it, run through it or end in it. A line is then searched by walking its parts
 * with a set of positions in the text (a bit each: "the line so far ends with the text's first k chars"), integer
 * work per part instead of building the line. A text of more than {@link #MAX_SPANNED} chars with a joint's
 * character in it is not searched this way ({@link #byParts} false).
 */
final class TextParts {

    /** The longest text that can span parts searched by parts: its positions are the bits of a long. */
    static final int MAX_SPANNED = 63;
    /** The characters of the joints between a line's parts: a text with none of them lies within one part. */
    private static final String JOINT_CHARS = "{}:, ";

    /** What a part that neither holds the text nor takes part in a match does: the positions reached are lost. */
    static final Part NONE = new Part(false, 0, 0, 0, 0);
    /** What a part that holds the text does. */
    static final Part HOLDS = new Part(true, 0, 0, 0, 0);

    private final String text;
    private final boolean spans;
    private final boolean byParts;

    /** @param text what to look for, as the line's parts are given (lower case) */
    TextParts(String text) {
        this.text = text;
        this.spans = text.chars().anyMatch(c -> JOINT_CHARS.indexOf(c) >= 0);
        this.byParts = !spans || text.length() <= MAX_SPANNED;
    }

    /** Whether the text may span parts (it has a joint's character); else it lies within one part or nowhere. */
    boolean spans() {
        return spans;
    }

    /** Whether lines are searched by their parts; else each line is built and searched. */
    boolean byParts() {
        return byParts;
    }

    /**
     * The positions k (1 to the text's length - 1) at which the text's char is one of {@code chars}: after a part
     * always followed by a joint starting with one of them, only these positions can go on.
     */
    long positionsAt(String chars) {
        long positions = 0;
        for (int k = 1; k < text.length() && k <= MAX_SPANNED; k++) {
            positions |= chars.indexOf(text.charAt(k)) >= 0 ? 1L << k : 0;
        }
        return positions;
    }

    /**
     * What {@code part} of a line does to the search, {@code next} the positions that the part after it can take on
     * ({@link #positionsAt} its first chars; -1 for any): the others are dropped here, so that a part which cannot
     * lead into what follows it answers {@link #NONE}.
     */
    Part of(String part, long next) {
        if (part.contains(text)) {
            return HOLDS;
        }
        if (!spans) {
            return NONE; // the text cannot cross a joint, and every part ends at one
        }
        int n = text.length();
        int length = part.length();
        if (length == 0) { // the positions go on as they are, as far as the next part takes them
            long through = next & -2L & (1L << n) - 1;
            return through == 0 ? NONE : new Part(false, 0, 0, through, 0);
        }
        char first = part.charAt(0);
        char last = part.charAt(length - 1);
        long ends = 0; // k: the part ends with the text's first k chars
        for (int k = 1; k < n && k <= length; k++) {
            if ((next >>> k & 1) != 0 && text.charAt(k - 1) == last && part.regionMatches(length - k, text, 0, k)) {
                ends |= 1L << k;
            }
        }
        long starts = 0; // k: the part starts with the text's chars from k on
        for (int k = Math.max(1, n - length); k < n; k++) {
            if (text.charAt(k) == first && part.regionMatches(0, text, k, n - k)) {
                starts |= 1L << k;
            }
        }
        long through = 0; // k: the text's chars from k on are the whole part, and more follow
        for (int k = 1; k + length < n; k++) {
            if ((next >>> (k + length) & 1) != 0 && text.charAt(k) == first
                    && text.regionMatches(k, part, 0, length)) {
                through |= 1L << k;
            }
        }
        return ends == 0 && starts == 0 && through == 0 ? NONE : new Part(false, ends, starts, through, length);
    }

    /**
     * One part's answer. {@code at}: the positions reached before the part (bit k: the line so far ends with the
     * text's first k chars).
     */
    record Part(boolean holds, long ends, long starts, long through, int length) {

        /** Whether the text is found in this part or ends in it, coming from {@code at}. */
        boolean found(long at) {
            return holds || (at & starts) != 0;
        }

        /** The positions reached after this part. */
        long after(long at) {
            return (at & through) << length | ends;
        }
    }
}
