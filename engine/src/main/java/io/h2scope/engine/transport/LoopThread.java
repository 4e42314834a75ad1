package io.h2scope.engine.transport;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The one thread a connection's own work runs on, as {@link ConnectionOwnership} sees it: {@link NioEventLoop}
 * in production, {@link ManualLoop} in tests that step it by hand.
 */
interface LoopThread extends Executor {

    /** Whether the calling thread is this loop's. */
    boolean inEventLoop();

    /** Queues {@code task} to run on the loop; rejected once the loop has ended. */
    @Override
    void execute(Runnable task);

    /** Runs {@code task} on the loop after {@code delay}; callable from any thread. */
    Cancellable schedule(Runnable task, long delay, TimeUnit unit);
}
