package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamInput;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The kinds that make nearly all of a recording (frames as summaries, windows, stream states, HPACK insertions and
 * evictions) read straight from a line's octets: no text of the line, no map, a String only for an HPACK entry's name
 * and value. It takes only a line in the plain form the writer writes (one JSON object, strings without escapes or
 * octets above 0x7f, integers); for anything else it answers null and the caller reads the line the general way
 * ({@link JsonlLineDecoder}), which accepts the rest and names what is wrong with a bad line. So a line reads to the
 * same event either way, and every error message has one home.
 *
 * <p>Over 500 lines as one class: a hand-written reader over one line's octets, kept fast by one cursor that every
 * kind it reads moves along; split, each part would pass that cursor back and forth.
 */
final class DirectEventReader {

    private static final int DEPTH = 32;

    private enum Kind { FRAME, WINDOW, STATE, HPACK_ADD, HPACK_EVICT, OTHER }

    private final byte[] octets;
    private final int to;
    private int pos;

    private Kind kind = Kind.FRAME; // a version 1 line has no kind: a frame
    private long version = -1;
    private long conn = Long.MIN_VALUE;
    private long nanos = Long.MIN_VALUE;
    private long stream = Long.MIN_VALUE;
    private long typeCode = Long.MIN_VALUE;
    private long flags = Long.MIN_VALUE;
    private long length = Long.MIN_VALUE;
    private long oldSize = Long.MIN_VALUE;
    private long newSize = Long.MIN_VALUE;
    private long size = Long.MIN_VALUE;
    private long count = Long.MIN_VALUE;
    private final long[] window = {Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE};
    private boolean reserved;
    private int dirFrom = -1;
    private int dirTo;
    private int sideFrom = -1;
    private int sideTo;
    private StreamState state;
    /** A small control frame's payload ({@link FrameEventJson#keptInSummary}), decoded; else null. */
    private byte[] payload;
    private StreamState from;
    private StreamState toState;
    private StreamInput input;
    private WindowCause cause;
    private HpackContext table;
    private String name;
    private String value;
    private List<Change> changes = List.of();
    /** A frame line's decoded fields (a summary keeps them: a filter on a field reads no frame again). */
    private List<HeaderField> headers = List.of();

    private DirectEventReader(byte[] octets, int from, int to) {
        this.octets = octets;
        this.pos = from;
        this.to = to;
    }

    /** The event of the line ({@code from} to {@code to}, no terminator), or null: read it the general way. */
    static TraceEvent read(byte[] octets, int from, int to) {
        DirectEventReader line = new DirectEventReader(octets, from, to);
        return line.event(false);
    }

    /**
     * The line that starts at {@code from} and ends at its newline or {@code limit}, read in one pass that also
     * finds its end: the event, with {@link #end()} where the line ends, or null (read it the general way).
     */
    static DirectEventReader line(byte[] octets, int from, int limit) {
        DirectEventReader line = new DirectEventReader(octets, from, limit);
        line.read = line.event(true);
        return line.read == null ? null : line;
    }

    private TraceEvent read;

    /** The line's own event: for a frame line, the frame without the changes it carries ({@link #forEach}). */
    TraceEvent event() {
        return read;
    }

    /** Hands on every event of the line: a frame line's changes (docs/TRACE_FORMAT.md), then its own event. */
    void forEach(Consumer<TraceEvent> each) {
        if (kind == Kind.FRAME) {
            for (Change c : changes) {
                each.accept(c.window ? new WindowChanged(conn, nanos, c.stream, c.send ? WindowSide.SEND
                        : WindowSide.RECEIVE, c.oldSize, c.newSize, c.cause)
                        : new StreamStateChanged(conn, nanos, c.stream, c.from, c.to, c.input));
            }
        }
        each.accept(read);
    }

    /** {@link #line} for a line that ends at {@code to}, without terminator. */
    static DirectEventReader whole(byte[] octets, int from, int to) {
        DirectEventReader line = new DirectEventReader(octets, from, to);
        line.read = line.event(false);
        return line.read == null ? null : line;
    }

    /** The offset of the line's newline, or the limit. */
    int end() {
        return pos;
    }

    private TraceEvent event(boolean toNewline) {
        try {
            if (!object()) {
                return null;
            }
            while (pos < to && (octets[pos] == ' ' || octets[pos] == '\t' || octets[pos] == '\r')) {
                pos++;
            }
            if (toNewline ? pos < to && octets[pos] != '\n' : pos != to) {
                return null;
            }
            return built();
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            return null; // not in the plain form, or a value the model refuses: the general reader says which
        }
    }

    // ---------------------------------------------------------------- the line's members

    private boolean object() {
        space();
        if (!take('{')) {
            return false;
        }
        space();
        if (take('}')) {
            return false;
        }
        do {
            space();
            int keyFrom = pos;
            if (!skipString()) {
                return false;
            }
            int keyTo = pos - 1;
            space();
            if (!take(':')) {
                return false;
            }
            space();
            if (!member(keyFrom + 1, keyTo)) {
                return false;
            }
            space();
        } while (take(','));
        return take('}');
    }

    /** Reads the value of the member whose name is at {@code k} to {@code kEnd}; false when it is not plain. */
    private boolean member(int k, int kEnd) {
        switch (kEnd - k) {
            case 1:
                if (is(k, kEnd, "v")) {
                    return (version = number()) != Long.MIN_VALUE;
                }
                break;
            case 2:
                if (is(k, kEnd, "to")) {
                    return (toState = named(STATES)) != null;
                }
                break;
            case 3:
                if (is(k, kEnd, "dir")) {
                    dirFrom = pos + 1;
                    dirTo = plainString();
                    return dirTo >= 0;
                }
                if (is(k, kEnd, "old")) {
                    return (oldSize = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "new")) {
                    return (newSize = number()) != Long.MIN_VALUE;
                }
                break;
            case 4:
                if (is(k, kEnd, "kind")) {
                    return kind();
                }
                if (is(k, kEnd, "conn")) {
                    return (conn = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "t_ns")) {
                    return (nanos = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "side")) {
                    sideFrom = pos + 1;
                    sideTo = plainString();
                    return sideTo >= 0;
                }
                if (is(k, kEnd, "from")) {
                    return (from = named(STATES)) != null;
                }
                if (is(k, kEnd, "name")) {
                    return (name = text()) != null;
                }
                if (is(k, kEnd, "size")) {
                    return (size = number()) != Long.MIN_VALUE;
                }
                break;
            case 5:
                if (is(k, kEnd, "flags")) {
                    return (flags = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "state")) {
                    return (state = named(STATES)) != null;
                }
                if (is(k, kEnd, "input")) {
                    return (input = named(INPUTS)) != null;
                }
                if (is(k, kEnd, "cause")) {
                    return (cause = named(CAUSES)) != null;
                }
                if (is(k, kEnd, "table")) {
                    return (table = named(TABLES)) != null;
                }
                if (is(k, kEnd, "value")) {
                    return (value = text()) != null;
                }
                if (is(k, kEnd, "count")) {
                    return (count = number()) != Long.MIN_VALUE;
                }
                break;
            case 6:
                if (is(k, kEnd, "stream")) {
                    return (stream = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "length")) {
                    return (length = number()) != Long.MIN_VALUE;
                }
                if (is(k, kEnd, "window")) {
                    return window();
                }
                break;
            case 7:
                if (is(k, kEnd, "payload")) {
                    return payload();
                }
                if (is(k, kEnd, "changes")) {
                    return changes();
                }
                if (is(k, kEnd, "headers")) {
                    return headers();
                }
                break;
            case 8:
                if (is(k, kEnd, "reserved")) {
                    if (literal("true")) {
                        reserved = true;
                        return true;
                    }
                    return literal("false");
                }
                break;
            case 9:
                if (is(k, kEnd, "type_code")) {
                    return (typeCode = number()) != Long.MIN_VALUE;
                }
                break;
            default:
                break;
        }
        return skipValue(0);
    }

    private boolean kind() {
        int start = pos + 1;
        int end = plainString();
        if (end < 0) {
            return false;
        }
        kind = is(start, end, "frame") ? Kind.FRAME : is(start, end, "window") ? Kind.WINDOW
                : is(start, end, "state") ? Kind.STATE : is(start, end, "hpack_add") ? Kind.HPACK_ADD
                : is(start, end, "hpack_evict") ? Kind.HPACK_EVICT : Kind.OTHER;
        return kind != Kind.OTHER;
    }

    /**
     * The frame's {@code window}: {@code [conn_send, conn_recv, stream_send, stream_recv]} (version 3), or the object
     * of version 2 and before, its four members in any order.
     */
    private boolean window() {
        if (take('[')) {
            for (int slot = 0; slot < window.length; slot++) {
                space();
                if (slot > 0 && !take(',')) {
                    return false;
                }
                space();
                if ((window[slot] = number()) == Long.MIN_VALUE) {
                    return false;
                }
            }
            space();
            return take(']');
        }
        if (!take('{')) {
            return false;
        }
        do {
            space();
            int k = pos + 1;
            if (!skipString()) {
                return false;
            }
            int kEnd = pos - 1;
            space();
            if (!take(':')) {
                return false;
            }
            space();
            int slot = is(k, kEnd, "conn_send") ? 0 : is(k, kEnd, "conn_recv") ? 1 : is(k, kEnd, "stream_send") ? 2
                    : is(k, kEnd, "stream_recv") ? 3 : -1;
            if (slot < 0) {
                if (!skipValue(1)) {
                    return false;
                }
            } else if ((window[slot] = number()) == Long.MIN_VALUE) {
                return false;
            }
            space();
        } while (take(','));
        return take('}');
    }

    /** One member of a frame line's {@code changes}: a window change, or a stream state change. */
    private record Change(boolean window, int stream, boolean send, int oldSize, int newSize, WindowCause cause,
            StreamState from, StreamState to, StreamInput input) {
    }

    /** A frame line's {@code changes}: {@code ["window",stream,side,old,new,cause]} and {@code ["state",stream,from,to,input]}. */
    private boolean changes() {
        if (!take('[')) {
            return false;
        }
        space();
        if (take(']')) {
            return true;
        }
        changes = new ArrayList<>(8);
        do {
            space();
            if (!take('[')) {
                return false;
            }
            space();
            int k = pos + 1;
            int kEnd = plainString();
            if (kEnd < 0 || !comma()) {
                return false;
            }
            long id = number();
            if (id < Integer.MIN_VALUE || id > Integer.MAX_VALUE || !comma()) {
                return false;
            }
            if (is(k, kEnd, "window")) {
                int sf = pos + 1;
                int se = plainString();
                boolean send = se >= 0 && is(sf, se, "send");
                if (se < 0 || !send && !is(sf, se, "recv") || !comma()) {
                    return false;
                }
                long old = number();
                if (old < Integer.MIN_VALUE || old > Integer.MAX_VALUE || !comma()) {
                    return false;
                }
                long now = number();
                if (now < Integer.MIN_VALUE || now > Integer.MAX_VALUE || !comma()) {
                    return false;
                }
                WindowCause c = named(CAUSES);
                if (c == null) {
                    return false;
                }
                changes.add(new Change(true, (int) id, send, (int) old, (int) now, c, null, null, null));
            } else if (is(k, kEnd, "state")) {
                StreamState f = named(STATES);
                if (f == null || !comma()) {
                    return false;
                }
                StreamState t = named(STATES);
                if (t == null || !comma()) {
                    return false;
                }
                StreamInput in = named(INPUTS);
                if (in == null) {
                    return false;
                }
                changes.add(new Change(false, (int) id, false, 0, 0, null, f, t, in));
            } else {
                return false; // a kind of change this reader does not know: the general reader skips it
            }
            space();
            if (!take(']')) {
                return false;
            }
            space();
        } while (take(','));
        return take(']');
    }

    /** A frame line's decoded fields, kept in its summary: {@code [name,value]} or {@code [name,value,true]} each. */
    private boolean headers() {
        if (!take('[')) {
            return false;
        }
        space();
        if (take(']')) {
            return true;
        }
        List<HeaderField> fields = new ArrayList<>(8);
        do {
            space();
            if (!take('[')) {
                return false;
            }
            space();
            String n = text();
            if (n == null || !comma()) {
                return false;
            }
            String v = text();
            if (v == null) {
                return false;
            }
            space();
            boolean sensitive = false;
            if (take(',')) {
                space();
                sensitive = literal("true");
                if (!sensitive && !literal("false")) {
                    return false;
                }
                space();
            }
            if (!take(']')) {
                return false;
            }
            fields.add(new HeaderField(n, v, sensitive));
            space();
        } while (take(','));
        headers = fields;
        return take(']');
    }

    private boolean comma() {
        space();
        if (!take(',')) {
            return false;
        }
        space();
        return true;
    }

    /** Steps over a frame's base64 payload by its length (known before it: the writer puts it first), unread. */
    private boolean payload() {
        if (!take('"')) {
            return false;
        }
        if (kind == Kind.FRAME && FrameEventJson.keptInSummary(typeCode, length)) {
            return keptPayload();
        }
        if (length >= 0 && length < Integer.MAX_VALUE) {
            long end = pos + 4 * ((length + 2) / 3);
            if (end < to && octets[(int) end] == '"') {
                pos = (int) end + 1;
                return true;
            }
        }
        while (pos < to && octets[pos] != '"' && octets[pos] != '\n') { // base64 has no quote and no escape
            pos++;
        }
        return take('"');
    }

    /** A small control frame's payload, decoded, as {@link FrameEventJson#readSummary} keeps it. */
    private boolean keptPayload() {
        int start = pos;
        while (pos < to && octets[pos] != '"' && octets[pos] != '\n') {
            pos++;
        }
        if (!take('"')) {
            return false;
        }
        try {
            payload = java.util.Base64.getDecoder().decode(java.util.Arrays.copyOfRange(octets, start, pos - 1));
            return true;
        } catch (IllegalArgumentException e) {
            return false; // not base64: the general reader names what is wrong
        }
    }

    // ---------------------------------------------------------------- the event

    private TraceEvent built() {
        if (version < 1 || version > TraceEventJson.VERSION || conn == Long.MIN_VALUE || nanos == Long.MIN_VALUE) {
            return null;
        }
        return switch (kind) {
            case FRAME -> frame();
            case WINDOW -> stream == Long.MIN_VALUE || sideFrom < 0 || oldSize == Long.MIN_VALUE
                    || newSize == Long.MIN_VALUE || cause == null ? null
                    : new WindowChanged(conn, nanos, (int) stream, is(sideFrom, sideTo, "send") ? WindowSide.SEND
                            : WindowSide.RECEIVE, (int) oldSize, (int) newSize, cause);
            case STATE -> stream == Long.MIN_VALUE || from == null || toState == null || input == null ? null
                    : new StreamStateChanged(conn, nanos, (int) stream, from, toState, input);
            case HPACK_ADD -> table == null || name == null || value == null || size == Long.MIN_VALUE ? null
                    : new HpackEntryAdded(conn, nanos, table, name, value, (int) size);
            case HPACK_EVICT -> table == null || count == Long.MIN_VALUE ? null
                    : new HpackEntriesEvicted(conn, nanos, table, (int) count);
            case OTHER -> null;
        };
    }

    /** A frame's summary, as {@link FrameEventJson#readSummary} makes it: header, direction, fields, windows, state. */
    private FrameEvent frame() {
        if (typeCode == Long.MIN_VALUE || flags == Long.MIN_VALUE || stream == Long.MIN_VALUE
                || length == Long.MIN_VALUE || dirFrom < 0) {
            return null;
        }
        for (long w : window) {
            if (w == Long.MIN_VALUE) {
                return null;
            }
        }
        FrameHeader header = new FrameHeader((int) length, (int) typeCode, (int) flags, (int) stream, reserved);
        Frame frame = payload == null ? null : FrameEventJson.summaryFrame(header, payload);
        return new FrameEvent(conn, nanos, is(dirFrom, dirTo, "recv") ? Direction.INBOUND : Direction.OUTBOUND,
                header, frame, headers, (int) window[0], (int) window[1], (int) window[2], (int) window[3], state,
                null);
    }

    // ---------------------------------------------------------------- tokens

    private void space() {
        while (pos < to && (octets[pos] == ' ' || octets[pos] == '\t')) {
            pos++;
        }
    }

    private boolean take(char c) {
        if (pos < to && octets[pos] == c) {
            pos++;
            return true;
        }
        return false;
    }

    private boolean literal(String word) {
        if (pos + word.length() > to) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (octets[pos + i] != word.charAt(i)) {
                return false;
            }
        }
        pos += word.length();
        return true;
    }

    /** Whether octets {@code from} to {@code end} spell {@code word}. */
    private boolean is(int from, int end, String word) {
        if (end - from != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (octets[from + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A plain integer (no fraction, exponent or more than 18 digits), or Long.MIN_VALUE. */
    private long number() {
        boolean negative = take('-');
        long n = 0;
        int digits = 0;
        while (pos < to && octets[pos] >= '0' && octets[pos] <= '9') {
            n = n * 10 + (octets[pos++] - '0');
            if (++digits > 18) {
                return Long.MIN_VALUE;
            }
        }
        if (digits == 0 || pos < to && (octets[pos] == '.' || octets[pos] == 'e' || octets[pos] == 'E')) {
            return Long.MIN_VALUE;
        }
        return negative ? -n : n;
    }

    /** Steps over a string without escapes or octets above 0x7f; its closing quote's offset, or -1. */
    private int plainString() {
        if (!take('"')) {
            return -1;
        }
        while (pos < to) {
            byte b = octets[pos];
            if (b == '"') {
                return pos++;
            }
            if (b == '\\' || b < 0x20) { // negative too: not ASCII
                return -1;
            }
            pos++;
        }
        return -1;
    }

    /**
     * A string's value, or null when it is not ASCII JSON. One with escapes (an ETag's quotes: half the HEADERS of
     * a web recording) is unescaped here by {@link Json}, not left to the general reader with its whole line.
     */
    private String text() {
        int start = pos;
        int end = plainString();
        if (end >= 0) {
            return new String(octets, start + 1, end - start - 1, StandardCharsets.ISO_8859_1);
        }
        pos = start;
        return skipString() ? (String) Json.parse(new String(octets, start, pos - start, StandardCharsets.ISO_8859_1))
                : null;
    }

    /** An enum's constants with their names as the format writes them (lower case), matched without a String. */
    private static final class Names<E extends Enum<E>> {
        final E[] values;
        final String[] written;

        Names(E[] values) {
            this.values = values;
            this.written = new String[values.length];
            for (int i = 0; i < values.length; i++) {
                written[i] = values[i].name().toLowerCase(Locale.ROOT);
            }
        }
    }

    private static final Names<StreamState> STATES = new Names<>(StreamState.values());
    private static final Names<StreamInput> INPUTS = new Names<>(StreamInput.values());
    private static final Names<WindowCause> CAUSES = new Names<>(WindowCause.values());
    private static final Names<HpackContext> TABLES = new Names<>(HpackContext.values());

    /** The constant whose written name the string spells, or null. */
    private <E extends Enum<E>> E named(Names<E> names) {
        int start = pos + 1;
        int end = plainString();
        if (end < 0) {
            return null;
        }
        for (int i = 0; i < names.values.length; i++) {
            if (is(start, end, names.written[i])) {
                return names.values[i];
            }
        }
        return null;
    }

    /** Steps over a string that is not read (escapes allowed: a header value may quote); false when it is not JSON. */
    private boolean skipString() {
        if (!take('"')) {
            return false;
        }
        while (pos < to) {
            byte b = octets[pos++];
            if (b == '"') {
                return true;
            }
            if (b < 0x20) { // negative too: not ASCII, which the general reader checks as UTF-8
                return false;
            }
            if (b == '\\') {
                if (pos >= to || "\"\\/bfnrtu".indexOf(octets[pos]) < 0) {
                    return false;
                }
                if (octets[pos++] == 'u') {
                    for (int i = 0; i < 4; i++, pos++) {
                        if (pos >= to || Character.digit(octets[pos], 16) < 0) {
                            return false;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** Steps over any plain value (nested at most {@value #DEPTH} deep); false when it is not plain JSON. */
    private boolean skipValue(int depth) {
        if (depth > DEPTH || pos >= to) {
            return false;
        }
        byte c = octets[pos];
        if (c == '"') {
            return skipString();
        }
        if (c == '{' || c == '[') {
            char close = c == '{' ? '}' : ']';
            pos++;
            space();
            if (take(close)) {
                return true;
            }
            do {
                space();
                if (c == '{') {
                    if (!skipString()) {
                        return false;
                    }
                    space();
                    if (!take(':')) {
                        return false;
                    }
                    space();
                }
                if (!skipValue(depth + 1)) {
                    return false;
                }
                space();
            } while (take(','));
            return take(close);
        }
        if (c == 't') {
            return literal("true");
        }
        if (c == 'f') {
            return literal("false");
        }
        if (c == 'n') {
            return literal("null");
        }
        return number() != Long.MIN_VALUE;
    }
}
