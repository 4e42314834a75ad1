package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A sink that appends every trace event to a JSONL file ({@link TraceEventJson}, docs/TRACE_FORMAT.md),
 * capped and rolled by {@link RollingFile}. Many connections may share one writer: each line is built on
 * the caller's thread and appended whole. A write error is reported once and recording stops; the
 * connections go on.
 */
public final class JsonlTraceWriter implements TraceSink, AutoCloseable {

    private final RollingFile file;
    private final PrintStream errors;
    private final AtomicBoolean failed = new AtomicBoolean();

    /**
     * @param errors where a write failure is reported (once)
     * @throws IOException if the file cannot be opened
     */
    public JsonlTraceWriter(Path path, long maxBytes, PrintStream errors) throws IOException {
        this.file = new RollingFile(path, maxBytes);
        this.errors = errors;
    }

    @Override
    public boolean enabled() {
        return !failed.get();
    }

    @Override
    public void onEvent(TraceEvent event) {
        append(TraceEventJson.write(event));
    }

    private void append(String json) {
        if (failed.get()) {
            return;
        }
        byte[] line = (json + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            file.append(line);
        } catch (IOException e) {
            if (failed.compareAndSet(false, true)) {
                errors.println("h2scope: the trace file stopped recording: " + e);
            }
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
