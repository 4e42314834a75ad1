package io.h2scope.inspector.export;

import io.h2scope.engine.trace.jsonl.PrivateFiles;
import io.h2scope.engine.trace.jsonl.LineOctets;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.inspector.model.ConnectionHistory;
import io.h2scope.inspector.model.Recording;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Saves a recording as a JSONL trace (docs/TRACE_FORMAT.md, the engine's {@link TraceEventJson}): every event of the
 * {@link ExportScope}'s connections up to the count read when saving starts, in recording order, so the file opens
 * again as the same events. Connections of
 * different sources that share an id (two recordings both have connection 1) get ids of their own in the file, else
 * they would read back as one connection; every other connection keeps its id.
 */
public final class JsonlExport {

    private JsonlExport() {
    }

    /** Writes {@code path} (replacing it) with everything recorded and returns how many events went in. */
    public static int save(Recording recording, Path path) throws IOException {
        return save(recording, ExportScope.everything(recording), path);
    }

    /** Writes {@code path} (replacing it) with every event of the scope's connections; returns how many went in. */
    public static int save(Recording recording, ExportScope scope, Path path) throws IOException {
        int count = scope.eventCount();
        int saved = 0;
        LineOctets line = LineOctets.reused(1024);
        try (OutputStream out = new BufferedOutputStream(PrivateFiles.replace(path), 1 << 16)) {
            for (int i = 0; i < count; i++) {
                ConnectionHistory connection = recording.connectionOf(i);
                if (!scope.hasConnection(connection.ordinal())) {
                    continue; // not read: a recording from a file reads each event again
                }
                saved++;
                TraceEventJson.write(recording.event(i), line.clear());
                long id = connection.number(); // unique in the window, as the views show it
                if (id == connection.key().connectionId()) {
                    out.write(line.octets(), 0, line.length());
                } else {
                    out.write(withConnection(line.text(), connection.key().connectionId(), id)
                            .getBytes(StandardCharsets.US_ASCII));
                }
                out.write('\n');
            }
        }
        return saved;
    }

    /** Every line of the format begins {"v":..,"kind":"..","conn":ID: the one place the id is said. */
    private static String withConnection(String line, long from, long to) {
        String was = ",\"conn\":" + from + ",";
        int at = line.indexOf(was);
        if (at < 0) {
            throw new IllegalStateException("a trace line without \"conn\": " + line);
        }
        return line.substring(0, at) + ",\"conn\":" + to + "," + line.substring(at + was.length());
    }
}
