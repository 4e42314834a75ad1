package io.h2scope.inspector.model.filter;

import java.util.ArrayList;
import java.util.List;

/** Filter text into tokens: words, numbers (decimal, 0x hex, with a fraction), quoted strings, operators. */
final class FilterLexer {

    private static final String[] SYMBOLS = {"==", "!=", "<=", ">=", "&&", "||", "<", ">", "~", "!", "(", ")", "[", "]"};

    private FilterLexer() {
    }

    static List<FilterToken> tokens(String text) {
        List<FilterToken> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                i = string(text, i, tokens);
            } else if (Character.isDigit(c)) {
                int start = i;
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.')) {
                    i++;
                }
                tokens.add(new FilterToken(FilterToken.Kind.NUMBER, text.substring(start, i), start, i));
            } else if (Character.isLetter(c) || c == '_' || c == ':') {
                int start = i;
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || "_-.:".indexOf(text.charAt(i)) >= 0)) {
                    i++;
                }
                tokens.add(new FilterToken(FilterToken.Kind.WORD, text.substring(start, i), start, i));
            } else {
                i = symbol(text, i, tokens);
            }
        }
        tokens.add(new FilterToken(FilterToken.Kind.END, "", text.length(), text.length()));
        return tokens;
    }

    private static int string(String text, int start, List<FilterToken> tokens) {
        StringBuilder value = new StringBuilder();
        int i = start + 1;
        while (i < text.length() && text.charAt(i) != '"') {
            if (text.charAt(i) == '\\' && i + 1 < text.length()) {
                i++;
            }
            value.append(text.charAt(i++));
        }
        if (i >= text.length()) {
            throw new FilterSyntaxException("this string has no closing \"", start, text.length());
        }
        tokens.add(new FilterToken(FilterToken.Kind.STRING, value.toString(), start, i + 1));
        return i + 1;
    }

    private static int symbol(String text, int i, List<FilterToken> tokens) {
        for (String s : SYMBOLS) {
            if (text.startsWith(s, i)) {
                tokens.add(new FilterToken(FilterToken.Kind.SYMBOL, s, i, i + s.length()));
                return i + s.length();
            }
        }
        throw new FilterSyntaxException("\"" + text.charAt(i) + "\" is not part of the filter language: compare a "
                + "field with ==, !=, <, <=, >, >=, ~ (contains) or has, and join with &&, || and !", i, i + 1);
    }
}
