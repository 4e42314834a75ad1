package io.h2scope.conformance.intermediary.front;

import io.h2scope.conformance.intermediary.origin.ControlFrames;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import io.h2scope.engine.scripted.ScriptedPeer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads everything the front sends on stream 1 until the stream ends, then a moment more: frames after END_STREAM
 * are extraneous (RFC 9113 §8.1.1), and a relay that forwards them must be seen doing it.
 */
final class ResponseReader {

    /** How long the stream is still watched after it ended, for frames that must not follow. */
    static final Duration AFTER_END = Duration.ofMillis(100);
    private static final int SHOWN_DATA = 40;

    private final List<Received.Block> blocks = new ArrayList<>();
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final List<String> frames = new ArrayList<>();
    private boolean headersEnded;

    private ResponseReader() {
    }

    static Received read(ScriptedPeer peer, Duration timeout) throws IOException {
        return new ResponseReader().run(peer, timeout);
    }

    private Received run(ScriptedPeer peer, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (in == null) {
                break;
            }
            if (in instanceof Incoming.Closed c) {
                frames.add("closed (" + c.how() + ")");
                return done(Received.End.CLOSED, 0, c.how(), 0);
            }
            if (!(in instanceof Incoming.FrameIn f) || ControlFrames.acknowledge(peer, f.frame())) {
                continue;
            }
            Frame frame = f.frame();
            if (frame instanceof GoAwayFrame g) {
                String debug = new String(g.debugData(), StandardCharsets.ISO_8859_1);
                frames.add("GOAWAY " + ErrorCode.nameOf(g.errorCode()));
                return done(Received.End.GOAWAY, g.errorCode(), debug, 0);
            }
            if (frame.streamId() != 1) {
                continue;
            }
            if (take(peer, f)) {
                return done(Received.End.COMPLETE, 0, "", afterEnd(peer));
            }
            if (frame instanceof RstStreamFrame r) {
                return done(Received.End.RESET, r.errorCode(), "", 0);
            }
        }
        frames.add("nothing more within " + timeout.toMillis() + " ms");
        return done(Received.End.TIMEOUT, 0, "", 0);
    }

    /** Records one frame of stream 1; whether it ended the stream. */
    private boolean take(ScriptedPeer peer, Incoming.FrameIn f) throws IOException {
        Frame frame = f.frame();
        if (f.fields() != null) {
            boolean end = frame instanceof HeadersFrame h ? h.endStream() : headersEnded;
            blocks.add(new Received.Block(f.fields(), end));
            frames.add("HEADERS" + (end ? "+END_STREAM " : " ") + fields(f.fields()));
            return end;
        }
        if (frame instanceof HeadersFrame h) { // CONTINUATION follows: its END_STREAM holds for the whole block
            headersEnded = h.endStream();
            return false;
        }
        if (frame instanceof DataFrame d) {
            data.writeBytes(d.data());
            frames.add("DATA" + (d.endStream() ? "+END_STREAM " : " ") + d.data().length + " octets "
                    + shown(d.data()));
            if (d.data().length > 0) { // keep the front's windows open: reading is no flow-control test
                peer.send(WindowUpdateFrame.of(0, d.data().length));
            }
            return d.endStream();
        }
        if (frame instanceof RstStreamFrame r) {
            frames.add("RST_STREAM " + ErrorCode.nameOf(r.errorCode()));
        }
        return false;
    }

    /** Counts the frames the front sends on stream 1 after ending it, within {@link #AFTER_END}. */
    private int afterEnd(ScriptedPeer peer) throws IOException {
        int extraneous = 0;
        long deadline = System.nanoTime() + AFTER_END.toNanos();
        while (System.nanoTime() - deadline < 0) {
            Incoming in = peer.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (in == null || in instanceof Incoming.Closed) {
                break;
            }
            if (in instanceof Incoming.FrameIn f && !ControlFrames.acknowledge(peer, f.frame())
                    && f.frame().streamId() == 1 && !(f.frame() instanceof RstStreamFrame)) {
                String type = f.frame().getClass().getSimpleName().replace("Frame", "");
                frames.add("after END_STREAM: " + type.toUpperCase(java.util.Locale.ROOT)
                        + (f.frame() instanceof DataFrame d ? " " + shown(d.data()) : ""));
                extraneous++;
            }
        }
        return extraneous;
    }

    private Received done(Received.End end, int code, String detail, int afterEnd) {
        return new Received(blocks, data.toByteArray(), end, code, detail, afterEnd, frames);
    }

    private static String fields(List<HeaderField> fields) {
        StringBuilder out = new StringBuilder("[");
        for (HeaderField f : fields) {
            out.append(out.length() > 1 ? ", " : "").append(f.name()).append(": ").append(f.value());
        }
        return out.append(']').toString();
    }

    private static String shown(byte[] octets) {
        String text = new String(octets, 0, Math.min(octets.length, SHOWN_DATA), StandardCharsets.ISO_8859_1);
        return "\"" + text + (octets.length > SHOWN_DATA ? "…" : "") + "\"";
    }
}
