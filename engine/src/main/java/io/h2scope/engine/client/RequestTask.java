package io.h2scope.engine.client;

import io.h2scope.engine.hpack.HeaderField;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLSession;

/**
 * One call of {@code sendAsync}, across its attempts: the result future, the trailers, the two timers
 * (response headers, whole exchange) and the retry count. Each attempt is a {@link ClientStream} on some
 * connection. Futures complete on the client's executor, never on a loop thread.
 */
final class RequestTask<T> {

    final H2Request request;
    private final HttpResponse.BodyHandler<T> handler;
    private final H2Client client;
    final CompletableFuture<H2Response<T>> result = new CompletableFuture<>();
    private final CompletableFuture<List<HeaderField>> trailers = new CompletableFuture<>();
    private final AtomicBoolean over = new AtomicBoolean();
    private volatile ClientStream current;
    private volatile ScheduledFuture<?> requestTimer;
    private volatile ScheduledFuture<?> headersTimer;
    private int attempts;

    RequestTask(H2Request request, HttpResponse.BodyHandler<T> handler, H2Client client) {
        this.request = request;
        this.handler = handler;
        this.client = client;
    }

    /** Starts the whole-exchange timer and hands the request to the pool. */
    void begin() {
        startRequestTimer();
        client.pool().submit(this);
    }

    /** A pushed response: it has its stream already (no pool, no retry). */
    void beginPushed(ClientStream stream) {
        startRequestTimer();
        current = stream;
    }

    private void startRequestTimer() {
        Duration timeout = request.timeout().orElse(client.config().requestTimeout());
        requestTimer = client.scheduler().schedule(() -> fail(new HttpTimeoutException("request timed out after "
                + timeout.toMillis() + " ms: " + request)), timeout.toNanos(), TimeUnit.NANOSECONDS);
        // CompletableFuture.cancel by the caller: reset the stream (RST_STREAM CANCEL), keep the connection
        result.whenComplete((r, e) -> {
            if (e instanceof CancellationException) {
                fail(e);
            }
        });
    }

    boolean isOver() {
        return over.get();
    }

    /** Loop thread: the attempt's stream is open; the response-headers clock starts. */
    void attached(ClientStream stream) {
        current = stream;
        if (over.get()) {
            stream.abort(new CancellationException("the request was cancelled"));
            return;
        }
        Duration timeout = request.headersTimeout().orElse(client.config().responseHeadersTimeout());
        headersTimer = client.scheduler().schedule(() -> fail(new HttpTimeoutException("no response headers within "
                + timeout.toMillis() + " ms: " + request)), timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Loop thread: the final response header section arrived; the handler makes the body subscriber. */
    void onResponse(int status, List<HeaderField> headers, ResponseBodyPublisher body, int streamId,
            long connectionId, Optional<SSLSession> tls) {
        cancel(headersTimer);
        client.executor().execute(() -> {
            HttpResponse.BodySubscriber<T> subscriber;
            try {
                subscriber = handler.apply(new Info(status, headers));
            } catch (RuntimeException e) {
                fail(e);
                return;
            }
            body.subscribe(subscriber);
            subscriber.getBody().whenComplete((value, error) -> {
                if (error != null) {
                    fail(error instanceof CompletionException && error.getCause() != null ? error.getCause() : error);
                } else {
                    result.complete(new H2Response<>(request, status, headers, value, trailers, streamId, connectionId, tls));
                }
            });
        });
    }

    /** Loop thread: the response ended (END_STREAM); {@code fields} are its trailers, or empty. */
    void onEnd(List<HeaderField> fields) {
        if (over.compareAndSet(false, true)) {
            cancel(requestTimer);
            cancel(headersTimer);
            client.executor().execute(() -> trailers.complete(fields));
        }
    }

    /**
     * Loop thread: the attempt was refused unprocessed (GOAWAY above the last stream id, REFUSED_STREAM;
     * RFC 9113 §8.7 "the request ... can be safely retried"). Retries idempotent requests only, within
     * {@code maxRetries}; returns false when the caller should fail the task instead.
     */
    boolean retry() {
        if (over.get() || !request.idempotent() || attempts >= client.config().maxRetries()) {
            return false;
        }
        attempts++;
        current = null;
        cancel(headersTimer);
        client.pool().submit(this);
        return true;
    }

    /** Ends the task with {@code cause} (any thread): the stream, if any, is reset with CANCEL. */
    void fail(Throwable cause) {
        if (!over.compareAndSet(false, true)) {
            return;
        }
        cancel(requestTimer);
        cancel(headersTimer);
        ClientStream stream = current;
        if (stream != null) {
            stream.onLoop(() -> stream.abort(cause));
        } else {
            client.pool().remove(this);
        }
        client.executor().execute(() -> {
            result.completeExceptionally(cause);
            trailers.completeExceptionally(cause);
        });
    }

    private static void cancel(ScheduledFuture<?> timer) {
        if (timer != null) {
            timer.cancel(false);
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
