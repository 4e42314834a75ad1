package io.h2scope.engine.transport;

import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An event loop a test steps by hand: tasks wait in a queue until the test runs them, timers run on a virtual
 * clock the test moves. The loop's thread is the one that made it (the test's), so code that asks "am I on the
 * loop?" gets the answer it would get in production, and other threads (callers in a test) can queue work to it.
 * Stepped and scheduled on by one thread at a time (its timers are not thread-safe). {@link InMemoryTransport} runs
 * on one; so does {@link ConnectionOwnership} in its tests.
 */
public final class ManualLoop implements LoopThread {

    private final Thread thread = Thread.currentThread();
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** Loop thread only, like the NIO loop's. */
    private final TimerQueue timers = new TimerQueue();
    private volatile boolean ended;
    private long nowNanos;

    @Override
    public boolean inEventLoop() {
        return Thread.currentThread() == thread;
    }

    /** Queued until {@link #runTasks}; rejected once {@link #end} was called. Any thread. */
    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        if (ended) {
            throw new RejectedExecutionException("the manual loop has ended");
        }
        tasks.add(task);
    }

    /** Runs at {@link #nowNanos()} + {@code delay} once the clock gets there. */
    @Override
    public Cancellable schedule(Runnable task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        return timers.add(nowNanos + unit.toNanos(Math.max(0, delay)), task);
    }

    /** The virtual clock, starting at 0. */
    public long nowNanos() {
        return nowNanos;
    }

    /** Tasks queued and not yet run. */
    public int pendingTasks() {
        return tasks.size();
    }

    /** Timers not yet run nor cancelled. */
    public int pendingTimers() {
        return timers.size();
    }

    /** Runs the tasks queued before this call (not those they queue); returns how many ran. */
    public int runTasks() {
        int ran = 0;
        for (int i = tasks.size(); i > 0; i--) {
            Runnable task = tasks.poll();
            if (task == null) {
                break;
            }
            task.run();
            ran++;
        }
        return ran;
    }

    /** Runs the timers due at the current virtual time; returns how many ran. */
    public int runDueTimers() {
        return timers.runDue(nowNanos);
    }

    /** Nanoseconds from now to the next timer, 0 if one is due, negative when there is none. */
    public long nanosUntilNextTimer() {
        return timers.nanosUntilNext(nowNanos);
    }

    /** Moves the clock to {@code nanos} (never back) without running anything. */
    public void moveClockTo(long nanos) {
        if (nanos > nowNanos) {
            nowNanos = nanos;
        }
    }

    /** Runs tasks and due timers until none is left; returns the rounds that ran something. */
    public int runUntilIdle() {
        int rounds = 0;
        while (runTasks() + runDueTimers() > 0) {
            rounds++;
        }
        return rounds;
    }

    /** Moves the clock forward by {@code delay}, running timers in deadline order as their time comes. */
    public void advance(long delay, TimeUnit unit) {
        long target = nowNanos + unit.toNanos(delay);
        runUntilIdle();
        long next;
        while ((next = nanosUntilNextTimer()) >= 0 && nowNanos + next <= target) {
            nowNanos += next;
            runUntilIdle();
        }
        nowNanos = target;
        runUntilIdle();
    }

    /** From now on tasks are rejected, as an NIO loop's are once it has terminated. */
    public void end() {
        ended = true;
    }
}
