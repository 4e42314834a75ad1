package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceEvent;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

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
