package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;

import java.util.Set;

/**
 * Which header values traces hide: credentials and session cookies, unless the {@code trace} level
 * was asked for. The value is replaced by its length so a trace still shows that it was there.
 */
public final class Redaction {

    /** Field names whose values are credentials. */
    public static final Set<String> SENSITIVE = Set.of("authorization", "proxy-authorization", "cookie", "set-cookie");

    private Redaction() {
    }

    public static boolean isSensitive(String name) {
        return SENSITIVE.contains(name);
    }

    /** The value as a trace shows it: escaped, or {@code <redacted N bytes>} for a sensitive field. */
    public static String value(HeaderField field, boolean reveal) {
        return value(field.name(), field.value(), reveal);
    }

    public static String value(String name, String value, boolean reveal) {
        if (!reveal && isSensitive(name)) {
            return "<redacted " + value.length() + " bytes>";
        }
        return escape(value);
    }

    /** Control characters and non-ASCII octets as {@code \xNN}, so a value cannot break a log line. */
    public static String escape(String value) {
        StringBuilder text = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean plain = c >= 0x20 && c < 0x7f;
            if (!plain && text == null) {
                text = new StringBuilder(value.length() + 8).append(value, 0, i);
            }
            if (text != null) {
                if (plain) {
                    text.append(c);
                } else {
                    text.append(String.format("\\x%02x", (int) c & 0xff));
                }
            }
        }
        return text == null ? value : text.toString();
    }
}
