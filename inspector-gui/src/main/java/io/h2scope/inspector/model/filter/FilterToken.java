package io.h2scope.inspector.model.filter;

/**
 * One token of filter text.
 *
 * @param kind  what it is
 * @param text  its text (a string's without quotes and escapes)
 * @param start its first character's offset
 * @param end   the offset after it
 */
record FilterToken(Kind kind, String text, int start, int end) {

    enum Kind {
        /** A field name, a value name (HEADERS, recv) or a word operator (and, or, not, has). */
        WORD,
        NUMBER,
        STRING,
        /** == != < <= > >= ~ && || ! ( ) [ ] */
        SYMBOL,
        END
    }

    boolean is(String symbolOrWord) {
        return (kind == Kind.SYMBOL || kind == Kind.WORD) && text.equals(symbolOrWord);
    }
}
