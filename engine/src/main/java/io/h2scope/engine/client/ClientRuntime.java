package io.h2scope.engine.client;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the layers under {@link H2Client} share (its configuration, executor, completions, deadline thread, whether
 * it is closed), handed down so that routes, connections, streams and requests need not name the client: requests
 * flow one way, from the API down to the stream.
 */
final class ClientRuntime {

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    private final ClientConfig config;
    private final Executor executor;
    private final CompletionBatcher completions;
    private final DeadlineSweeper deadlines;
    private volatile boolean closed;

    ClientRuntime(ClientConfig config, Executor executor, CompletionBatcher completions, DeadlineSweeper deadlines) {
        this.config = config;
        this.executor = executor;
        this.completions = completions;
        this.deadlines = deadlines;
    }

    ClientConfig config() {
        return config;
    }

    /** Where handlers, bodies and futures run. */
    Executor executor() {
        return executor;
    }

    /**
     * Completes a {@code sendAsync} future (runs {@code completion}) on the executor, batched with the
     * others completed meanwhile; a completion that blocks is watched by the deadline thread.
     */
    void complete(Runnable completion) {
        completions.submit(completion);
        deadlines.wake();
    }

    /** The client's one timer: request deadlines (response headers, whole exchange) and connect timeouts. */
    DeadlineSweeper deadlines() {
        return deadlines;
    }

    boolean isClosed() {
        return closed;
    }

    /** The client closes: no request is taken from now on. */
    void markClosed() {
        closed = true;
    }

    long nextConnectionId() {
        return CONNECTION_IDS.incrementAndGet();
    }
}
