package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceEvent;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a JSONL trace (version 1 or 2) back into the {@link TraceEvent}s that were written. Lines of kinds
 * this reader does not know (a later writer may add some) and blank lines are skipped; a line that is not
 * UTF-8, not valid JSON or lacks a field is a {@link TraceFormatException} naming its line number. A last
 * line cut short (the writer was killed mid-write: it starts like an object but does not end) is skipped too.
 */
public final class JsonlTraceReader {

    private JsonlTraceReader() {
    }

    public static List<TraceEvent> read(Path path) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path))) {
            return read(new Utf8Lines(in));
        } catch (TraceFormatException e) {
            throw e.in(path);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    public static List<TraceEvent> read(BufferedReader reader) throws IOException {
        return read(reader::readLine);
    }

    /** The next line without its terminator, or null at the end. */
    private interface Lines {
        String next() throws IOException;
    }

    @SuppressWarnings("unchecked")
    private static List<TraceEvent> read(Lines lines) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        int number = 1;
        String line = nextLine(lines, number);
        while (line != null) {
            String next = nextLine(lines, number + 1);
            if (!line.isBlank()) {
                Object value;
                try {
                    value = Json.parse(line);
                } catch (IllegalArgumentException e) {
                    if (next == null && line.startsWith("{")) {
                        break; // the writer stopped mid-line
                    }
                    throw new TraceFormatException(number, "not JSON (" + e.getMessage() + ")", e);
                }
                if (!(value instanceof Map<?, ?> map)) {
                    throw new TraceFormatException(number, "not a JSON object", null);
                }
                TraceEvent event;
                try {
                    event = TraceEventJson.read((Map<String, Object>) map);
                } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
                    throw new TraceFormatException(number, e.getMessage(), e);
                }
                if (event != null) {
                    events.add(event);
                }
            }
            line = next;
            number++;
        }
        return events;
    }

    private static String nextLine(Lines lines, int number) throws IOException {
        try {
            return lines.next();
        } catch (CharacterCodingException e) { // the JDK says only "Input length = 1"
            throw new TraceFormatException(number, "not UTF-8 text", e);
        }
    }

    /**
     * Lines of a byte stream, each decoded on its own, so that bytes that are not UTF-8 are reported
     * on their own line (a decoding reader fails a whole buffer ahead of the line being read).
     */
    private static final class Utf8Lines implements Lines {
        private final InputStream in;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

        Utf8Lines(InputStream in) {
            this.in = in;
        }

        @Override
        public String next() throws IOException {
            line.reset();
            int b;
            while ((b = in.read()) != -1 && b != '\n') {
                line.write(b);
            }
            if (b == -1 && line.size() == 0) {
                return null;
            }
            byte[] bytes = line.toByteArray();
            int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
            return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        }
    }
}
