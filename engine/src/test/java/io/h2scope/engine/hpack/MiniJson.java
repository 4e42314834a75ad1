package io.h2scope.engine.hpack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON reader for the test corpus (the engine has no JSON dependency): objects keep key order. */
final class MiniJson {

    private final String s;
    private int i;

    private MiniJson(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        MiniJson p = new MiniJson(text);
        Object v = p.value();
        p.skipSpace();
        if (p.i != text.length()) {
            throw p.error("trailing data");
        }
        return v;
    }

    private Object value() {
        skipSpace();
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                expect("true");
                return Boolean.TRUE;
            case 'f':
                expect("false");
                return Boolean.FALSE;
            case 'n':
                expect("null");
                return null;
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        i++;
        skipSpace();
        if (s.charAt(i) == '}') {
            i++;
            return map;
        }
        while (true) {
            skipSpace();
            String key = string();
            skipSpace();
            if (s.charAt(i++) != ':') {
                throw error("expected ':'");
            }
            map.put(key, value());
            skipSpace();
            char c = s.charAt(i++);
            if (c == '}') {
                return map;
            }
            if (c != ',') {
                throw error("expected ',' or '}'");
            }
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        i++;
        skipSpace();
        if (s.charAt(i) == ']') {
            i++;
            return list;
        }
        while (true) {
            list.add(value());
            skipSpace();
            char c = s.charAt(i++);
            if (c == ']') {
                return list;
            }
            if (c != ',') {
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() {
        if (s.charAt(i) != '"') {
            throw error("expected '\"'");
        }
        i++;
        StringBuilder sb = null;
        int start = i;
        while (true) {
            char c = s.charAt(i);
            if (c == '"') {
                String chunk = s.substring(start, i++);
                return sb == null ? chunk : sb.append(chunk).toString();
            }
            if (c == '\\') {
                if (sb == null) {
                    sb = new StringBuilder();
                }
                sb.append(s, start, i);
                char e = s.charAt(i + 1);
                i += 2;
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> sb.append(e);
                }
                start = i;
            } else {
                i++;
            }
        }
    }

    private Object number() {
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        String n = s.substring(start, i);
        if (n.isEmpty()) {
            throw error("unexpected character");
        }
        return n.contains(".") || n.contains("e") || n.contains("E") ? (Object) Double.parseDouble(n)
                : (Object) Long.parseLong(n);
    }

    private void expect(String word) {
        if (!s.startsWith(word, i)) {
            throw error("expected " + word);
        }
        i += word.length();
    }

    private void skipSpace() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at " + i);
    }
}
