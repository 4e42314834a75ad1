package io.h2scope.cli.trace;

import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.RollingFile;
import io.h2scope.engine.trace.model.TraceEvent;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A recording as {@code trace print} and {@code trace explain} read it: FILE.1 (what a roll moved there) first when it
 * is there, then FILE. A last line the writer cut short (killed mid-write) is left out, and said on standard error.
 */
final class RecordingFiles {

    private RecordingFiles() {
    }

    static void read(Path file, Consumer<TraceEvent> each, CommandSpec spec) throws IOException {
        Path previous = RollingFile.previousOf(file);
        if (Files.isRegularFile(previous)) {
            readOne(previous, each, spec);
        }
        readOne(file, each, spec);
    }

    private static void readOne(Path file, Consumer<TraceEvent> each, CommandSpec spec) throws IOException {
        long cut = JsonlTraceReader.read(file, each);
        if (cut > 0) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(spec.qualifiedName() + ": note: line " + cut + " of " + file + " is cut short (the writer "
                    + "stopped mid-line): left out");
            err.flush();
        }
    }
}
