package io.h2scope.engine.server;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.http.RequestHead;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The {@link ServerExchange} of one stream. Response operations are carried to the loop thread
 * ({@link ServerConnection#onLoop}); the fields below are confined to it, except the request head and
 * the stream id, which are fixed before the application sees the exchange (a pushed exchange gets
 * its id on the loop before any operation queued after the push runs).
 */
final class StreamExchange implements ServerExchange {

    private static final System.Logger LOG = System.getLogger("h2scope.server");
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
    /**
     * The {@code :status} field of each code 100..599, made when first sent and shared by every response
     * after (no String and HeaderField per response). Filled without a lock: HeaderField is an immutable
     * record (final fields, safely published), so a race costs at most one duplicate.
     */
    private static final HeaderField[] STATUS_FIELDS = new HeaderField[600];

    private final ServerConnection conn;
    private final RequestHead head;
    final SerialExecutor serial;
    private volatile int streamId;

    // ---- loop-confined state
    boolean requestEnded;
    boolean responseHeadersSent;
    boolean responseEnded;
    boolean closed;
    boolean dead;
    /** The rest of the request body is thrown away: its credit goes back to the connection only ({@link #dropRestOfBody}). */
    private boolean dropBody;
    /**
     * readBody refused the body (budget or size): once the handler has answered, the client is told to stop at once.
     * A body merely left unread is stopped only when the client has spent the stream window on it: a client that
     * sends a short body after an early answer finishes its request as usual.
     */
    private boolean refusedBody;
    long lastInboundAt;
    private BodyReceiver receiver;
    /** Request body chunks (byte[]), then a List of trailers, until a receiver takes them; made on first use. */
    private ArrayDeque<Object> buffered;
    /** What {@code readBody} holds of the body budgets; set by the application thread, closed from the loop. */
    private volatile MemoryBudget bodyBudget;
    private Throwable error;
    /** Writes waiting for the stream's queue to shrink; made on first use (most responses never wait). */
    private ArrayDeque<CompletableFuture<Void>> waitingWrites;

    StreamExchange(ServerConnection conn, int streamId, RequestHead head, long now) {
        this.conn = conn;
        this.streamId = streamId;
        this.head = head;
        this.serial = new SerialExecutor(conn.executor());
        this.lastInboundAt = now;
    }

    // ---------------------------------------------------------------- request side (loop thread)

    void onData(byte[] data, boolean end) {
        lastInboundAt = conn.now();
        if (data.length > 0) {
            if (dropBody) {
                conn.connection().discard(streamId, data.length);
            } else if (receiver == null) {
                buffered().add(data);
            } else {
                deliver(data);
            }
        }
        if (end) {
            endRequest(null);
        }
    }

    void endRequest(List<HeaderField> trailers) {
        requestEnded = true;
        if (trailers != null) {
            buffered().add(trailers);
        }
        if (receiver != null) {
            flushBuffered();
        }
        conn.maybeForget(this);
    }

    /** The stream is over without a complete exchange: reset, timed out, or the connection closed. */
    void fail(Throwable cause) {
        releaseBodyBudget();
        if (closed) {
            return;
        }
        closed = true;
        if (!requestEnded) {
            error = cause;
            if (receiver != null) {
                BodyReceiver r = receiver;
                serial.execute(() -> r.onError(cause));
            }
        }
        CompletableFuture<Void> f;
        while (waitingWrites != null && (f = waitingWrites.poll()) != null) {
            f.completeExceptionally(cause);
        }
    }

    private void deliver(byte[] data) {
        BodyReceiver r = receiver;
        int id = streamId;
        serial.execute(() -> {
            try {
                r.onData(ByteBuffer.wrap(data));
            } finally {
                conn.run(() -> credit(id, data.length)); // credit back as the app consumes
            }
        });
    }

    /** Octets the application is done with (loop thread): given back, or only to the connection when the body is dropped. */
    private void credit(int id, int length) {
        if (dropBody) {
            conn.connection().discard(id, length);
        } else {
            conn.connection().consumed(id, length);
        }
    }

    /**
     * The rest of the request body will not be read (loop thread): what is buffered and what still arrives is
     * thrown away, its credit given back to the connection only, so the client's stream window closes on it; once the
     * response has ended the client is told to stop with RST_STREAM NO_ERROR (RFC 9113 §8.1).
     */
    private void dropRestOfBody() {
        dropBody = true;
        if (!refusedBody) {
            conn.connection().stopRequestBodyWhenWindowSpent(streamId);
        }
        Object item;
        while (buffered != null && (item = buffered.poll()) != null) {
            if (item instanceof byte[] chunk) {
                conn.connection().discard(streamId, chunk.length);
            }
        }
        if (refusedBody && responseEnded && !requestEnded && !closed) {
            conn.connection().stopRequestBody(streamId);
        }
    }

    @SuppressWarnings("unchecked")
    private void flushBuffered() {
        Object item;
        while (buffered != null && (item = buffered.poll()) != null) {
            if (item instanceof byte[] chunk) {
                deliver(chunk);
            } else {
                List<HeaderField> trailers = (List<HeaderField>) item;
                BodyReceiver r = receiver;
                serial.execute(() -> r.onTrailers(trailers));
            }
        }
        if (requestEnded) {
            BodyReceiver r = receiver;
            serial.execute(r::onEnd);
        } else if (error != null) {
            BodyReceiver r = receiver;
            Throwable e = error;
            serial.execute(() -> r.onError(e));
        }
    }

    // ---------------------------------------------------------------- ServerExchange

    @Override
    public int streamId() {
        return streamId;
    }

    @Override
    public RequestHead request() {
        return head;
    }

    @Override
    public String remote() {
        return conn.remote();
    }

    @Override
    public boolean isTls() {
        return conn.isTls();
    }

    @Override
    public void onBody(BodyReceiver r) {
        java.util.Objects.requireNonNull(r, "receiver");
        conn.run(() -> {
            if (receiver != null) {
                throw new IllegalStateException("the body of stream " + streamId + " already has a receiver");
            }
            receiver = r;
            if (requestEnded || error != null || buffered != null && !buffered.isEmpty()) {
                flushBuffered();
            }
        });
    }

    /** The stream is over: what its buffered body held goes back to the connection's and server's budgets. */
    void releaseBodyBudget() {
        MemoryBudget b = bodyBudget;
        if (b != null) {
            b.close();
        }
    }

    @Override
    public CompletionStage<byte[]> readBody(long maxBytes) {
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        MemoryBudget budget = conn.streamBodyBudget(maxBytes);
        bodyBudget = budget;
        onBody(new BodyReceiver() {
            private java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();

            @Override
            public void onData(ByteBuffer chunk) {
                if (result.isDone()) {
                    return;
                }
                if (out.size() + (long) chunk.remaining() > maxBytes) {
                    refuse("request body over " + maxBytes + " bytes");
                    return;
                }
                MemoryBudget full = budget.tryReserve(chunk.remaining());
                if (full != null) {
                    refuse("request body refused: the " + full.describe() + " budget of buffered bodies is spent");
                    return;
                }
                out.write(chunk.array(), chunk.arrayOffset() + chunk.position(), chunk.remaining());
            }

            /**
             * The read fails; the rest of the body is dropped. The handler answers (a 413, say) and the client is then
             * told to stop sending with RST_STREAM NO_ERROR; never REFUSED_STREAM, which would tell it that nothing was
             * processed and invite it to send the whole body again (RFC 9113 §8.7).
             */
            private void refuse(String why) {
                out = null;
                budget.close();
                refusedBody = true;
                result.completeExceptionally(new StreamClosedException(streamId, -1, why));
                conn.run(StreamExchange.this::dropRestOfBody);
            }

            @Override
            public void onEnd() {
                if (!result.isDone()) {
                    result.complete(out.toByteArray());
                }
            }

            @Override
            public void onError(Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    @Override
    public void informational(int status, List<HeaderField> headers) {
        if (status < 100 || status > 199 || status == 101) {
            // RFC9113 §8.6: "HTTP/2 does not support the 101 (Switching Protocols) informational status code"
            throw new IllegalArgumentException("an informational status is 1xx other than 101, got " + status);
        }
        op("1xx", () -> conn.connection().sendHeaders(streamId, statusBlock(status, headers), false));
    }

    @Override
    public void respond(int status, List<HeaderField> headers) {
        requireFinal(status);
        op("respond", () -> {
            requireNoFinalYet();
            responseHeadersSent = true;
            conn.connection().sendHeaders(streamId, statusBlock(status, headers), false);
        });
    }

    @Override
    public void respond(int status, List<HeaderField> headers, ByteBuffer body) {
        requireFinal(status);
        op("respond", () -> {
            requireNoFinalYet();
            responseHeadersSent = true;
            boolean empty = !body.hasRemaining();
            conn.connection().sendHeaders(streamId, statusBlock(status, headers), empty);
            if (!empty) {
                conn.connection().sendData(streamId, body, true);
            }
            responseEnded();
        });
    }

    @Override
    public CompletionStage<Void> write(ByteBuffer data) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        conn.run(() -> {
            try {
                if (closed || dead || responseEnded) {
                    throw new StreamClosedException(streamId, -1, "stream " + streamId + " is "
                            + (responseEnded ? "ended" : "closed"));
                }
                if (!responseHeadersSent) {
                    throw new IllegalStateException("write before respond on stream " + streamId);
                }
                conn.connection().sendData(streamId, data, false);
                waitingWrites().add(done);
                conn.watchWrites(this);
            } catch (Exception e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    /**
     * Completes the writes waiting for the queue to shrink (loop thread), on the application executor so
     * their continuations never run on the loop; true when none is left.
     */
    boolean releaseWrites(long queuedNow, long limit) {
        if (queuedNow <= limit) {
            CompletableFuture<Void> f;
            while (waitingWrites != null && (f = waitingWrites.poll()) != null) {
                CompletableFuture<Void> done = f;
                serial.execute(() -> done.complete(null));
            }
        }
        return waitingWrites == null || waitingWrites.isEmpty();
    }

    @Override
    public void trailers(List<HeaderField> trailers) {
        op("trailers", () -> {
            if (!responseHeadersSent) {
                throw new IllegalStateException("trailers before the response on stream " + streamId);
            }
            conn.connection().sendHeaders(streamId, trailers, true);
            responseEnded();
        });
    }

    @Override
    public void end() {
        op("end", () -> {
            if (responseEnded) {
                return;
            }
            if (!responseHeadersSent) {
                responseHeadersSent = true;
                conn.connection().sendHeaders(streamId, statusBlock(200, List.of()), true);
            } else {
                conn.connection().sendData(streamId, EMPTY, true);
            }
            responseEnded();
        });
    }

    @Override
    public void reset(ErrorCode code) {
        op("reset", () -> {
            conn.connection().reset(streamId, code);
            fail(new StreamClosedException(streamId, code.code(), "reset by the application with " + code));
            conn.forget(this);
        });
    }

    @Override
    public boolean pushAllowed() {
        return conn.pushEnabled() && !dead;
    }

    @Override
    public ServerExchange push(String path, List<HeaderField> headers) {
        List<HeaderField> promised = new ArrayList<>();
        promised.add(new HeaderField(":method", "GET"));
        promised.add(new HeaderField(":scheme", head.scheme() == null ? (isTls() ? "https" : "http") : head.scheme()));
        if (head.authority() != null) {
            promised.add(new HeaderField(":authority", head.authority()));
        }
        promised.add(new HeaderField(":path", path));
        promised.addAll(headers);
        StreamExchange pushed = new StreamExchange(conn, 0, RequestHeads.of(0, promised), conn.now());
        pushed.requestEnded = true;
        conn.run(() -> {
            try {
                if (closed || dead) {
                    throw new IllegalStateException("stream " + streamId + " is closed");
                }
                // RFC9113 §8.4: PUSH_PROMISE only while the client allows push (the core refuses otherwise)
                pushed.streamId = conn.connection().push(streamId, promised);
                conn.adopt(pushed);
            } catch (IllegalStateException e) {
                LOG.log(System.Logger.Level.DEBUG, "push of " + path + " not sent: " + e.getMessage());
                pushed.dead = true;
                pushed.closed = true;
            }
        });
        return pushed;
    }

    // ---------------------------------------------------------------- helpers (loop thread)

    private void responseEnded() {
        responseEnded = true;
        if (!requestEnded && (receiver == null || dropBody)) {
            dropRestOfBody(); // answered without reading the body: the client is told to stop sending it
        }
        conn.maybeForget(this);
    }

    private void requireNoFinalYet() {
        if (responseHeadersSent) {
            throw new IllegalStateException("stream " + streamId + " already has its final response");
        }
    }

    private static void requireFinal(int status) {
        if (status < 200 || status > 599) {
            throw new IllegalArgumentException("a final status is 200..599, got " + status);
        }
    }

    /** Runs a response operation on the loop; a stream that is gone or misused is logged and reset. */
    private void op(String what, Runnable action) {
        conn.run(() -> {
            if (closed || dead) {
                return; // the stream ended under the application: nothing to answer any more
            }
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, what + " on stream " + streamId + " failed: " + e.getMessage());
                try {
                    conn.connection().reset(streamId, ErrorCode.INTERNAL_ERROR);
                } catch (RuntimeException ignored) {
                    // already closed
                }
                fail(new StreamClosedException(streamId, ErrorCode.INTERNAL_ERROR.code(), e.getMessage()));
                conn.forget(this);
            }
        });
    }

    static HeaderField statusField(int status) {
        if (status < 100 || status >= STATUS_FIELDS.length) {
            return new HeaderField(":status", Integer.toString(status)); // refused by the caller's checks, not cached
        }
        HeaderField field = STATUS_FIELDS[status];
        if (field == null) {
            field = new HeaderField(":status", Integer.toString(status));
            STATUS_FIELDS[status] = field;
        }
        return field;
    }

    private ArrayDeque<Object> buffered() {
        if (buffered == null) {
            buffered = new ArrayDeque<>(4);
        }
        return buffered;
    }

    private ArrayDeque<CompletableFuture<Void>> waitingWrites() {
        if (waitingWrites == null) {
            waitingWrites = new ArrayDeque<>(4);
        }
        return waitingWrites;
    }

    static List<HeaderField> statusBlock(int status, List<HeaderField> headers) {
        List<HeaderField> block = new ArrayList<>(headers.size() + 1);
        block.add(statusField(status));
        block.addAll(headers);
        return block;
    }

    boolean hasPendingWrites() {
        return waitingWrites != null && !waitingWrites.isEmpty();
    }
}
