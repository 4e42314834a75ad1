package io.h2scope.inspector.model.filter;

/**
 * Filter text that does not parse: what is wrong and where, so that a view can underline {@code start..end} and
 * show the message.
 */
public final class FilterSyntaxException extends IllegalArgumentException {

    private final int start;
    private final int end;

    FilterSyntaxException(String message, int start, int end) {
        super(message);
        this.start = start;
        this.end = Math.max(end, start);
    }

    /** The offset of the first character in error. */
    public int start() {
        return start;
    }

    /** The offset after the last character in error (equal to {@link #start} at the end of the text). */
    public int end() {
        return end;
    }
}
