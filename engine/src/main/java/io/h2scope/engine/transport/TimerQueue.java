package io.h2scope.engine.transport;

import java.util.PriorityQueue;

/**
 * The delay queue of one loop (or of the in-memory pipe): no thread per timer. Confined to its
 * owner's thread; time is passed in, so the in-memory pipe can drive it with a virtual clock.
 * Equal deadlines run in the order they were scheduled.
 */
final class TimerQueue {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");

    private final PriorityQueue<Timer> queue = new PriorityQueue<>();
    private long nextSequence;
    private int cancelled;

    Cancellable add(long deadlineNanos, Runnable task) {
        Timer timer = new Timer(deadlineNanos, nextSequence++, task, this);
        queue.add(timer);
        return timer;
    }

    /** Nanoseconds until the next live timer is due (0 if overdue), or -1 if none is scheduled. */
    long nanosUntilNext(long nowNanos) {
        Timer head = queue.peek();
        while (head != null && head.cancelled) {
            queue.poll();
            cancelled--;
            head = queue.peek();
        }
        return head == null ? -1 : Math.max(0, head.deadlineNanos - nowNanos);
    }

    /**
     * Runs the timers due at {@code nowNanos}, earliest first. Timers added while running wait for the
     * next call, so a task that reschedules itself with no delay cannot spin this loop.
     *
     * @return how many ran
     */
    int runDue(long nowNanos) {
        long sequenceLimit = nextSequence;
        int ran = 0;
        while (true) {
            Timer head = queue.peek();
            if (head == null || head.deadlineNanos - nowNanos > 0 || head.sequence >= sequenceLimit) {
                return ran;
            }
            queue.poll();
            if (head.cancelled) {
                cancelled--;
                continue;
            }
            head.cancelled = true;
            ran++;
            try {
                head.task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "timer task failed", e);
            }
        }
    }

    int size() {
        return queue.size() - cancelled;
    }

    void clear() {
        queue.clear();
        cancelled = 0;
    }

    private void onCancelled() {
        cancelled++;
        // lazy removal keeps cancel O(1); purge when dead timers dominate (e.g. idle timers re-armed per read)
        if (cancelled > 64 && cancelled > queue.size() / 2) {
            queue.removeIf(t -> t.cancelled);
            cancelled = 0;
        }
    }

    private static final class Timer implements Cancellable, Comparable<Timer> {
        final long deadlineNanos;
        final long sequence;
        final Runnable task;
        final TimerQueue owner;
        boolean cancelled;

        Timer(long deadlineNanos, long sequence, Runnable task, TimerQueue owner) {
            this.deadlineNanos = deadlineNanos;
            this.sequence = sequence;
            this.task = task;
            this.owner = owner;
        }

        /** Must be called on the owner's thread (ConnectionContext implementations hop there first). */
        @Override
        public boolean cancel() {
            if (cancelled) {
                return false;
            }
            cancelled = true;
            owner.onCancelled();
            return true;
        }

        @Override
        public int compareTo(Timer other) {
            long d = deadlineNanos - other.deadlineNanos; // overflow-safe comparison of nanoTime values
            if (d != 0) {
                return d < 0 ? -1 : 1;
            }
            return Long.compare(sequence, other.sequence);
        }
    }
}
