package io.h2scope.engine.trace.text;

/** A StringBuilder as a {@link LineText}. */
final class BuilderText implements LineText {

    private final StringBuilder text;

    BuilderText(StringBuilder text) {
        this.text = text;
    }

    @Override
    public LineText append(String s) {
        text.append(s);
        return this;
    }

    @Override
    public LineText append(char c) {
        text.append(c);
        return this;
    }

    @Override
    public LineText append(int value) {
        text.append(value);
        return this;
    }

    @Override
    public LineText append(long value) {
        text.append(value);
        return this;
    }

    @Override
    public LineText append(AsciiLine kept) {
        text.append(kept);
        return this;
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public void copyTail(int from, AsciiLine into) {
        into.clear();
        for (int i = from, n = text.length(); i < n; i++) {
            into.append(text.charAt(i));
        }
    }
}
