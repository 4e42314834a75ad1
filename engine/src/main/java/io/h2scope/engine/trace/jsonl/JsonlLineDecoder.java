package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One line of a JSONL trace to its {@link TraceEvent}: the step every reader shares (a whole recording, a file being
 * followed, a live attach), so that each can go on after a bad line where it wants to. Stateless and thread-safe:
 * lines may be decoded in parallel.
 */
public final class JsonlLineDecoder {

    private JsonlLineDecoder() {
    }

    /**
     * The event of line {@code number} (octets {@code from} to {@code to}, without terminator), or null for a blank
     * line or a kind this reader does not know.
     *
     * @throws TraceFormatException naming the line: not UTF-8, not a JSON object, a field missing or wrong, or a
     *                              format version newer than this reader ({@link TraceFormatException#newerVersion()})
     */
    public static TraceEvent decode(byte[] octets, int from, int to, long number) throws TraceFormatException {
        return event(parse(text(octets, from, to, number), number), number);
    }

    /**
     * Every event of line {@code number}, in order: a frame line's changes (its {@code changes}, docs/TRACE_FORMAT.md),
     * then the line's own event; nothing for a blank line or a kind this reader does not know. The single-event forms
     * ({@link #decode(byte[], int, int, long)}) give the line's own event only: a frame read again by its position.
     *
     * @throws TraceFormatException as {@link #decode(byte[], int, int, long)}; nothing is handed on then
     */
    public static void decode(byte[] octets, int from, int to, long number, Consumer<TraceEvent> each)
            throws TraceFormatException {
        events(parse(text(octets, from, to, number), number), number, each);
    }

    private static final byte[] PAYLOAD = ",\"payload\":\"".getBytes(StandardCharsets.US_ASCII);

    /**
     * Like {@link #decode(byte[], int, int, long)}, but a frame line's payload is skipped unread, and the frame comes
     * as a summary (header, direction, windows, state, decoded fields; a null frame but for small control frames,
     * {@link FrameEventJson#readSummary}): what an index of a recording needs,
     * at a fraction of the cost (payloads are most of a recording). {@link #decode} the line again for the frame.
     */
    public static TraceEvent summary(byte[] octets, int from, int to, long number) throws TraceFormatException {
        TraceEvent plain = DirectEventReader.read(octets, from, to); // most lines: straight from the octets
        return plain != null ? plain : generalSummary(octets, from, to, number);
    }

    /** {@link #summary} of every event of the line, in order, as {@link #decode(byte[], int, int, long, Consumer)}. */
    public static void summary(byte[] octets, int from, int to, long number, Consumer<TraceEvent> each)
            throws TraceFormatException {
        DirectEventReader plain = DirectEventReader.whole(octets, from, to);
        if (plain != null) {
            plain.forEach(each);
        } else {
            generalSummary(octets, from, to, number, each);
        }
    }

    /** {@link #summary} through the map of the line: every line the format allows, and the errors of the rest. */
    static TraceEvent generalSummary(byte[] octets, int from, int to, long number) throws TraceFormatException {
        TraceEvent[] last = new TraceEvent[1];
        generalSummary(octets, from, to, number, event -> last[0] = event);
        return last[0];
    }

    /** {@link #generalSummary(byte[], int, int, long)} of every event of the line. */
    static void generalSummary(byte[] octets, int from, int to, long number, Consumer<TraceEvent> each)
            throws TraceFormatException {
        int cut = payloadMember(octets, from, to);
        if (cut < 0) {
            decode(octets, from, to, number, each);
            return;
        }
        int end = payloadEnd(octets, from, cut, to);
        String rest = text(octets, from, cut, number) + text(octets, Math.min(end + 1, to), to, number);
        Map<String, Object> line = parse(rest, number);
        Object kind = line.get("kind");
        if (kind != null && !"frame".equals(kind)) {
            events(line, number, each);
            return;
        }
        if (line.get("v") instanceof Long version && version > TraceEventJson.VERSION) {
            throw TraceFormatException.newer(number, version);
        }
        if (line.get("type_code") instanceof Long type && line.get("length") instanceof Long length
                && FrameEventJson.keptInSummary(type, length) && end < to) {
            // a small control frame's payload is kept in a summary: put back what was stepped over
            line.put("payload", new String(octets, cut + PAYLOAD.length, end - cut - PAYLOAD.length, StandardCharsets.US_ASCII));
        }
        FrameEvent frame;
        try {
            frame = FrameEventJson.readSummary(line);
        } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
            throw new TraceFormatException(number, String.valueOf(e.getMessage()), e);
        }
        changes(line, number, each);
        each.accept(frame);
    }

    /**
     * Where the line that starts at {@code from} ends (its newline, or {@code limit}). A frame line's payload, most
     * of a recording's octets, is stepped over by its {@code length} rather than read, so an index of a big
     * recording touches little more than the header fields of each frame.
     */
    public static int lineEnd(byte[] octets, int from, int limit) {
        int scan = from;
        int cut = payloadMember(octets, from, limit);
        if (cut >= 0) {
            scan = payloadEnd(octets, from, cut, limit);
        }
        while (scan < limit && octets[scan] != '\n') {
            scan++;
        }
        return scan;
    }

    /** Header fields come first: a payload member further in than this is not looked for (the line is scanned). */
    private static final int PAYLOAD_WITHIN = 1024;
    private static final byte[] LENGTH = "\"length\":".getBytes(StandardCharsets.US_ASCII);

    /** Where {@code ,"payload":"} starts in the line's first octets, or -1 (not a frame line, or the line ended). */
    private static int payloadMember(byte[] octets, int from, int to) {
        int limit = Math.min(to, from + PAYLOAD_WITHIN);
        for (int i = from; i < limit; i++) {
            if (octets[i] == '\n') {
                return -1;
            }
            if (octets[i] == ',' && startsWith(octets, i, to, PAYLOAD)) {
                return i;
            }
        }
        return -1;
    }

    /** The payload's closing quote: base64 of {@code length} octets is 4 * ceil(length / 3) long; else scanned for. */
    private static int payloadEnd(byte[] octets, int from, int cut, int to) {
        int start = cut + PAYLOAD.length;
        int at = indexOf(octets, from, cut, LENGTH);
        if (at >= 0) {
            long length = 0;
            int i = at + LENGTH.length;
            while (i < cut && octets[i] >= '0' && octets[i] <= '9' && length < Integer.MAX_VALUE) {
                length = length * 10 + (octets[i++] - '0');
            }
            long end = start + 4 * ((length + 2) / 3);
            if (end < to && octets[(int) end] == '"') {
                return (int) end;
            }
        }
        int end = start;
        while (end < to && octets[end] != '"') { // base64 has no quote and no escape
            end++;
        }
        return end;
    }

    private static boolean startsWith(byte[] octets, int at, int to, byte[] wanted) {
        if (at + wanted.length > to) {
            return false;
        }
        for (int j = 0; j < wanted.length; j++) {
            if (octets[at + j] != wanted[j]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] octets, int from, int to, byte[] wanted) {
        byte first = wanted[0];
        search:
        for (int i = from; i <= to - wanted.length; i++) {
            if (octets[i] != first) {
                continue;
            }
            for (int j = 1; j < wanted.length; j++) {
                if (octets[i + j] != wanted[j]) {
                    continue search;
                }
            }
            return i;
        }
        return -1;
    }

    /** {@link #decode(byte[], int, int, long, Consumer)} for a line already read as text. */
    public static void decode(String line, long number, Consumer<TraceEvent> each) throws TraceFormatException {
        events(parse(line, number), number, each);
    }

    /** Every event of a parsed line (nothing for null), as {@link #decode(byte[], int, int, long, Consumer)}. */
    public static void events(Map<String, Object> line, long number, Consumer<TraceEvent> each)
            throws TraceFormatException {
        TraceEvent event = event(line, number);
        if (event == null) {
            return;
        }
        if (event instanceof FrameEvent) {
            changes(line, number, each);
        }
        each.accept(event);
    }

    /** A frame line's {@code changes}, each to {@code each}, checked whole before the first is handed on. */
    private static void changes(Map<String, Object> line, long number, Consumer<TraceEvent> each)
            throws TraceFormatException {
        if (!line.containsKey("changes")) {
            return;
        }
        List<TraceEvent> changes = new ArrayList<>();
        try {
            ChangesMember.read(line, changes::add);
        } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
            throw new TraceFormatException(number, String.valueOf(e.getMessage()), e);
        }
        changes.forEach(each);
    }

    /** {@link #decode(byte[], int, int, long)} for a line already read as text. */
    public static TraceEvent decode(String line, long number) throws TraceFormatException {
        return event(parse(line, number), number);
    }

    /** The line as text; trace lines are ASCII in practice, so that case is a plain copy. */
    public static String text(byte[] octets, int from, int to, long number) throws TraceFormatException {
        for (int i = from; i < to; i++) {
            if (octets[i] < 0) {
                try {
                    return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(octets, from, to - from)).toString();
                } catch (CharacterCodingException e) { // the JDK says only "Input length = 1"
                    throw new TraceFormatException(number, "not UTF-8 text", e);
                }
            }
        }
        return new String(octets, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** The line's JSON object, or null for a blank line. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> parse(String line, long number) throws TraceFormatException {
        if (line.isBlank()) {
            return null;
        }
        Object value;
        try {
            value = Json.parse(line);
        } catch (IllegalArgumentException e) {
            throw new TraceFormatException(number, "not JSON (" + e.getMessage() + ")", e);
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new TraceFormatException(number, "not a JSON object", null);
        }
        return (Map<String, Object>) map;
    }

    /** The event of a parsed line (null in, null out), or null for a kind this reader does not know. */
    public static TraceEvent event(Map<String, Object> line, long number) throws TraceFormatException {
        if (line == null) {
            return null;
        }
        if (line.get("v") instanceof Long version && version > TraceEventJson.VERSION) {
            throw TraceFormatException.newer(number, version);
        }
        try {
            return TraceEventJson.read(line);
        } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
            throw new TraceFormatException(number, String.valueOf(e.getMessage()), e);
        }
    }
}
