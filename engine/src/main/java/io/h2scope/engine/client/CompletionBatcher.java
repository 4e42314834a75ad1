package io.h2scope.engine.client;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Completes {@code sendAsync} futures on the client's executor, many per executor task. The loop
 * thread must not run user stages ({@code thenApply} on the returned future), so each completion
 * leaves it; one executor task per response would make that hand-off (a thread wake-up) the main cost
 * of a multiplexed client. So the loop queues completions and one task, the drainer, runs whatever is
 * queued, in order, until the queue is empty.
 *
 * <p>A user stage that blocks (even on another request of this client) must not hold up the
 * completions queued behind it for long, nor deadlock on one of them: {@link #checkStuck}, called on
 * every tick of the client's {@link DeadlineSweeper}, hands the queue to a fresh drainer on another
 * executor thread when the current one has been inside one completion for {@link #STUCK_NANOS}; the
 * stuck drainer stops when its completion returns.
 */
final class CompletionBatcher {

    /** How long one completion may run before the ones queued behind it move to another thread. */
    static final long STUCK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private static final System.Logger LOG = System.getLogger("h2scope.client");

    private final Executor executor;
    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
    /** The drainer that owns the queue, or null when none is scheduled or running. */
    private final AtomicReference<Drainer> owner = new AtomicReference<>();

    CompletionBatcher(Executor executor) {
        this.executor = executor;
    }

    /** Queues {@code completion} to run on the executor after those queued before it; any thread. */
    void submit(Runnable completion) {
        queue.add(completion);
        if (owner.get() == null) {
            startDrainer(null);
        }
    }

    /** Completions waiting, for the sweeper's decision to keep ticking. */
    boolean hasQueued() {
        return !queue.isEmpty();
    }

    /**
     * Sweeper thread: when the drainer has been inside one completion for {@link #STUCK_NANOS} and
     * others wait, a new drainer takes the queue over.
     */
    void checkStuck(long nowNanos) {
        Drainer current = owner.get();
        if (current == null || queue.isEmpty()) {
            return;
        }
        long since = current.busySince;
        if (since != 0 && nowNanos - since >= STUCK_NANOS) {
            startDrainer(current);
        }
    }

    /** Makes a drainer the owner in place of {@code expected} (null: none) and starts it, unless another thread did. */
    private void startDrainer(Drainer expected) {
        Drainer d = new Drainer();
        if (!owner.compareAndSet(expected, d)) {
            return;
        }
        try {
            executor.execute(d);
        } catch (RejectedExecutionException e) {
            // the executor was shut down (the client is closing): a thread of its own completes them rather than
            // leave callers waiting; never this one, which may be a loop or a caller holding a connection
            Thread t = new Thread(d, "h2scope-client-completions-after-close");
            t.setDaemon(true);
            t.start();
        }
    }

    private final class Drainer implements Runnable {
        /** System.nanoTime() when the running completion started (never 0 then), 0 between completions. */
        volatile long busySince;

        @Override
        public void run() {
            while (owner.get() == this) {
                Runnable completion = queue.poll();
                if (completion == null) {
                    owner.compareAndSet(this, null);
                    // a completion queued after the poll but before the release saw an owner and started nobody
                    if (!queue.isEmpty() && owner.get() == null) {
                        startDrainer(null);
                    }
                    return;
                }
                busySince = System.nanoTime() | 1;
                try {
                    completion.run();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "completing a response failed", e);
                } finally {
                    busySince = 0;
                }
            }
        }
    }
}
