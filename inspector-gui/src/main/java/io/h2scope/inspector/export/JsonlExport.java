package io.h2scope.inspector.export;

import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.inspector.model.Recording;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Saves a recording as a JSONL trace (docs/TRACE_FORMAT.md, the engine's {@link TraceEventJson}): every event up to
 * the count read when saving starts, in recording order, so the file opens again as the same events.
 */
public final class JsonlExport {

    private JsonlExport() {
    }

    /** Writes {@code path} (replacing it) and returns how many events went in. */
    public static int save(Recording recording, Path path) throws IOException {
        int count = recording.eventCount();
        try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.US_ASCII)) {
            for (int i = 0; i < count; i++) {
                out.write(TraceEventJson.write(recording.event(i)));
                out.write('\n');
            }
        }
        return count;
    }
}
