package io.h2scope.engine.trace.jsonl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the trace format needs, without a library: string escaping for the writer, and a
 * strict parser into {@code Map<String, Object>}, {@code List<Object>}, {@code String}, {@code Long},
 * {@code Double}, {@code Boolean} and {@code null}. Errors name the offset. Also the one JSON reader of the
 * tests and benchmarks (the HPACK corpus), so the engine needs no JSON library.
 */
public final class Json {

    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /** Parses one JSON value that must fill {@code text} (surrounding white space allowed). */
    public static Object parse(String text) {
        Json json = new Json(text);
        json.skipSpace();
        Object value = json.value(0);
        json.skipSpace();
        if (json.pos != text.length()) {
            throw json.error("unexpected text after the value");
        }
        return value;
    }

    /**
     * A flat object (members in the map's order; values strings, numbers, booleans or null) as one line of JSON: the
     * lines of the live control protocol.
     */
    public static String object(Map<String, ?> members) {
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, ?> member : members.entrySet()) {
            if (out.length() > 1) {
                out.append(',');
            }
            string(out, member.getKey());
            out.append(':');
            Object value = member.getValue();
            if (value == null || value instanceof Number || value instanceof Boolean) {
                out.append(value);
            } else {
                string(out, value.toString());
            }
        }
        return out.append('}').toString();
    }

    /**
     * Appends {@code value} as a JSON string literal, escaped as {@link LineOctets#putString} escapes it (ASCII out:
     * the one escaping of every JSON h2scope writes).
     */
    public static void string(StringBuilder out, String value) {
        int plain = 0;
        while (plain < value.length() && plain(value.charAt(plain))) {
            plain++;
        }
        if (plain == value.length()) { // most values need no escape: one copy, not a call per char
            out.append('"').append(value).append('"');
        } else {
            out.append(new LineOctets(value.length() + 8).putString(value).text());
        }
    }

    /** A char a JSON string literal holds as itself: printable ASCII but the quote and the backslash. */
    static boolean plain(char c) {
        return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
    }

    private Object value(int depth) {
        if (depth > 32) {
            throw error("nested too deeply");
        }
        if (pos >= text.length()) {
            throw error("a value was expected");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object(int depth) {
        Map<String, Object> map = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("a member name was expected");
            }
            String name = string();
            skipSpace();
            expect(':');
            skipSpace();
            map.put(name, value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array(int depth) {
        List<Object> list = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            skipSpace();
            list.add(value(depth + 1));
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        pos++;
        // most strings (names, base64 payloads) have no escape: one scan and one copy
        for (int i = pos; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                String plain = text.substring(pos, i);
                pos = i + 1;
                return plain;
            }
            if (c == '\\') {
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = pos;
        // the usual case, a plain integer of up to 18 digits: no substring, no second pass
        int i = pos;
        boolean negative = i < text.length() && text.charAt(i) == '-';
        if (negative) {
            i++;
        }
        long value = 0;
        int digits = 0;
        while (i < text.length() && digits < 19) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
            digits++;
            i++;
        }
        if (digits > 0 && digits < 19 && (i == text.length() || "+-.eE0123456789".indexOf(text.charAt(i)) < 0)) {
            pos = i;
            return negative ? -value : value;
        }
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        String n = text.substring(start, pos);
        if (n.isEmpty()) {
            throw error("unexpected character '" + text.charAt(start) + "'");
        }
        try {
            if (n.indexOf('.') < 0 && n.indexOf('e') < 0 && n.indexOf('E') < 0) {
                return Long.parseLong(n);
            }
            return Double.parseDouble(n);
        } catch (NumberFormatException e) {
            throw error("bad number " + n);
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error(word + " was expected");
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("'" + c + "' was expected");
        }
        pos++;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
    }
}
