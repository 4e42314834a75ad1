package io.h2scope.engine.client;

import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HeaderList;
import io.h2scope.engine.stream.StreamState;

import java.io.IOException;
import java.net.http.HttpRequest.BodyPublisher;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One attempt of a request: one HTTP/2 stream on one {@link ClientConnection}. Everything here runs on
 * that connection's loop thread; {@link #onLoop} is the way in from other threads.
 */
final class ClientStream {

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    final ClientConnection conn;
    final RequestTask<?> task;
    /** Whether it holds one of the pool's concurrency slots (pushed streams do not). */
    final boolean reserved;
    private int id;
    private ResponseBodyPublisher body;
    private RequestBodyWriter writer;
    private boolean responseStarted;
    /** Octets of the response body received, for saying how far a response got when the connection died. */
    private long bodyOctets;
    private boolean responseEnded;
    private boolean failed;
    private boolean finished;
    /**
     * Set on the loop thread when the peer ends the response of a stream whose request side is done: the
     * stream is closing, and the core then returns what was not consumed to the connection window itself
     * (InboundFlow.closeStream), so handing the body to the subscriber needs no credit task on the loop.
     */
    private volatile boolean closing;

    ClientStream(ClientConnection conn, RequestTask<?> task, boolean reserved) {
        this.conn = conn;
        this.task = task;
        this.reserved = reserved;
    }

    int id() {
        return id;
    }

    /** Sends the request header section; the body follows from its publisher. Throws IllegalStateException when the connection takes no new stream. */
    void open() {
        Http2Connection core = conn.core();
        H2Request request = task.request;
        BodyPublisher publisher = request.body().orElse(null);
        long length = publisher == null ? -1 : publisher.contentLength();
        boolean bodyFollows = publisher != null && length != 0 || !request.trailers().isEmpty();
        id = core.openStream(request.headerSection(length), !bodyFollows);
        conn.register(this);
        task.attached(this);
        if (bodyFollows) {
            if (publisher == null) {
                endBody();
            } else {
                writer = new RequestBodyWriter(this, conn.runtime().executor(), conn.runtime().config().streamWriteBufferBytes());
                conn.runtime().executor().execute(() -> publisher.subscribe(writer));
            }
        }
    }

    /** Stream 1 of an h2c upgrade: the request went over HTTP/1.1 and the stream is half-closed (local) (RFC 7540 §3.2). */
    void adoptUpgraded() {
        id = 1;
        conn.register(this);
        task.attached(this);
    }

    /** A pushed stream, already reserved by the server's PUSH_PROMISE (RFC 9113 §8.4). */
    void adoptPushed(int promisedId) {
        id = promisedId;
        conn.register(this);
    }

    void onHeaders(Event.HeadersReceived h) {
        switch (h.kind()) {
            case INFORMATIONAL -> {
                // RFC9113 §8.1: "zero or more HEADERS frames ... containing the message headers of informational (1xx) HTTP responses"
            }
            case RESPONSE -> {
                responseStarted = true;
                int status = status(h.headers());
                List<HeaderField> regular = regularFields(h.headers());
                body = new ResponseBodyPublisher(task.delivery(),
                        n -> {
                            if (!closing) {
                                onLoop(() -> conn.core().consumed(id, n));
                            }
                        },
                        () -> onLoop(() -> abort(new IOException("the response body was closed before its end"))));
                task.onResponse(status, regular, body, id, conn.id(), conn.sslSession());
                if (h.endStream()) {
                    endResponse(List.of());
                }
            }
            case TRAILERS -> endResponse(h.headers());
            case REQUEST -> { } // a client never receives requests; the core rejects them
        }
    }

    void onData(Event.DataReceived d) {
        bodyOctets += d.data().length;
        if (d.endStream()) {
            // the core moved the stream before reporting this frame: closed if our side had ended too
            closing = conn.core().streamState(id) == StreamState.CLOSED;
            // ended before the offer: handing the data on may run queued loop work, a request body's end among it,
            // which closes the stream and must find this response complete, not cut
            responseEnded = true;
        }
        if (body == null || failed) {
            conn.core().consumed(id, d.data().length); // nobody will read it: return the window at once
        } else {
            body.offer(d.data());
        }
        if (d.endStream()) {
            endResponse(List.of());
        }
    }

    private void endResponse(List<HeaderField> trailers) {
        responseEnded = true;
        task.onEnd(trailers); // first: the task holds the trailers before the body can complete the response
        if (body != null) {
            body.complete();
        }
    }

    /** RST_STREAM, sent or received (also the core's reset of streams above a GOAWAY's last id). */
    void onReset(long code, boolean byPeer, String detail) {
        ended(byPeer && code == ErrorCode.REFUSED_STREAM.code(), () -> new StreamResetException(id, code, byPeer, detail));
    }

    /** The server's GOAWAY ({@code goAway} describes it) has a last stream id below this stream: not processed. */
    void onNotProcessed(String goAway) {
        ended(true, () -> StreamResetException.notProcessed(id, goAway));
    }

    private void ended(boolean unprocessed, java.util.function.Supplier<StreamResetException> error) {
        if (writer != null) {
            writer.cancel();
        }
        if (failed || responseEnded) {
            // RFC9113 §8.1: after a complete response a RST_STREAM NO_ERROR only stops the request body; "clients MUST NOT discard responses"
            return;
        }
        failed = true;
        if (unprocessed && !responseStarted && reserved && task.retry()) {
            return;
        }
        StreamResetException e = error.get();
        if (body != null) {
            body.fail(e);
        }
        task.fail(e);
    }

    /** Ends this attempt with {@code cause}: RST_STREAM CANCEL if the stream is still live (RFC 9113 §8.7). */
    void abort(Throwable cause) {
        if (failed || finished) {
            return;
        }
        failParts(cause);
        StreamState state = conn.core().streamState(id);
        if (state != StreamState.CLOSED && state != StreamState.IDLE) {
            // RFC9113 §8.7: "clients can cancel requests by sending RST_STREAM with an error code of CANCEL"
            conn.core().reset(id, ErrorCode.CANCEL);
        }
        conn.afterStreamEvent(id);
    }

    /** The connection is gone under this stream. */
    void connectionLost(Throwable cause) {
        if (!failed && !responseEnded) {
            // a plain IOException says what happened to the connection; this adds how far the response had got
            failParts(cause.getClass() != IOException.class ? cause : new IOException(cause.getMessage() + "; stream "
                    + id + (responseStarted ? " had its response head and " + bodyOctets + " octets of its body"
                    : " had no response head yet"), cause.getCause()));
        }
    }

    /** Stops the request body, fails the response body and the request with {@code cause}. */
    private void failParts(Throwable cause) {
        failed = true;
        if (writer != null) {
            writer.cancel();
        }
        if (body != null) {
            body.fail(cause);
        }
        task.fail(cause);
    }

    /** Called once when the core considers the stream closed. */
    void finish() {
        if (!finished) {
            finished = true;
            if (writer != null) {
                writer.cancel();
            }
            if (!responseEnded && !failed) {
                failed = true;
                task.fail(new IOException("stream " + id + " closed without a complete response"));
            }
        }
    }

    // ---------------------------------------------------------------- for the request body writer

    void onLoop(Runnable r) {
        conn.onLoop(r);
    }

    boolean isOpen() {
        return !failed && !finished;
    }

    long queuedBytes() {
        return conn.core().queuedDataBytes(id);
    }

    void watchWrites(RequestBodyWriter w) {
        conn.watchWrites(w);
    }

    /** Sends body bytes; false if the stream can take no more. */
    boolean sendBody(ByteBuffer data, boolean end) {
        if (!isOpen() || !sendable()) {
            return false;
        }
        conn.core().sendData(id, data, end);
        return true;
    }

    /** The request body is complete: trailers (RFC 9113 §8.1) or an empty DATA with END_STREAM. */
    void endBody() {
        if (!isOpen() || !sendable()) {
            return;
        }
        List<HeaderField> trailers = task.request.trailers();
        if (trailers.isEmpty()) {
            conn.core().sendData(id, EMPTY, true);
        } else {
            conn.core().sendHeaders(id, trailers, true);
        }
        conn.afterStreamEvent(id); // a response that ended before this body did: the stream closes with it
    }

    private boolean sendable() {
        StreamState s = conn.core().streamState(id);
        return s == StreamState.OPEN || s == StreamState.HALF_CLOSED_REMOTE;
    }

    /** The fields without the pseudo-header fields, as an immutable list (H2Response keeps it without a copy). */
    private static List<HeaderField> regularFields(List<HeaderField> headers) {
        int pseudo = 0;
        while (pseudo < headers.size() && headers.get(pseudo).name().startsWith(":")) {
            pseudo++; // RFC9113 §8.3: pseudo-header fields come first, so the regular ones are the tail
        }
        return HeaderList.copyOf(headers.subList(pseudo, headers.size())); // a view when headers is a HeaderList
    }

    private static int status(List<HeaderField> headers) {
        for (HeaderField f : headers) {
            if (f.name().equals(":status")) {
                return Integer.parseInt(f.value()); // the core validated it (RFC 9113 §8.3.2)
            }
        }
        throw new IllegalStateException("response without :status");
    }
}
