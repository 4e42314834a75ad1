package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CompletionException;
import javax.net.ssl.SSLSession;

/**
 * One call of {@code sendAsync}, across its attempts: the result future, the trailers, the two deadlines
 * (response headers, whole exchange) and the retry count. Each attempt is a {@link ClientStream} on some
 * connection. Futures complete on the client's executor (batched: {@link CompletionBatcher}), never on a loop thread, except the one of a
 * blocking {@code send} with a {@link LoopSafeHandlers JDK handler}: only the waiting caller sees that one.
 *
 * <p>Both deadlines share one entry in the client's {@link DeadlineSweeper}, armed for the nearer one and
 * re-armed when it fires early (the headers arrived, or the attempt started later than the request).
 */
final class RequestTask<T> extends DeadlineSweeper.Node {

    /** The delivery of loop-safe handlers: on the calling (loop) thread. */
    private static final Executor DIRECT = Runnable::run;

    final H2Request request;
    /** Who waits for the response: what that thread may do on the connection ({@link InputLending}). */
    final InputLending.Waiter waiter;
    private final HttpResponse.BodyHandler<T> handler;
    private final ClientRuntime runtime;
    /** Where the request waits for a stream slot, again on a retry. */
    private final ConnectionPool pool;
    private final Executor delivery;
    /** The result is completed through the executor although the body was assembled on the loop. */
    private final boolean settleOnExecutor;
    final CompletableFuture<H2Response<T>> result = new ResultFuture();
    private final CompletableFuture<List<HeaderField>> trailers = new CompletableFuture<>();
    /** 1 once the task is over (settled, or failed for good); set once, by {@link #markOver}. */
    private volatile int over;
    private static final VarHandle OVER = FieldHandles.of(MethodHandles.lookup(), "over", int.class);
    private volatile ClientStream current;
    private long requestDeadline;
    /** When the current attempt's stream opened (System.nanoTime), 0 while none is open. */
    private volatile long attachedAt;
    /** False once the final response headers arrived, and for pushed responses (their headers came with the promise). */
    private volatile boolean awaitingHeaders;
    /** The trailers once the stream ended ({@link #onEnd}); null before. */
    private volatile List<HeaderField> endFields;
    /** The response went to the caller (its body complete as the handler defines it). */
    private volatile boolean delivered;
    private int attempts;

    RequestTask(H2Request request, HttpResponse.BodyHandler<T> handler, ClientRuntime runtime, ConnectionPool pool) {
        this(request, handler, runtime, pool, false, false);
    }

    /**
     * @param assembleOnLoop the handler is one of {@link LoopSafeHandlers}: its subscriber is made and fed on the
     *                       loop thread (JDK code that only copies bytes), not through executor tasks
     * @param blocking       a blocking {@code send} (see {@link #waiter}); with {@code assembleOnLoop} its result
     *                       is completed on the loop too: only its caller waits on it, so no user stage runs there
     */
    RequestTask(H2Request request, HttpResponse.BodyHandler<T> handler, ClientRuntime runtime, ConnectionPool pool,
            boolean assembleOnLoop, boolean blocking) {
        this.waiter = InputLending.Waiter.of(blocking);
        this.request = request;
        this.handler = handler;
        this.runtime = runtime;
        this.pool = pool;
        this.delivery = assembleOnLoop ? DIRECT : runtime.executor();
        this.settleOnExecutor = assembleOnLoop && waiter == InputLending.Waiter.ASYNC;
    }

    /** Where the response's handler, body and result run: the client's executor, or the loop thread itself. */
    Executor delivery() {
        return delivery;
    }

    /** Arms the deadlines' timer and hands the request to the pool. */
    void begin() {
        awaitingHeaders = true;
        startRequestTimer();
        pool.submit(this);
    }

    /** The OPTIONS request of an h2c upgrade: not in the pool (it rides the upgrade), but timed like any request. */
    void beginProbe() {
        awaitingHeaders = true;
        startRequestTimer();
    }

    /** A pushed response: it has its stream already (no pool, no retry). */
    void beginPushed(ClientStream stream) {
        startRequestTimer();
        current = stream;
    }

    private void startRequestTimer() {
        long now = System.nanoTime();
        requestDeadline = now + requestTimeout().toNanos();
        arm(awaitingHeaders ? Math.min(requestDeadline, now + headersTimeout().toNanos()) : requestDeadline);
    }

    /**
     * The blocking caller's thread, before it waits on {@link #result}: reads the response itself when its
     * connection's loop lent it the input ({@link ClientConnection#readWhileWaiting}); returns at once otherwise.
     */
    void readWhileWaiting() {
        ClientStream stream = current;
        // even when done: a caller that claimed the input gives it back there. A request retried on another
        // connection ends the reading of the first one and is followed: its caller may have claimed that input too
        while (stream != null) {
            ClientConnection conn = stream.conn;
            conn.readWhileWaiting(() -> InputLending.readingDone(this, conn));
            ClientStream next = current;
            if (result.isDone() || next == null || next.conn == conn) {
                return;
            }
            stream = next;
        }
    }

    /** Any thread: the current attempt's stream is on {@code conn}. */
    boolean streamIsOn(ClientConnection conn) {
        ClientStream stream = current;
        return stream != null && stream.conn == conn;
    }

    boolean isOver() {
        return over != 0;
    }

    /** Loop thread: the attempt's stream is open; the response-headers clock starts. */
    void attached(ClientStream stream) {
        current = stream;
        if (over != 0) {
            stream.abort(new CancellationException("the request was cancelled"));
            return;
        }
        attachedAt = System.nanoTime(); // the timer, armed at begin() no later than this deadline, re-arms for it
    }

    private Duration requestTimeout() {
        return request.timeout().orElse(runtime.config().requestTimeout());
    }

    private Duration headersTimeout() {
        return request.headersTimeout().orElse(runtime.config().responseHeadersTimeout());
    }

    private void arm(long deadline) {
        runtime.deadlines().arm(this, deadline);
    }

    /** The sweeper's thread: fails the request if a deadline passed, else arms for the next one. */
    @Override
    void onDeadline(long now) {
        if (over != 0) {
            return;
        }
        if (now - requestDeadline >= 0) {
            fail(new HttpTimeoutException("request timed out after " + requestTimeout().toMillis() + " ms ("
                    + (awaitingHeaders ? "no response headers yet" : "the response head arrived, its body did not end")
                    + ", requestTimeout): " + request));
            return;
        }
        long next = requestDeadline;
        if (awaitingHeaders) {
            long attached = attachedAt;
            long headersDeadline = (attached != 0 ? attached : now) + headersTimeout().toNanos();
            if (attached != 0 && now - headersDeadline >= 0) {
                fail(new HttpTimeoutException("no response headers within " + headersTimeout().toMillis() + " ms: " + request));
                return;
            }
            next = Math.min(next, headersDeadline);
        }
        arm(next);
        if (over != 0) {
            runtime.deadlines().disarm(this); // ended while re-arming
        }
    }

    /** Loop thread: the final response header section arrived; the handler makes the body subscriber. */
    void onResponse(int status, List<HeaderField> headers, ResponseBodyPublisher body, int streamId,
            long connectionId, Optional<SSLSession> tls) {
        awaitingHeaders = false;
        if (delivery == DIRECT) {
            deliver(status, headers, body, streamId, connectionId, tls); // no capturing lambda per response
        } else {
            delivery.execute(() -> deliver(status, headers, body, streamId, connectionId, tls));
        }
    }

    /** Where {@link #delivery} runs it: the handler makes the subscriber, which gets the body; the result follows. */
    private void deliver(int status, List<HeaderField> headers, ResponseBodyPublisher body, int streamId,
            long connectionId, Optional<SSLSession> tls) {
        HttpResponse.BodySubscriber<T> subscriber;
        try {
            subscriber = handler.apply(new Info(status, headers));
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        body.subscribeHere(subscriber);
        subscriber.getBody().whenComplete((value, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                fail(cause); // resets a live stream; after the stream's end it does nothing, so:
                if (settleOnExecutor) {
                    runtime.complete(() -> failResult(cause));
                } else {
                    failResult(cause);
                }
            } else {
                delivered = true;
                List<HeaderField> ended = endFields;
                if (ended != null) {
                    // the stream ended before: in this task, not one of its own (nobody holds the response yet)
                    trailers.complete(ended);
                }
                H2Response<T> response = new H2Response<>(request, status, headers, value, trailers, streamId,
                        connectionId, tls);
                if (settleOnExecutor) {
                    runtime.complete(() -> result.complete(response));
                } else {
                    // the waiting caller is woken once the loop has let go of the connection, so that its next
                    // request can be written by the caller itself (on another core it would find the loop still here)
                    ClientStream stream = current;
                    if (stream != null) {
                        stream.conn.afterRelease(() -> result.complete(response));
                        stream.conn.responseDelivered(waiter);
                    } else {
                        result.complete(response);
                    }
                }
            }
        });
    }

    private void failResult(Throwable cause) {
        result.completeExceptionally(cause);
        trailers.completeExceptionally(cause);
    }

    /** Loop thread: the response ended (END_STREAM); {@code fields} are its trailers, or empty. */
    void onEnd(List<HeaderField> fields) {
        if (markOver()) {
            runtime.deadlines().disarm(this);
            endFields = fields;
            if (delivered) {
                // a streaming body handler gave the response out before the end; if not delivered, the task that
                // delivers it completes the trailers (one of the two sees the other's write: both are volatile)
                delivery.execute(() -> trailers.complete(fields));
            }
        }
    }

    /**
     * Loop thread: the attempt was refused unprocessed (GOAWAY above the last stream id, REFUSED_STREAM;
     * RFC 9113 §8.7 "the request ... can be safely retried"). Retries idempotent requests only, within
     * {@code maxRetries}; returns false when the caller should fail the task instead.
     */
    boolean retry() {
        if (over != 0 || !request.idempotent() || attempts >= runtime.config().maxRetries()) {
            return false;
        }
        attempts++;
        current = null;
        attachedAt = 0; // the next attempt's headers clock starts when its stream opens
        pool.submit(this);
        return true;
    }

    /** Ends the task with {@code cause} (any thread): the stream, if any, is reset with CANCEL. */
    void fail(Throwable cause) {
        if (!markOver()) {
            return;
        }
        runtime.deadlines().disarm(this);
        ClientStream stream = current;
        if (stream != null) {
            stream.onLoop(() -> stream.abort(cause));
        } else {
            pool.remove(this);
        }
        runtime.complete(() -> failResult(cause));
    }

    /** Ends the task; true for the one call that did (a field and a VarHandle: no AtomicBoolean per request). */
    private boolean markOver() {
        return OVER.compareAndSet(this, 0, 1);
    }

    /**
     * The future {@code sendAsync} returns. Cancelling it (or completing it with a CancellationException)
     * ends the request: the stream is reset with RST_STREAM CANCEL and the connection stays usable. An
     * override rather than a {@code whenComplete} stage, which every request would allocate; the stages
     * chained on it are plain CompletableFutures, and the drop-in's future follows it as its one listener
     * ({@link OneListenerFuture}).
     */
    private final class ResultFuture extends OneListenerFuture<H2Response<T>> {
        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            if (cancelled) {
                fail(new CancellationException("the request was cancelled: " + request));
            }
            return cancelled;
        }

        @Override
        public boolean completeExceptionally(Throwable ex) {
            boolean completed = super.completeExceptionally(ex);
            if (completed && ex instanceof CancellationException) {
                fail(ex); // does nothing when the task is over already (it is what completed the future)
            }
            return completed;
        }
    }

    /** What the body handler sees; the JDK {@link HttpHeaders} are built only if it asks (most handlers never do). */
    private static final class Info implements HttpResponse.ResponseInfo {
        private final int status;
        private final List<HeaderField> fields;
        private HttpHeaders headers;

        Info(int status, List<HeaderField> fields) {
            this.status = status;
            this.fields = fields;
        }

        @Override
        public int statusCode() {
            return status;
        }

        @Override
        public HttpHeaders headers() {
            if (headers == null) {
                headers = H2Response.toHttpHeaders(fields);
            }
            return headers;
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_2;
        }
    }
}
