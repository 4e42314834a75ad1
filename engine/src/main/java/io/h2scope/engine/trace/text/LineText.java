package io.h2scope.engine.trace.text;

/**
 * What a frame line is written into: a StringBuilder ({@link #of}) for a line wanted as a String, or an
 * {@link AsciiLine}'s octets for a log that writes octets, so the line's format has one home for both.
 */
interface LineText {

    LineText append(String text);

    LineText append(char c);

    LineText append(int value);

    LineText append(long value);

    /** Appends {@code text}'s chars (a kept part of an earlier line). */
    LineText append(AsciiLine text);

    int length();

    /** Replaces {@code into}'s text with this text's chars from {@code from} to the end (a part kept for later lines). */
    void copyTail(int from, AsciiLine into);

    /** {@code text} written through this interface: its own append calls, no copy. */
    static LineText of(StringBuilder text) {
        return new BuilderText(text);
    }
}
