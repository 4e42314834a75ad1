package io.h2scope.cli.proxy;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.io.PrintWriter;

/**
 * {@code proxy -v}: each leg's open and close, every frame and every rule broken, one line each in the text trace
 * format (windows, states and tables stay in the recording).
 */
final class TextLines implements TraceSink {

    private final PrintWriter out;
    private final Redaction redaction;

    /** @param redaction the values shown as {@code <redacted N bytes>} */
    TextLines(PrintWriter out, Redaction redaction) {
        this.out = out;
        this.redaction = redaction;
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof FrameEvent || event instanceof ConnectionOpened || event instanceof ConnectionClosed
                || event instanceof ViolationReceived || event instanceof ErrorRaised) {
            String line = TraceText.line(event, redaction, false);
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        }
    }
}
