package io.h2scope.engine.trace.config;

import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;

/**
 * The recording {@code H2SCOPE_TRACE_FILE} asks for, opened for the trace factory and for the live trace (which may
 * later stop it and start another).
 */
public final class TraceFileRecording {

    private TraceFileRecording() {
    }

    /** The recording of {@code H2SCOPE_TRACE_FILE}, if asked for; one that cannot be opened is reported and left out. */
    public static Optional<JsonlTraceWriter> open(TraceConfig config, PrintStream errors) {
        if (config.traceFile().isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new JsonlTraceWriter(config.traceFile().get(), config.traceMaxBytes(), errors));
        } catch (IOException | RuntimeException e) {
            errors.println("h2scope: ignoring " + TraceConfig.TRACE_FILE + "=\"" + config.traceFile().get()
                    + "\": the file cannot be opened (" + FileFailure.reason(e) + "); accepted: a writable file path");
            return Optional.empty();
        }
    }
}
