package io.h2scope.engine.client;

import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;

/**
 * Subscribes to a request's {@code BodyPublisher} and sends what it publishes as DATA, one item at a
 * time: the next item is asked for only when the stream's queue in the core (waiting for flow-control
 * window, RFC 9113 §5.2) is under {@code streamWriteBufferBytes}. The publisher runs on the executor
 * (an {@code ofInputStream} publisher reads inside {@code request}); the core is touched on the loop only.
 */
final class RequestBodyWriter implements Flow.Subscriber<ByteBuffer> {

    private final ClientStream stream;
    private final Executor executor;
    private final long queueLimit;
    private volatile Flow.Subscription subscription;
    private boolean outstanding; // loop thread: an item was asked for and has not arrived
    private boolean finished;    // loop thread

    RequestBodyWriter(ClientStream stream, Executor executor, long queueLimit) {
        this.stream = stream;
        this.executor = executor;
        this.queueLimit = queueLimit;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        stream.onLoop(this::maybeRequest);
    }

    @Override
    public void onNext(ByteBuffer item) {
        ByteBuffer copy = ByteBuffer.allocate(item.remaining()).put(item).flip(); // the publisher may reuse its buffer
        stream.onLoop(() -> {
            outstanding = false;
            if (!finished && stream.sendBody(copy, false)) {
                maybeRequest();
            }
        });
    }

    @Override
    public void onError(Throwable t) {
        stream.onLoop(() -> {
            finished = true;
            stream.abort(new java.io.IOException("the request body publisher failed: " + t, t));
        });
    }

    @Override
    public void onComplete() {
        stream.onLoop(() -> {
            if (!finished) {
                finished = true;
                stream.endBody();
            }
        });
    }

    /** Loop thread: asks for one more item if the stream's queue has room; else waits for {@link #onFlushed}. */
    void maybeRequest() {
        Flow.Subscription s = subscription;
        if (finished || outstanding || s == null || !stream.isOpen()) {
            return;
        }
        if (stream.queuedBytes() >= queueLimit) {
            stream.watchWrites(this);
            return;
        }
        outstanding = true;
        executor.execute(() -> s.request(1));
    }

    /** Loop thread: output drained; returns true when this writer no longer needs to be told. */
    boolean onFlushed() {
        maybeRequest();
        return finished || outstanding || !stream.isOpen();
    }

    /** Loop thread: the stream is over; the publisher is told to stop. */
    void cancel() {
        if (!finished) {
            finished = true;
            Flow.Subscription s = subscription;
            if (s != null) {
                executor.execute(s::cancel);
            }
        }
    }
}
