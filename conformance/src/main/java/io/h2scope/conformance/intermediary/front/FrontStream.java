package io.h2scope.conformance.intermediary.front;

import io.h2scope.conformance.intermediary.origin.WindowedPeer;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.RstStreamFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.scripted.Incoming;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One request on stream 1 of a connection of its own to the front, driven step by step (headers, DATA within the
 * windows, trailers, a reset) while the response is gathered as it comes: interim statuses, the final head, the
 * body, the trailers, and how the stream ended. For the end-to-end cases, where the order of the two sides' steps is
 * the point.
 */
public final class FrontStream implements AutoCloseable {

    private static final int STREAM = 1;

    /** How the front ended the stream, as far as the client saw. */
    public enum End {
        /** END_STREAM: the response handed over as complete. */
        COMPLETE,
        /** RST_STREAM on the stream. */
        RESET,
        /** The connection ended (a GOAWAY and a close, or a close). */
        CLOSED,
        /** Not yet, or nothing within the wait. */
        OPEN
    }

    private final WindowedPeer peer;
    private final Duration timeout;
    private final List<Integer> interim = new ArrayList<>();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private List<HeaderField> head;
    private List<HeaderField> trailers = List.of();
    private End end = End.OPEN;
    private String detail = "";
    private String goAway = "";
    /** The error code of the front's RST_STREAM, when {@link #end} is {@link End#RESET}. */
    private long resetCode;

    private FrontStream(WindowedPeer peer, Duration timeout) {
        this.peer = peer;
        this.timeout = timeout;
    }

    /** Opens a connection to the front and sends {@code fields} on stream 1, with END_STREAM when {@code endStream}. */
    public static FrontStream open(FrontClient front, List<HeaderField> fields, boolean endStream) throws IOException {
        WindowedPeer peer = new WindowedPeer(front.connect());
        peer.open(STREAM);
        peer.peer().send(HeadersFrame.of(STREAM, peer.peer().encode(fields), endStream, true));
        return new FrontStream(peer, front.timeout());
    }

    /** Sends {@code octets} as DATA within the front's windows; false when the front ended the stream meanwhile. */
    public boolean send(byte[] octets, boolean endStream) throws IOException {
        Incoming stopped = peer.sendData(STREAM, octets, 0, octets.length, endStream, timeout);
        if (stopped != null) {
            take(stopped);
        }
        return stopped == null;
    }

    public void trailers(List<HeaderField> fields) throws IOException {
        peer.peer().send(HeadersFrame.of(STREAM, peer.peer().encode(fields), true, true));
    }

    /** Cancels the request: RST_STREAM CANCEL, as a client that gives up does. */
    public void cancel() throws IOException {
        peer.peer().send(RstStreamFrame.of(STREAM, ErrorCode.CANCEL));
    }

    /** From now on the client gives no window back: it reads as slowly as can be, its windows shut once filled. */
    public void withholdWindow() {
        peer.withhold();
    }

    /** Reads until a head arrives (interim or final) or the stream ends, at most {@code wait}; whether a head came. */
    public boolean awaitHead(Duration wait) throws IOException {
        return readUntil(() -> head != null || !interim.isEmpty(), wait);
    }

    /** Reads until the final head and at least {@code octets} of body have come, or the stream ends. */
    public boolean awaitBody(int octets) throws IOException {
        return readUntil(() -> head != null && body.size() >= octets, timeout);
    }

    /** Reads until the stream ends, at most the client's timeout. */
    public FrontStream awaitEnd() throws IOException {
        readUntil(() -> false, timeout);
        return this;
    }

    private boolean readUntil(java.util.function.BooleanSupplier done, Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!done.getAsBoolean() && end == End.OPEN) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            Incoming in = peer.next(Duration.ofNanos(left));
            if (in == null) {
                return false;
            }
            take(in);
        }
        return done.getAsBoolean();
    }

    private void take(Incoming in) {
        if (in instanceof Incoming.Closed c) {
            end = End.CLOSED;
            detail = c.how() + (goAway.isEmpty() ? "" : " after " + goAway);
            return;
        }
        if (!(in instanceof Incoming.FrameIn f)) {
            return;
        }
        Frame frame = f.frame();
        if (frame instanceof HeadersFrame h && h.streamId() == STREAM && f.fields() != null) {
            int status = FrontClient.status(f.fields());
            if (head == null && status >= 100 && status < 200) {
                interim.add(status);
            } else if (head == null) {
                head = f.fields();
            } else {
                trailers = f.fields();
            }
            if (h.endStream()) {
                end = End.COMPLETE;
            }
        } else if (frame instanceof DataFrame d && d.streamId() == STREAM) {
            body.writeBytes(d.data());
            if (d.endStream()) {
                end = End.COMPLETE;
            }
        } else if (frame instanceof RstStreamFrame r && r.streamId() == STREAM) {
            end = End.RESET;
            resetCode = r.errorCode();
            detail = "RST_STREAM " + ErrorCode.nameOf(r.errorCode());
        } else if (frame instanceof GoAwayFrame g) {
            goAway = "GOAWAY " + ErrorCode.nameOf(g.errorCode()) + " (last stream " + g.lastStreamId() + ")";
            if (g.lastStreamId() < STREAM) {
                end = End.CLOSED;
                detail = goAway;
            }
        }
    }

    public List<Integer> interim() {
        return List.copyOf(interim);
    }

    /** The final status, or 0 before (or without) one. */
    public int status() {
        return head == null ? 0 : FrontClient.status(head);
    }

    public byte[] body() {
        return body.toByteArray();
    }

    public List<HeaderField> trailers() {
        return trailers;
    }

    public End end() {
        return end;
    }

    /**
     * Whether the front reset the stream with REFUSED_STREAM before any response (RFC 9113 §8.7: not processed, safe
     * to retry), counting what has already arrived without waiting for more.
     */
    public boolean refusedUnprocessed() throws IOException {
        for (Incoming in = peer.next(Duration.ZERO); in != null && end == End.OPEN; in = peer.next(Duration.ZERO)) {
            take(in); // a wait of zero takes only what is there
        }
        return end == End.RESET && resetCode == ErrorCode.REFUSED_STREAM.code() && head == null && interim.isEmpty()
                && body.size() == 0;
    }

    /** The stream's end in words, with what came: for verdicts. */
    public String seen() {
        String how = switch (end) {
            case COMPLETE -> "END_STREAM";
            case RESET, CLOSED -> detail;
            case OPEN -> "no end within " + timeout.toMillis() + " ms";
        };
        return (interim.isEmpty() ? "" : "interim " + interim + ", ") + (head == null ? "no final head"
                : "status " + status()) + ", " + body.size() + " body octets"
                + (trailers.isEmpty() ? "" : ", trailers " + fields(trailers)) + ", then " + how
                + (goAway.isEmpty() || end == End.CLOSED ? "" : " (" + goAway + " on the way)");
    }

    private static String fields(List<HeaderField> fields) {
        StringBuilder out = new StringBuilder();
        for (HeaderField f : fields) {
            out.append(out.length() == 0 ? "" : ", ").append(f.name()).append(": ").append(f.value());
        }
        return out.toString();
    }

    /** The body as text, for a short one. */
    public String text() {
        return new String(body(), StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        peer.peer().close();
    }
}
