package io.h2scope.engine.client;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the layers under {@link H2Client} share, handed down so that routes, connections, streams and requests need
 * not name the client: requests flow one way, from the API down to the stream.
 *
 * @param executor    where handlers, bodies and futures run
 * @param completions {@code sendAsync} futures completed in batches on the executor ({@link #complete})
 * @param deadlines   the client's one timer: request deadlines (response headers, whole exchange), connect timeouts
 * @param closed      set once the client closes: no request is taken from then on
 */
record ClientRuntime(ClientConfig config, Executor executor, CompletionBatcher completions, DeadlineSweeper deadlines,
        AtomicBoolean closed) {

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    /**
     * Completes a {@code sendAsync} future (runs {@code completion}) on the executor, batched with the
     * others completed meanwhile; a completion that blocks is watched by the deadline thread.
     */
    void complete(Runnable completion) {
        completions.submit(completion);
        deadlines.wake();
    }

    boolean isClosed() {
        return closed.get();
    }

    long nextConnectionId() {
        return CONNECTION_IDS.incrementAndGet();
    }
}
