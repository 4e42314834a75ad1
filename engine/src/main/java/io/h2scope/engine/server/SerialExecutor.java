package io.h2scope.engine.server;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Runs tasks one at a time, in submission order, on a shared executor: an exchange's handler and
 * body callbacks never overlap, whatever pool runs them.
 */
final class SerialExecutor implements Executor {

    private static final System.Logger LOG = System.getLogger("h2scope.server");

    private final Executor delegate;
    /**
     * Tasks waiting their turn; made on first use, since most exchanges only ever run their handler here
     * (guarded by {@code this}, like {@code running}).
     */
    private ArrayDeque<Runnable> queue;
    private boolean running;

    SerialExecutor(Executor delegate) {
        this.delegate = delegate;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            queue().add(task);
            if (running) {
                return;
            }
            running = true;
        }
        delegate.execute(this::drain);
    }

    /**
     * Runs {@code task} on the calling thread when nothing of this executor is queued or running, else
     * queues it; either way it never overlaps the other tasks. Tasks queued while it runs go to the delegate.
     */
    void executeHere(Runnable task) {
        synchronized (this) {
            if (running) {
                queue().add(task);
                return;
            }
            running = true;
        }
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "application callback failed", e);
        } finally {
            boolean more;
            synchronized (this) {
                more = queue != null && !queue.isEmpty();
                running = more;
            }
            if (more) {
                delegate.execute(this::drain);
            }
        }
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = queue == null ? null : queue.poll();
                if (next == null) {
                    running = false;
                    return;
                }
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "application callback failed", e);
            }
        }
    }

    /** Call with the lock held. */
    private ArrayDeque<Runnable> queue() {
        if (queue == null) {
            queue = new ArrayDeque<>(2);
        }
        return queue;
    }
}
