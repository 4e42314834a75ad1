package io.h2scope.cli.get;

import io.h2scope.engine.trace.model.ConnectionTraceListener;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.io.PrintWriter;

/**
 * {@code get -v}: each frame as one line of the text trace format, windows after the frame included;
 * before them, an h2c upgrade's HTTP/1.1 request and response heads, one line each:
 * {@code conn=1 send HTTP/1.1 GET / HTTP/1.1 {Host: a:80; Connection: Upgrade, HTTP2-Settings; ...}}.
 */
final class FrameLinePrinter implements TraceSink, ConnectionTraceListener {

    private final PrintWriter err;
    private final Redaction redaction;

    /** @param redaction the values shown as {@code <redacted N bytes>} (the environment's: H2SCOPE_TRACE_REDACT, ...) */
    FrameLinePrinter(PrintWriter err, Redaction redaction) {
        this.err = err;
        this.redaction = redaction;
    }

    @Override
    public void onEvent(io.h2scope.engine.trace.model.TraceEvent traced) {
            if (!(traced instanceof FrameEvent event)) {
                return;
            }
        String line = TraceText.frameLine(event, redaction, false);
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }

    @Override
    public void http1Head(long connectionId, boolean sent, String head) {
        String[] lines = Redaction.head(head, redaction::value).split("\n");
        String fields = String.join("; ", java.util.Arrays.asList(lines).subList(1, lines.length));
        String line = "conn=" + connectionId + (sent ? " send" : " recv") + " HTTP/1.1 " + lines[0]
                + (fields.isEmpty() ? "" : " {" + fields + "}");
        synchronized (err) {
            err.println(line);
            err.flush();
        }
    }
}
