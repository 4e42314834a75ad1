package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;

import java.util.ArrayList;
import java.util.List;

/**
 * Request header fields typed as {@code name: value} lines, as curl's {@code -H} takes them: the one parser of the
 * cli's {@code get -H} and the inspector's client panel. The name is what comes before the first colon (a leading
 * colon belongs to the name, so a pseudo-header is named as such and refused), the value what comes after, both
 * without surrounding white space. Errors say what is wrong with the line, to follow what the caller calls it
 * ("-H", "header line 3").
 */
public final class HeaderLines {

    private HeaderLines() {
    }

    /**
     * One line as a field (the name as typed; the request lower-cases it).
     *
     * @throws IllegalArgumentException saying what is wrong: no {@code name: value}, a name that is not a token, a
     *                                  pseudo-header, a value with CR, LF or NUL
     */
    public static HeaderField parse(String line) {
        int colon = line.indexOf(':', line.startsWith(":") ? 1 : 0);
        String name = colon < 0 ? "" : line.substring(0, colon).strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("wants 'name: value', got '" + line + "'");
        }
        if (name.startsWith(":")) {
            throw new IllegalArgumentException("'" + name + "' is a pseudo-header: the request makes it from the URL "
                    + "and the method (RFC 9113 §8.3.1)");
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isTokenChar(name.charAt(i))) {
                throw new IllegalArgumentException("'" + name + "' is not a field name: a name is a token, without "
                        + "spaces or separators such as '" + name.charAt(i) + "' (RFC 9110 §5.1)");
            }
        }
        String value = line.substring(colon + 1).strip();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0) {
                throw new IllegalArgumentException("the value of '" + name + "' has a " + (c == 0 ? "NUL" : c == '\r'
                        ? "CR" : "LF") + ", which a field value must not have (RFC 9113 §8.2.1)");
            }
        }
        return new HeaderField(name, value);
    }

    /**
     * A request method as typed ({@code get -X}): a token, else the peer would reset the stream as malformed.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static String method(String method) {
        if (method.isEmpty()) {
            throw new IllegalArgumentException("'' is not a method: give one such as GET, POST or PUT (RFC 9110 §9.1)");
        }
        for (int i = 0; i < method.length(); i++) {
            if (!isTokenChar(method.charAt(i))) {
                throw new IllegalArgumentException("'" + method + "' is not a method: a method is a token, without "
                        + "spaces or separators such as '" + method.charAt(i) + "' (RFC 9110 §9.1)");
            }
        }
        return method;
    }

    /**
     * Text of lines, one field each; blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the line: "header line 3 wants 'name: value', got 'x'"
     */
    public static List<HeaderField> parseLines(String text) {
        List<HeaderField> fields = new ArrayList<>();
        int number = 0;
        for (String line : text.split("\\R", -1)) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            try {
                fields.add(parse(line));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("header line " + number + " " + e.getMessage(), e);
            }
        }
        return fields;
    }

    /** RFC 9110 §5.6.2: tchar. */
    private static boolean isTokenChar(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
