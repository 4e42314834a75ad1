package io.h2scope.cli.trace;

import java.io.IOException;
import java.nio.file.Path;

/** The one error of {@code trace print} and {@code trace explain} for a recording without a single event. */
final class EmptyRecording {

    private EmptyRecording() {
    }

    static IOException of(Path file) {
        return new IOException(file + " holds no trace event (it is empty): give a file recorded with "
                + "H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)");
    }
}
