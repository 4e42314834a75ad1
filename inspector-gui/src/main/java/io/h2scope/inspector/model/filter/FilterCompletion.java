package io.h2scope.inspector.model.filter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What may come next at the caret of a filter being typed: field names where a test starts, operators after a field,
 * a field's value names after an operator, {@code &&} and {@code ||} after a test. Offered as replacements of the
 * word being typed.
 *
 * @param from    the offset where the word being typed starts (the caret when none is)
 * @param to      the caret
 * @param options what may replace {@code from..to}, in the order to show them
 */
public record FilterCompletion(int from, int to, List<String> options) {

    private static final List<String> OPERATORS = List.of("==", "!=", "<", "<=", ">", ">=", "~");
    private static final List<String> JOINS = List.of("&&", "||");

    public FilterCompletion {
        options = List.copyOf(options);
    }

    public static FilterCompletion at(String text, int caret) {
        List<FilterToken> tokens;
        try {
            tokens = new ArrayList<>(FilterLexer.tokens(text.substring(0, caret)));
        } catch (FilterSyntaxException e) {
            return new FilterCompletion(caret, caret, List.of()); // inside a string or after a stray character
        }
        tokens.remove(tokens.size() - 1); // END
        String prefix = "";
        int from = caret;
        if (!tokens.isEmpty()) {
            FilterToken last = tokens.get(tokens.size() - 1);
            if (last.end() == caret && last.kind() == FilterToken.Kind.WORD) {
                prefix = last.text();
                from = last.start();
                tokens.remove(tokens.size() - 1);
            }
        }
        List<String> candidates = candidates(tokens);
        List<String> options = new ArrayList<>();
        String lower = prefix.toLowerCase(Locale.ROOT);
        for (String c : candidates) {
            if (c.toLowerCase(Locale.ROOT).startsWith(lower)) {
                options.add(c);
            }
        }
        return new FilterCompletion(from, caret, options);
    }

    /** What may follow {@code before}, the tokens ahead of the word being typed. */
    private static List<String> candidates(List<FilterToken> before) {
        if (before.isEmpty()) {
            return fields();
        }
        FilterToken last = before.get(before.size() - 1);
        if (last.is("&&") || last.is("||") || last.is("!") || last.is("(") || last.is("and") || last.is("or")
                || last.is("not")) {
            return fields();
        }
        if (last.kind() == FilterToken.Kind.SYMBOL && (OPERATORS.contains(last.text())) || last.is("has")) {
            FilterField field = fieldBefore(before, before.size() - 2);
            if (field == null) {
                return List.of();
            }
            if (field == FilterField.STATE) {
                return field.names().keySet().stream().map(s -> s.toLowerCase(Locale.ROOT)).toList();
            }
            return List.copyOf(field.names().keySet());
        }
        FilterField field = fieldBefore(before, before.size() - 1);
        if (field != null) {
            List<String> ops = new ArrayList<>(field.kind() == FilterField.Kind.TEXT
                    ? List.of("==", "!=", "~") : OPERATORS.subList(0, 6));
            if (field == FilterField.FLAGS) {
                ops.add("has");
            }
            ops.addAll(JOINS);
            return ops;
        }
        return JOINS;
    }

    /** The field whose test ends at token {@code index} (its name, or the ] of its key), or null. */
    private static FilterField fieldBefore(List<FilterToken> tokens, int index) {
        if (index < 0) {
            return null;
        }
        FilterToken t = tokens.get(index);
        if (t.is("]") && index >= 3) {
            t = tokens.get(index - 3);
        }
        if (t.kind() != FilterToken.Kind.WORD) {
            return null;
        }
        boolean afterOperator = index > 0 && (OPERATORS.contains(tokens.get(index - 1).text()) || tokens.get(index - 1).is("has"));
        return afterOperator ? null : FilterField.named(t.text());
    }

    private static List<String> fields() {
        List<String> fields = new ArrayList<>();
        for (FilterField f : FilterField.values()) {
            fields.add(f.keyed() ? f.word() + "[\"" : f.word());
        }
        return fields;
    }
}
