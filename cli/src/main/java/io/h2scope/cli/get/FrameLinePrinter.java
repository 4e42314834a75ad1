package io.h2scope.cli.get;

import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.io.PrintWriter;
import java.util.Arrays;

/**
 * {@code get -v}: each frame as one line of the text trace format, windows after the frame included;
 * before them, an h2c upgrade's HTTP/1.1 request and response heads, one line each:
 * {@code conn=1 send HTTP/1.1 GET / HTTP/1.1 {Host: a:80; Connection: Upgrade, HTTP2-Settings; ...}}.
 */
final class FrameLinePrinter implements TraceSink {

    private final PrintWriter err;
    private final Redaction redaction;

    /** @param redaction the values shown as {@code <redacted N bytes>} (the environment's: H2SCOPE_TRACE_REDACT, ...) */
    FrameLinePrinter(PrintWriter err, Redaction redaction) {
        this.err = err;
        this.redaction = redaction;
    }

    @Override
    public void onEvent(TraceEvent traced) {
        if (traced instanceof FrameEvent event) {
            print(TraceText.frameLine(event, redaction, false));
        } else if (traced instanceof Http1Head h) {
            String[] lines = Redaction.head(h.head(), redaction::value).split("\n");
            String fields = String.join("; ", Arrays.asList(lines).subList(1, lines.length));
            print("conn=" + h.connectionId() + (h.sent() ? " send" : " recv") + " HTTP/1.1 " + lines[0]
                    + (fields.isEmpty() ? "" : " {" + fields + "}"));
        }
    }

    private void print(String line) {
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }
}
