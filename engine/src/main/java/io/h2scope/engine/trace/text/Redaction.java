package io.h2scope.engine.trace.text;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.NameSet;
import io.h2scope.engine.trace.model.TracePrivacy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BinaryOperator;

/**
 * The one home of what traces hide: the values of credential fields ({@link #DEFAULT_NAMES}, plus any names a user
 * adds with {@code H2SCOPE_TRACE_REDACT}), unless revealing was asked for ({@code H2SCOPE_TRACE_REVEAL=1}, {@code
 * --reveal}). Every sink and view asks this: the recorder and the attach stream replace such values with filler of
 * the same length ({@link #filler}), the text forms show {@code <redacted N bytes>} ({@link #value}).
 */
public final class Redaction {

    /** Field names whose values are credentials, hidden whatever else is configured. */
    public static final Set<String> DEFAULT_NAMES = Set.of("authorization", "proxy-authorization", "cookie",
            "set-cookie");

    /** The default names hidden. */
    public static final Redaction DEFAULT = new Redaction(DEFAULT_NAMES, false);

    /** The octet a redacted value is made of in a recording (a raw literal's octets, a decoded value's characters). */
    public static final char FILLER = '*';

    private static final String[] FILLERS = new String[65];

    static {
        for (int i = 0; i < FILLERS.length; i++) {
            FILLERS[i] = String.valueOf(FILLER).repeat(i);
        }
    }

    private final Set<String> names;
    /** {@link #names} as the lookup every traced field makes; and which lengths they have (below 64), to skip most. */
    private final NameSet lookup;
    private final long lengths;
    private final boolean reveal;

    /**
     * @param names  the field names whose values are hidden (lower case; the defaults are always among them)
     * @param reveal show them after all (a trace made for someone allowed to see credentials)
     */
    public Redaction(Collection<String> names, boolean reveal) {
        TreeSet<String> all = new TreeSet<>(DEFAULT_NAMES);
        for (String name : names) {
            all.add(name.toLowerCase(Locale.ROOT));
        }
        this.names = Set.copyOf(all);
        this.lookup = new NameSet(this.names);
        long mask = 0;
        for (String name : all) {
            mask |= name.length() < 64 ? 1L << name.length() : 0;
        }
        this.lengths = mask;
        this.reveal = reveal;
    }

    /** The names hidden, sorted (the defaults among them). */
    public List<String> names() {
        return List.copyOf(new TreeSet<>(names));
    }

    /** Whether values are shown after all. */
    public boolean reveal() {
        return reveal;
    }

    /** The same names, revealed or not. */
    public Redaction revealing(boolean value) {
        return value == reveal ? this : new Redaction(names, value);
    }

    /** These names and {@code more}. */
    public Redaction withNames(Collection<String> more) {
        return more.isEmpty() || names.containsAll(more) ? this : new Redaction(union(more), reveal);
    }

    private List<String> union(Collection<String> more) {
        List<String> all = new ArrayList<>(names);
        all.addAll(more);
        return all;
    }

    /**
     * How a reader of a recording shows it: this reader's names and the recording's, and values shown only when
     * the reader asks for them ({@code --reveal}) and the recording holds them (made with {@code
     * H2SCOPE_TRACE_REVEAL=1}, or by a build that did not redact: {@code privacy} null).
     */
    public Redaction reading(TracePrivacy privacy) {
        if (privacy == null) {
            return this;
        }
        Redaction both = withNames(privacy.redacted());
        return privacy.revealed() ? both : both.revealing(false);
    }

    /** What this redaction says of a recording made with it, for its {@code opened} lines. */
    public TracePrivacy privacy(long dataMax) {
        return new TracePrivacy(names(), reveal, dataMax);
    }

    /** Whether {@code name}'s values are credentials (whether or not they are revealed). */
    public boolean isSensitive(String name) {
        int length = name.length();
        if (length < 64 && (lengths & 1L << length) == 0) {
            return false; // no such name is this long: most fields end here
        }
        // HTTP/2 field names are lower case (RFC 9113 §8.2.1); a peer's upper-case one is hidden all the same
        return lookup.contains(name) || (hasUpperCase(name) && lookup.contains(name.toLowerCase(Locale.ROOT)));
    }

    /** Whether {@code name}'s values are hidden. */
    public boolean hides(String name) {
        return !reveal && isSensitive(name);
    }

    /** The value as a trace shows it: escaped, or {@code <redacted N bytes>} when hidden. */
    public String value(HeaderField field) {
        return value(field.name(), field.value());
    }

    /** The value as a trace shows it: escaped, or {@code <redacted N bytes>} when hidden. */
    public String value(String name, String value) {
        return hides(name) ? placeholder(value.length()) : escape(value);
    }

    /**
     * An HTTP/1.1 head (an h2c upgrade's: the start line, then one field a line, {@code \n} between them) with the
     * value of each field {@code value} gives for its name and value.
     */
    public static String head(String head, BinaryOperator<String> value) {
        String[] lines = head.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                String name = lines[i].substring(0, colon).strip();
                String shown = value.apply(name, lines[i].substring(colon + 1).strip());
                lines[i] = lines[i].substring(0, colon + 1) + " " + shown;
            }
        }
        return String.join("\n", lines);
    }

    /** What stands for a hidden value of {@code length} octets in text. */
    public static String placeholder(int length) {
        return "<redacted " + length + " bytes>";
    }

    /** A redacted value of {@code length} octets as a recording holds it: {@value #FILLER} repeated. */
    public static String filler(int length) {
        return length < FILLERS.length ? FILLERS[length] : String.valueOf(FILLER).repeat(length);
    }

    /**
     * The names of a {@code H2SCOPE_TRACE_REDACT} value ({@code x-api-key,x-session}): comma-separated field names,
     * each a token of RFC 9110 §5.1 (taken in lower case, as HTTP/2 sends them); a bad one is named in
     * {@code problems} and left out.
     */
    public static List<String> parseNames(String variable, String value, List<String> problems) {
        List<String> parsed = new ArrayList<>();
        for (String entry : value.split(",")) {
            String name = entry.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!isToken(name)) {
                problems.add("ignoring entry \"" + name + "\" of " + variable + "=\"" + value + "\": not a field name"
                        + " (RFC 9110 §5.1: letters, digits and !#$%&'*+-.^_`|~); accepted: comma-separated names, e.g."
                        + " x-api-key,x-session");
                continue;
            }
            parsed.add(name.toLowerCase(Locale.ROOT));
        }
        return parsed;
    }

    private static boolean isToken(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasUpperCase(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return true;
            }
        }
        return false;
    }

    /** Control characters and non-ASCII octets as {@code \xNN}, so a value (or a field's name) cannot break a log line. */
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

    @Override
    public boolean equals(Object o) {
        return o instanceof Redaction r && r.names.equals(names) && r.reveal == reveal;
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 31 + Boolean.hashCode(reveal);
    }

    @Override
    public String toString() {
        return (reveal ? "revealing " : "hiding ") + names();
    }
}
