package io.h2scope.engine.console;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.text.FrameWords;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the console prints as the observer decodes it: the connection's opening (addresses, TLS), each frame both ways as the trace's frame line (DATA shown),
 * an h2c upgrade's HTTP/1.1 heads and every rule either side broke as the trace words them, and under a GOAWAY or
 * RST_STREAM the peer sent, what its error code means (RFC 9113 §7).
 */
final class ConsolePrinter implements TraceSink {

    private final Consumer<String> out;
    private final Redaction redaction;
    /** True while the console's own octets go through the observer: a rule broken then is ours, not the peer's. */
    private boolean sending;
    /** Rules our last octets broke, said after their frame line. */
    private final List<String> notes = new ArrayList<>();

    ConsolePrinter(Consumer<String> out, Redaction redaction) {
        this.out = out;
        this.redaction = redaction;
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof FrameEvent frame) {
            out.accept(TraceText.frameLine(frame, redaction, true));
            if (frame.direction() == Direction.INBOUND) {
                explain(frame);
            } else {
                sayNotes();
            }
        } else if (sending && event instanceof ViolationReceived v) {
            notes.add("  what was sent breaks " + v.violation() + " (rule " + v.ruleId() + ")");
        } else if (event instanceof ConnectionOpened || event instanceof Http1Head || event instanceof ViolationReceived
                || event instanceof ErrorRaised) {
            out.accept(TraceText.line(event, redaction, true));
        }
    }

    /** The console's own octets go through the observer from now until {@link #sent()}. */
    void sending() {
        sending = true;
    }

    /** The console's octets went through; the rules they broke that no frame line preceded are said now. */
    void sent() {
        sending = false;
        sayNotes();
    }

    private void sayNotes() {
        notes.forEach(out);
        notes.clear();
    }

    private void explain(FrameEvent frame) {
        if (frame.frame() instanceof GoAwayFrame g) {
            out.accept("  the peer ends the connection: " + FrameWords.goAway(g) + "; " + meaning(g.errorCode()));
        } else if (frame.frame() instanceof RstStreamFrame r) {
            out.accept("  the peer resets stream " + r.streamId() + ": " + FrameWords.rstStream(r) + "; "
                    + meaning(r.errorCode()));
        }
    }

    /** {@code PROTOCOL_ERROR (0x1): The endpoint detected ... (RFC 9113 §7)}. */
    static String meaning(int code) {
        return ErrorCode.nameOf(code) + " (0x" + Integer.toHexString(code) + "): " + ErrorCode.meaningOf(code)
                + " (" + ErrorCode.SECTION + ")";
    }
}
