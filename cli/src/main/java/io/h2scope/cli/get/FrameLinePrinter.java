package io.h2scope.cli.get;

import io.h2scope.engine.trace.FrameEvent;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.text.TraceText;

import java.io.PrintWriter;

/** {@code get -v}: each frame as one line of the text trace format, windows after the frame included. */
final class FrameLinePrinter implements TraceSink {

    private final PrintWriter err;

    FrameLinePrinter(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void onFrame(FrameEvent event) {
        String line = TraceText.frameLine(event, false);
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }
}
