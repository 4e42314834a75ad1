package io.h2scope.engine.client;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.IntConsumer;

/**
 * A response body as a {@link Flow.Publisher} for a JDK {@code BodySubscriber}: DATA received on the loop
 * thread is queued here and handed to the subscriber on the client's executor only as it asks
 * ({@code request(n)}). Flow-control credit goes back to the server for exactly the bytes handed over,
 * so a subscriber that stops asking stops the window: what is buffered here never exceeds the stream's
 * receive window (RFC 9113 §5.2: flow control is how "a receiver ... limits the amount of data").
 */
final class ResponseBodyPublisher implements Flow.Publisher<List<ByteBuffer>>, Flow.Subscription {

    private final Executor executor;
    private final IntConsumer credit;
    private final Runnable onCancel;
    /** Small: a response is mostly one or two DATA frames between two drains. */
    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>(4);
    private Flow.Subscriber<? super List<ByteBuffer>> subscriber;
    private long demand;
    private long buffered;
    private long maxBuffered;
    private boolean ended;
    private Throwable error;
    private boolean terminated;
    private boolean cancelled;
    private boolean draining;

    /**
     * @param credit   called (on the executor) with the number of bytes handed to the subscriber
     * @param onCancel called once when the subscriber cancels before the end
     */
    ResponseBodyPublisher(Executor executor, IntConsumer credit, Runnable onCancel) {
        this.executor = executor;
        this.credit = credit;
        this.onCancel = onCancel;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super List<ByteBuffer>> s) {
        Objects.requireNonNull(s, "subscriber");
        synchronized (this) {
            if (subscriber != null) {
                executor.execute(() -> {
                    s.onSubscribe(NO_OP);
                    s.onError(new IllegalStateException("a response body can be subscribed to once"));
                });
                return;
            }
            subscriber = s;
        }
        executor.execute(() -> {
            s.onSubscribe(this);
            drainLater();
        });
    }

    /**
     * Subscribes {@code s} from a thread of the executor (the caller is already where the subscriber's
     * signals belong): onSubscribe and the bytes already here are delivered at once, in this thread, instead
     * of through two more executor tasks.
     */
    void subscribeHere(Flow.Subscriber<? super List<ByteBuffer>> s) {
        Objects.requireNonNull(s, "subscriber");
        synchronized (this) {
            if (subscriber != null) {
                subscribe(s); // refused there, as a second subscriber always is
                return;
            }
            subscriber = s;
            draining = true; // requests made inside onSubscribe are served by the drain below
        }
        try {
            s.onSubscribe(this);
        } finally {
            drain();
        }
    }

    /** Body bytes arrived (loop thread); the array is ours. */
    void offer(byte[] data) {
        synchronized (this) {
            if (cancelled || terminated || data.length == 0) {
                return;
            }
            queue.add(ByteBuffer.wrap(data));
            buffered += data.length;
            maxBuffered = Math.max(maxBuffered, buffered);
        }
        drainLater();
    }

    /** The stream ended (END_STREAM). */
    void complete() {
        synchronized (this) {
            ended = true;
        }
        drainLater();
    }

    /** The stream failed; bytes not yet delivered are dropped. */
    void fail(Throwable cause) {
        synchronized (this) {
            if (ended && queue.isEmpty() || error != null) {
                return;
            }
            error = cause;
            queue.clear();
            buffered = 0;
        }
        drainLater();
    }

    /** The most bytes ever waiting here for the subscriber (tests check it stays within the window). */
    synchronized long maxBufferedBytes() {
        return maxBuffered;
    }

    synchronized boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void request(long n) {
        synchronized (this) {
            if (n <= 0) {
                // Reactive Streams §3.9: a non-positive request is an error signalled to the subscriber
                error = new IllegalArgumentException("request(" + n + "): demand must be positive");
            } else {
                demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            }
        }
        drainLater();
    }

    @Override
    public void cancel() {
        boolean first;
        synchronized (this) {
            first = !cancelled && !terminated;
            cancelled = true;
            queue.clear();
            buffered = 0;
        }
        if (first) {
            onCancel.run();
        }
    }

    private void drainLater() {
        synchronized (this) {
            if (draining || subscriber == null) {
                return;
            }
            draining = true;
        }
        executor.execute(this::drain);
    }

    /** Runs on the executor, one at a time; delivers while there is demand. */
    private void drain() {
        Flow.Subscriber<? super List<ByteBuffer>> s;
        while (true) {
            List<ByteBuffer> batch = null;
            int bytes = 0;
            boolean complete = false;
            Throwable failed = null;
            synchronized (this) {
                s = subscriber;
                if (cancelled || terminated) {
                    draining = false;
                    return;
                }
                if (error != null) {
                    failed = error;
                    terminated = true;
                } else if (!queue.isEmpty() && demand > 0) {
                    demand--;
                    batch = queue.size() == 1 ? List.of(queue.poll()) : List.copyOf(queue);
                    queue.clear();
                    bytes = (int) Math.min(Integer.MAX_VALUE, buffered);
                    buffered = 0;
                } else if (queue.isEmpty() && ended) {
                    complete = true;
                    terminated = true;
                } else {
                    draining = false;
                    return;
                }
            }
            if (failed != null) {
                s.onError(failed);
                return;
            }
            if (complete) {
                s.onComplete();
                return;
            }
            s.onNext(batch);
            credit.accept(bytes);
        }
    }

    private static final Flow.Subscription NO_OP = new Flow.Subscription() {
        @Override
        public void request(long n) {
        }

        @Override
        public void cancel() {
        }
    };
}
