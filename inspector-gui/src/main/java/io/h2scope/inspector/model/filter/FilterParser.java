package io.h2scope.inspector.model.filter;


import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Filter text into a {@link FilterNode}, by recursive descent:
 * <pre>
 * or      := and ( ("||" | "or") and )*
 * and     := unary ( ("&amp;&amp;" | "and") unary )*
 * unary   := ("!" | "not") unary | "(" or ")" | test
 * test    := FIELD [ "[" STRING "]" ] [ OP value ]      OP: == != &lt; &lt;= &gt; &gt;= ~ has
 * value   := NUMBER | STRING | NAME
 * </pre>
 */
final class FilterParser {

    private static final Set<String> ORDERING = Set.of("==", "!=", "<", "<=", ">", ">=");

    private final List<FilterToken> tokens;
    private final Instant startClock;
    private int at;

    private FilterParser(String text, Instant startClock) {
        this.tokens = FilterLexer.tokens(text);
        this.startClock = startClock;
    }

    /** @param startClock when the recording starts, for clock times in quotes; null when it carries no clock */
    static FilterNode parse(String text, Instant startClock) {
        FilterParser p = new FilterParser(text, startClock);
        FilterNode node = p.or();
        FilterToken next = p.peek();
        if (next.kind() != FilterToken.Kind.END) {
            throw new FilterSyntaxException("\"" + next.text() + "\" cannot come here: join tests with && or ||",
                    next.start(), next.end());
        }
        return node;
    }

    private FilterNode or() {
        FilterNode left = and();
        while (peek().is("||") || peek().is("or")) {
            at++;
            left = new FilterNode.Or(left, and());
        }
        return left;
    }

    private FilterNode and() {
        FilterNode left = unary();
        while (peek().is("&&") || peek().is("and")) {
            at++;
            left = new FilterNode.And(left, unary());
        }
        return left;
    }

    private FilterNode unary() {
        FilterToken t = peek();
        if (t.is("!") || t.is("not")) {
            at++;
            return new FilterNode.Not(unary());
        }
        if (t.is("(")) {
            at++;
            FilterNode inner = or();
            FilterToken close = peek();
            if (!close.is(")")) {
                throw new FilterSyntaxException("this ( is not closed: add a )", t.start(), close.start());
            }
            at++;
            return inner;
        }
        return test();
    }

    private FilterNode test() {
        FilterToken name = next();
        if (name.kind() != FilterToken.Kind.WORD) {
            throw new FilterSyntaxException(name.kind() == FilterToken.Kind.END
                    ? "a test is missing here: a field such as type, stream or error" : "\"" + name.text()
                    + "\" is not a field: a test starts with one (" + fieldList() + ")", name.start(), name.end());
        }
        FilterField field = FilterField.named(name.text());
        if (field == null) {
            throw new FilterSyntaxException("unknown field \"" + name.text() + "\"" + suggestion(name.text(),
                    Stream.of(FilterField.values()).map(FilterField::word).toList()) + ": fields are " + fieldList(),
                    name.start(), name.end());
        }
        String key = field.keyed() ? key(name) : null;
        FilterToken op = peek();
        boolean isOp = op.kind() == FilterToken.Kind.SYMBOL && (ORDERING.contains(op.text()) || op.is("~")) || op.is("has");
        if (!isOp) {
            return new FilterNode.Present(field, key);
        }
        at++;
        FilterToken value = next();
        if (value.kind() == FilterToken.Kind.END || value.kind() == FilterToken.Kind.SYMBOL) {
            throw new FilterSyntaxException("a value is missing after " + op.text(), value.start(), value.end());
        }
        return switch (field.kind()) {
            case NUMBER -> number(field, op, value);
            case TIME -> time(op, value);
            case TEXT -> text(field, key, op, value);
        };
    }

    private String key(FilterToken name) {
        FilterToken open = next();
        FilterToken key = next();
        FilterToken close = next();
        if (!open.is("[") || key.kind() != FilterToken.Kind.STRING || !close.is("]")) {
            throw new FilterSyntaxException(name.text() + " needs a field name in brackets: " + name.text()
                    + "[\":status\"]", name.start(), close.end());
        }
        return key.text().toLowerCase(Locale.ROOT);
    }

    private FilterNode number(FilterField field, FilterToken op, FilterToken value) {
        if (op.is("~")) {
            throw new FilterSyntaxException("~ looks for text, and " + field.word() + " is a number: compare it with "
                    + "==, !=, <, <=, >, >=" + (field == FilterField.FLAGS ? " or has" : ""), op.start(), op.end());
        }
        if (op.is("has") && field != FilterField.FLAGS) {
            throw new FilterSyntaxException("has tests flags (flags has END_STREAM), not " + field.word(), op.start(), op.end());
        }
        return new FilterNode.CompareNumber(field, op.text(), numberValue(field, value));
    }

    private long numberValue(FilterField field, FilterToken value) {
        Map<String, Long> names = field.names();
        if (value.kind() == FilterToken.Kind.NUMBER) {
            try {
                String t = value.text().toLowerCase(Locale.ROOT);
                return t.startsWith("0x") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new FilterSyntaxException("\"" + value.text() + "\" is not a whole number (decimal, or hex as 0x1f)",
                        value.start(), value.end());
            }
        }
        Long named = names.get(value.text().toUpperCase(Locale.ROOT));
        if (named != null) {
            return named;
        }
        String what = names.isEmpty() ? field.word() + " takes a number" : "no " + field.word() + " called \""
                + value.text() + "\"" + suggestion(value.text(), names.keySet()) + ": give one of "
                + String.join(", ", names.keySet()) + " or a number";
        throw new FilterSyntaxException(what, value.start(), value.end());
    }

    private FilterNode time(FilterToken op, FilterToken value) {
        if (op.is("~") || op.is("has")) {
            throw new FilterSyntaxException("time compares with ==, !=, <, <=, >, >=", op.start(), op.end());
        }
        if (value.kind() == FilterToken.Kind.NUMBER) {
            try {
                return new FilterNode.CompareTime(op.text(), new BigDecimal(value.text()).movePointRight(9).longValueExact(), null);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new FilterSyntaxException("\"" + value.text() + "\" is not a number of seconds (12.5)", value.start(), value.end());
            }
        }
        if (value.kind() == FilterToken.Kind.STRING) {
            try {
                return new FilterNode.CompareTime(op.text(), 0, FrameFilter.parseTime(value.text(), startClock));
            } catch (IllegalArgumentException e) {
                throw new FilterSyntaxException(e.getMessage(), value.start(), value.end());
            }
        }
        throw new FilterSyntaxException("time takes seconds since the recording started (12.5) or a clock time in "
                + "quotes (\"14:03:20\")", value.start(), value.end());
    }

    private FilterNode text(FilterField field, String key, FilterToken op, FilterToken value) {
        if (!(op.is("==") || op.is("!=") || op.is("~"))) {
            throw new FilterSyntaxException(field.word() + " is text: compare it with ==, != or ~ (contains)", op.start(), op.end());
        }
        if (field == FilterField.STATE && value.kind() == FilterToken.Kind.WORD
                && !field.names().containsKey(value.text().toUpperCase(Locale.ROOT)) && !op.is("~")) {
            throw new FilterSyntaxException("no stream state called \"" + value.text() + "\""
                    + suggestion(value.text(), field.names().keySet()) + ": give one of "
                    + field.names().keySet().stream().map(s -> s.toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")),
                    value.start(), value.end());
        }
        return new FilterNode.CompareText(field, key, op.text(), value.text());
    }

    private FilterToken peek() {
        return tokens.get(at);
    }

    private FilterToken next() {
        FilterToken t = tokens.get(at);
        if (t.kind() != FilterToken.Kind.END) {
            at++;
        }
        return t;
    }

    static String fieldList() {
        return Stream.of(FilterField.values()).map(FilterField::word).collect(Collectors.joining(", "));
    }

    /** ": did you mean X?" for the known word closest to {@code typed}, when one is close. */
    static String suggestion(String typed, java.util.Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(typed.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(1, typed.length() / 3) ? " (did you mean " + best + "?)" : "";
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
