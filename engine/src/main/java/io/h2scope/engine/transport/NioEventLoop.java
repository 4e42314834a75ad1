package io.h2scope.engine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One selector thread: runs the I/O of its connections, the tasks handed to it and its timers.
 *
 * <p>Each pass: select (blocking until the next timer is due, a task arrives or I/O is ready: no busy
 * loop), then handle ready keys, then queued tasks, then due timers. Every connection is owned by one
 * loop for its lifetime, so connection state needs no locks.
 */
public final class NioEventLoop implements LoopThread {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    private static final int RUNNING = 0;
    private static final int STOPPING = 1;
    private static final int TERMINATED = 2;

    private final TransportConfig config;
    private final Selector selector;
    /** {@link #onReady} as the selector's action, made once. */
    private final Consumer<SelectionKey> onReady = this::onReady;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final TimerQueue timers = new TimerQueue();
    private final ByteBuffer readBuffer;
    private volatile long stopDeadlineNanos;

    NioEventLoop(TransportConfig config, String threadName) throws IOException {
        this.config = Objects.requireNonNull(config, "config");
        this.selector = Selector.open();
        this.readBuffer = ByteBuffer.allocateDirect(config.readBufferBytes());
        this.thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    public boolean inEventLoop() {
        return Thread.currentThread() == thread;
    }

    public String threadName() {
        return thread.getName();
    }

    /** Queues a task to run on this loop; rejected once the loop has terminated. */
    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (state.get() == TERMINATED) {
            throw new RejectedExecutionException(thread.getName() + " has terminated");
        }
        tasks.add(task);
        if (!inEventLoop() && wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    /** Runs {@code task} on this loop after {@code delay}; callable from any thread. */
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        long deadline = System.nanoTime() + unit.toNanos(Math.max(0, delay));
        CrossThreadTimer timer = new CrossThreadTimer(task);
        if (inEventLoop()) {
            timer.attach(timers.add(deadline, timer));
        } else {
            execute(() -> timer.attach(timers.add(deadline, timer)));
        }
        return timer;
    }

    TransportConfig config() {
        return config;
    }

    /** The read buffer shared by this loop's connections: valid only inside one read callback. */
    ByteBuffer readBuffer() {
        return readBuffer;
    }

    /** Registers a channel with this loop's selector; must run on the loop thread. */
    SelectionKey register(SelectableChannel channel, int ops, SelectionHandler handler) throws IOException {
        assert inEventLoop();
        return channel.register(selector, ops, handler);
    }

    /**
     * Starts an orderly stop: connections get {@link ConnectionContext#close()}, and at
     * {@code deadlineNanos} whatever is still open is aborted and the thread ends.
     */
    void stop(long deadlineNanos) {
        stopDeadlineNanos = deadlineNanos;
        if (state.compareAndSet(RUNNING, STOPPING)) {
            try {
                execute(this::closeAllGracefully);
            } catch (RejectedExecutionException e) {
                // the loop saw STOPPING between the two lines and ended at once: it only does so when no task
                // and no live key is left (or the deadline passed, when it aborts what is open), so nothing to close
            }
        }
    }

    /** Waits until the loop has finished and its thread is gone, so "stopped" means no thread is left. */
    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (!terminated.await(timeout, unit)) {
            return false;
        }
        if (Thread.currentThread() != thread) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        return !thread.isAlive() || Thread.currentThread() == thread;
    }

    private void run() {
        try {
            while (!readyToExit()) {
                select(); // runs the handlers of the ready keys
                runTasks();
                timers.runDue(System.nanoTime());
            }
        } catch (ClosedSelectorException e) {
            LOG.log(System.Logger.Level.DEBUG, "selector closed under " + thread.getName());
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, thread.getName() + " died", e);
        } catch (Error e) {
            config.fatalErrors().onError(thread.getName(), e, LOG); // a server exits: no zombie that accepts and never answers
        } finally {
            shutdownNow();
        }
    }

    private boolean readyToExit() {
        if (state.get() != STOPPING) {
            return false;
        }
        // cancelled keys linger in keys() until the next select: count only live ones
        boolean idle = tasks.isEmpty() && selector.keys().stream().noneMatch(SelectionKey::isValid);
        return idle || System.nanoTime() - stopDeadlineNanos >= 0;
    }

    private void select() throws IOException {
        long timeoutNanos = timers.nanosUntilNext(System.nanoTime());
        if (state.get() == STOPPING) {
            long untilDeadline = Math.max(0, stopDeadlineNanos - System.nanoTime());
            timeoutNanos = timeoutNanos < 0 ? untilDeadline : Math.min(timeoutNanos, untilDeadline);
        }
        wakeupPending.set(false);
        // the Consumer forms hand each ready key to onReady as it is found: the selected-key set (a
        // HashSet, so one node allocated per ready key per pass) is never filled
        if (!tasks.isEmpty() || timeoutNanos == 0) {
            selector.selectNow(onReady);
        } else if (timeoutNanos < 0) {
            selector.select(onReady);
        } else {
            // round up so a timer due in 0.3 ms does not become select(0) = wait forever
            selector.select(onReady, Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeoutNanos + 999_999)));
        }
    }

    /** One ready key; may be called more than once per pass for the same key (Selector.select(Consumer)). */
    private void onReady(SelectionKey key) {
        if (key.isValid() && key.attachment() instanceof SelectionHandler handler) {
            try {
                handler.onSelected(key);
            } catch (CancelledKeyException e) {
                // closed from another thread meanwhile (a client caller holding the connection): nothing left to do
                LOG.log(System.Logger.Level.DEBUG, "key cancelled under " + thread.getName() + ": " + handler);
            }
        }
    }

    private void runTasks() {
        // bounded pass: tasks queued by these tasks run on the next pass, after I/O had its turn
        for (int i = tasks.size(); i > 0; i--) {
            Runnable task = tasks.poll();
            if (task == null) {
                return;
            }
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "task failed on " + thread.getName(), e);
            }
        }
    }

    private void closeAllGracefully() {
        for (SelectionKey key : new ArrayList<>(selector.keys())) {
            if (key.attachment() instanceof NioConnection connection) {
                connection.close();
            } else if (key.attachment() instanceof SelectionHandler other) {
                other.abortOnShutdown(); // acceptors and pending connects end at once
            }
        }
    }

    private void shutdownNow() {
        state.set(TERMINATED);
        try {
            for (SelectionKey key : new ArrayList<>(selector.keys())) {
                if (key.attachment() instanceof SelectionHandler handler) {
                    handler.abortOnShutdown();
                }
            }
            runTasks(); // last tasks (e.g. registrations) see a closed loop rather than vanish silently
            timers.clear();
            selector.close();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "error closing " + thread.getName(), e);
        } finally {
            terminated.countDown();
        }
    }

    /** A timer that can be cancelled from any thread: the flag wins, the queue entry is removed lazily. */
    private final class CrossThreadTimer implements Cancellable, Runnable {
        private final AtomicBoolean done = new AtomicBoolean();
        private final Runnable task;
        private volatile Cancellable queued;

        CrossThreadTimer(Runnable task) {
            this.task = task;
        }

        void attach(Cancellable entry) {
            queued = entry;
            if (done.get()) {
                entry.cancel();
            }
        }

        @Override
        public void run() {
            if (done.compareAndSet(false, true)) {
                task.run();
            }
        }

        @Override
        public boolean cancel() {
            if (!done.compareAndSet(false, true)) {
                return false;
            }
            Cancellable entry = queued;
            if (entry != null) {
                if (inEventLoop()) {
                    entry.cancel();
                } else if (state.get() != TERMINATED) {
                    try {
                        execute(entry::cancel);
                    } catch (RejectedExecutionException ignored) {
                        // the loop ended meanwhile: its timers are gone anyway
                    }
                }
            }
            return true;
        }
    }
}
