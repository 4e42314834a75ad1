package io.h2scope.engine.http;

/**
 * Character rules for field names, field values and pseudo-header values, as precomputed 256-entry
 * tables: one array load per character, no regex, no allocation. A Java char above 0xff cannot be an
 * HPACK octet and is rejected everywhere.
 */
final class FieldSyntax {

    /** RFC 9110 §5.6.2 tchar, lower case only (RFC 9113 §8.2.1 forbids upper case). */
    private static final String TCHAR_LOWER = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz";

    /** RFC9113 §8.2.1 (MUST): names without 0x00-0x20, 0x41-0x5a, 0x7f-0xff and without ':'. */
    private static final boolean[] NAME_MINIMAL = new boolean[256];
    /** RFC9113 §8.2.1 (SHOULD): names are RFC 9110 §5.1 tokens, here lower case. */
    private static final boolean[] NAME_TOKEN = new boolean[256];
    /** RFC9113 §8.2.1 (MUST): values without NUL, LF, CR. */
    private static final boolean[] VALUE_MINIMAL = new boolean[256];
    /** RFC9113 §8.2.1 (SHOULD): RFC 9110 §5.5 field-vchar (VCHAR, obs-text) plus SP and HTAB inside. */
    private static final boolean[] VALUE_STRICT = new boolean[256];
    /** RFC 9110 §9.1 method = token; also RFC 8441 :protocol (an upgrade token). Case kept. */
    private static final boolean[] TOKEN = new boolean[256];
    /** RFC 3986 §3.1 scheme characters after the first letter. */
    private static final boolean[] SCHEME = new boolean[256];
    /** RFC 3986 §3.2 authority: unreserved, pct-encoded, sub-delims, ':', '@', '[', ']'. */
    private static final boolean[] AUTHORITY = new boolean[256];
    /**
     * :path octets that cannot break a request line (RFC9113 §10.3): everything but CTL, SP and DEL.
     * Octets 0x80-0xff are let through: they are no delimiter and some clients send raw UTF-8.
     */
    private static final boolean[] PATH = new boolean[256];

    static {
        for (int c = 0; c < 256; c++) {
            NAME_MINIMAL[c] = c > 0x20 && !(c >= 'A' && c <= 'Z') && c < 0x7f && c != ':';
            VALUE_MINIMAL[c] = c != 0 && c != '\n' && c != '\r';
            VALUE_STRICT[c] = c >= 0x21 && c != 0x7f || c == ' ' || c == '\t';
            PATH[c] = c > 0x20 && c != 0x7f;
        }
        mark(NAME_TOKEN, TCHAR_LOWER);
        mark(TOKEN, TCHAR_LOWER + "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        mark(SCHEME, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
        mark(AUTHORITY, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%!$&'()*+,;=:@[]");
    }

    private static void mark(boolean[] table, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            table[chars.charAt(i)] = true;
        }
    }

    private FieldSyntax() {
    }

    private static boolean allowed(boolean[] table, char c) {
        return c < 256 && table[c];
    }

    /** Index of the first character of {@code s} (from {@code from}) not in the table, or -1. */
    private static int firstBad(boolean[] table, String s, int from) {
        for (int i = from, n = s.length(); i < n; i++) {
            if (!allowed(table, s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** Validates a regular field name; {@code strict} adds the RFC 9110 token rule. */
    static void checkName(int streamId, String name, boolean strict) {
        if (name.isEmpty()) {
            // RFC9113 §8.2.1 via RFC 9110 §5.1: field-name = token (1*tchar): empty is invalid (SEC-09)
            throw Malformed.error(streamId, MessageRule.FIELD_NAME_EMPTY, "empty field name");
        }
        int bad = firstBad(strict ? NAME_TOKEN : NAME_MINIMAL, name, 0);
        if (bad < 0) {
            return;
        }
        char c = name.charAt(bad);
        String what;
        if (c >= 'A' && c <= 'Z') {
            // RFC9113 §8.2.1: "A field name MUST NOT contain characters in the ranges ... 0x41-0x5a" (RFC 7540 §8.1.2: "MUST be converted to lowercase")
            what = "uppercase character";
        } else if (c == ':') {
            // RFC9113 §8.2.1: "With the exception of pseudo-header fields ... field names MUST NOT include a colon"
            what = "colon";
        } else if (c <= 0x20 || c >= 0x7f) {
            // RFC9113 §8.2.1: "A field name MUST NOT contain characters in the ranges 0x00-0x20, ... or 0x7f-0xff"
            what = "character";
        } else {
            // RFC9113 §8.2.1: "SHOULD validate field names ... according to their definitions in Sections 5.1 ... of [HTTP]" (token)
            what = "non-token character";
        }
        throw Malformed.error(streamId, c >= 'A' && c <= 'Z' ? MessageRule.FIELD_NAME_UPPERCASE
                : MessageRule.FIELD_NAME_INVALID_CHARACTER, what + " '" + Printable.escape(c) + "' at " + bad
                + " in field name " + Printable.quote(name));
    }

    /** Validates a field value (regular or pseudo-header); {@code strict} adds RFC 9110 §5.5. */
    static void checkValue(int streamId, String name, String value, boolean strict) {
        int n = value.length();
        if (n == 0) {
            return;
        }
        char first = value.charAt(0);
        char last = value.charAt(n - 1);
        if (first == ' ' || first == '\t' || last == ' ' || last == '\t') {
            // RFC9113 §8.2.1: "A field value MUST NOT start or end with an ASCII whitespace character (ASCII SP or HTAB, 0x20 or 0x09)"
            throw Malformed.error(streamId, MessageRule.FIELD_VALUE_WHITESPACE_AT_EDGE, "value of " + Printable.quote(name)
                    + " starts or ends with whitespace: " + Printable.quote(value));
        }
        int bad = firstBad(strict ? VALUE_STRICT : VALUE_MINIMAL, value, 0);
        if (bad >= 0) {
            // RFC9113 §8.2.1: "A field value MUST NOT contain the zero value (ASCII NUL, 0x00), line feed (ASCII LF, 0x0a), or carriage return (ASCII CR, 0x0d)"
            // (strict mode: RFC 9110 §5.5 field-vchar also excludes the other controls and DEL)
            throw Malformed.error(streamId, MessageRule.FIELD_VALUE_INVALID_CHARACTER, "character '" + Printable.escape(value.charAt(bad)) + "' at "
                    + bad + " in value of " + Printable.quote(name) + ": " + Printable.quote(value));
        }
    }

    /** True for a non-empty RFC 9110 token (method, :protocol). */
    static boolean isToken(String s) {
        return !s.isEmpty() && firstBad(TOKEN, s, 0) < 0;
    }

    /** True for an RFC 3986 §3.1 scheme: {@code ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )}. */
    static boolean isScheme(String s) {
        if (s.isEmpty()) {
            return false;
        }
        char c = s.charAt(0);
        return (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && firstBad(SCHEME, s, 1) < 0;
    }

    /** Index of the first character not allowed in an RFC 3986 authority, or -1. */
    static int badAuthorityChar(String s) {
        return firstBad(AUTHORITY, s, 0);
    }

    /** Index of the first :path character that could break a request line, or -1. */
    static int badPathChar(String s) {
        return firstBad(PATH, s, 0);
    }
}
