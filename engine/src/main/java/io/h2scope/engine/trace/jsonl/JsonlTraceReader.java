package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.FrameEvent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a JSONL trace back into the {@link FrameEvent}s that were written. Lines of other kinds
 * ({@code "violation"}, and kinds a later writer may add) and blank lines are skipped; a line that is not
 * valid JSON or lacks a field is an error naming its line number. A last line cut short (the writer was
 * killed mid-write) is skipped too.
 */
public final class JsonlTraceReader {

    private JsonlTraceReader() {
    }

    public static List<FrameEvent> read(Path path) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(reader);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @SuppressWarnings("unchecked")
    public static List<FrameEvent> read(BufferedReader reader) throws IOException {
        List<FrameEvent> events = new ArrayList<>();
        String line = reader.readLine();
        int number = 0;
        while (line != null) {
            number++;
            String next = reader.readLine();
            if (!line.isBlank()) {
                Object value;
                try {
                    value = Json.parse(line);
                } catch (IllegalArgumentException e) {
                    if (next == null) {
                        break; // the writer stopped mid-line
                    }
                    throw new IllegalArgumentException("line " + number + ": " + e.getMessage(), e);
                }
                if (!(value instanceof Map<?, ?> map)) {
                    throw new IllegalArgumentException("line " + number + ": not a JSON object");
                }
                Object kind = map.get("kind");
                if (kind == null || "frame".equals(kind)) {
                    try {
                        events.add(FrameEventJson.read((Map<String, Object>) map));
                    } catch (IllegalArgumentException | ClassCastException e) {
                        throw new IllegalArgumentException("line " + number + ": " + e.getMessage(), e);
                    }
                }
            }
            line = next;
        }
        return events;
    }
}
