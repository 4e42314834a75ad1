package io.h2scope.engine.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

/**
 * The one timer of a client: its requests' deadlines and its connect timeouts, checked by one daemon thread
 * every {@link #TICK_NANOS}. (The loop's own timers are the transport's: ticks, close flushes.)
 *
 * <p>Why not a {@code ScheduledExecutorService}: a request there costs a {@code ScheduledFutureTask}
 * and a heap insert and removal, and when the queue was empty (every request of a sequential caller) it
 * wakes the timer thread just to re-park it: one context switch per request, on the latency path of a
 * one-core client. Here a deadline is a node linked into a list kept in deadline order (with one
 * timeout for all requests, an insert is an append), arming and disarming take a short lock and wake
 * nobody while the thread ticks, and the thread keeps ticking for {@link #LINGER_NANOS} after the
 * last deadline went, so a caller sending one request at a time never wakes it. The price: a deadline
 * fires up to one tick late.
 */
final class DeadlineSweeper implements AutoCloseable {

    /** How often due deadlines are looked for; also how late one may fire. */
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How long the thread keeps ticking with nothing armed before it parks until the next arm. */
    static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Something with a deadline: a request, a connect. Its links belong to the sweeper and are guarded by its lock. */
    abstract static class Node {
        private Node prev;
        private Node next;
        private long deadline;
        private boolean linked;

        /** The sweeper's thread: the deadline armed last has passed (it is no longer armed). */
        abstract void onDeadline(long nowNanos);
    }

    private final String threadName;
    private final long tickNanos;
    private final long lingerNanos;
    /** Called on every tick with the time; true while it wants the ticks to go on with no deadline armed. */
    private final LongPredicate tickWatcher;
    private final Object lock = new Object();
    private Node head;
    private Node tail;
    private Thread thread;
    /** The thread is parked until the next arm or {@link #wake} (not ticking). Volatile for wake's unlocked look. */
    private volatile boolean parkedIdle;
    private boolean closed;

    DeadlineSweeper(String threadName, LongPredicate tickWatcher) {
        this(threadName, TICK_NANOS, LINGER_NANOS, tickWatcher);
    }

    DeadlineSweeper(String threadName, long tickNanos, long lingerNanos, LongPredicate tickWatcher) {
        this.threadName = threadName;
        this.tickNanos = tickNanos;
        this.lingerNanos = lingerNanos;
        this.tickWatcher = tickWatcher;
    }

    /** Arms (or re-arms) {@code node} for {@code deadlineNanos} ({@link System#nanoTime} scale); any thread. */
    void arm(Node node, long deadlineNanos) {
        Thread wake = null;
        synchronized (lock) {
            if (closed) {
                return;
            }
            unlink(node);
            node.deadline = deadlineNanos;
            insertInOrder(node);
            if (thread == null) {
                thread = new Thread(this::run, threadName);
                thread.setDaemon(true);
                thread.start();
                return;
            }
            wake = takeParked();
        }
        if (wake != null) {
            LockSupport.unpark(wake);
        }
    }

    /** Holding the lock: the thread if it is parked until the next arm (it will tick again), else null. */
    private Thread takeParked() {
        if (!parkedIdle) {
            return null;
        }
        parkedIdle = false;
        return thread;
    }

    /** Any thread: the tick watcher has something to watch; the thread ticks again if it was parked. */
    void wake() {
        if (!parkedIdle) {
            return;
        }
        Thread t;
        synchronized (lock) {
            t = closed ? null : takeParked();
        }
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** The deadline will not fire (unless it is already firing); any thread. */
    void disarm(Node node) {
        synchronized (lock) {
            if (!closed) {
                unlink(node);
            }
        }
    }

    /** The thread is parked until the next arm, for tests. */
    boolean isParkedIdle() {
        synchronized (lock) {
            return parkedIdle;
        }
    }

    /** Deadlines armed now, for tests. */
    int armedCount() {
        synchronized (lock) {
            int n = 0;
            for (Node x = head; x != null; x = x.next) {
                n++;
            }
            return n;
        }
    }

    @Override
    public void close() {
        Thread t;
        synchronized (lock) {
            closed = true;
            head = tail = null; // the nodes' own links are never read again
            t = thread;
        }
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    private void run() {
        long lastArmedAt = System.nanoTime();
        List<Node> due = new ArrayList<>();
        while (true) {
            long now = System.nanoTime();
            boolean watching = false;
            try {
                watching = tickWatcher.test(now);
            } catch (RuntimeException e) {
                System.getLogger("h2scope.client").log(System.Logger.Level.WARNING, "tick watcher failed", e);
            }
            boolean idle;
            synchronized (lock) {
                if (closed) {
                    return;
                }
                while (head != null && head.deadline - now <= 0) {
                    Node n = head;
                    unlink(n);
                    due.add(n);
                }
                if (head != null || watching) {
                    lastArmedAt = now;
                }
                idle = head == null && due.isEmpty() && now - lastArmedAt >= lingerNanos;
                parkedIdle = idle;
            }
            for (Node n : due) {
                try {
                    n.onDeadline(now);
                } catch (RuntimeException e) {
                    System.getLogger("h2scope.client").log(System.Logger.Level.WARNING, "request deadline handler failed", e);
                }
            }
            due.clear();
            if (idle) {
                LockSupport.park(this);
                lastArmedAt = System.nanoTime();
            } else {
                LockSupport.parkNanos(this, tickNanos);
            }
        }
    }

    /** Holding the lock: links {@code node} after the last node due no later than it (from the tail: appends are the usual case). */
    private void insertInOrder(Node node) {
        Node after = tail;
        while (after != null && after.deadline - node.deadline > 0) {
            after = after.prev;
        }
        node.prev = after;
        node.next = after == null ? head : after.next;
        if (node.next != null) {
            node.next.prev = node;
        } else {
            tail = node;
        }
        if (after != null) {
            after.next = node;
        } else {
            head = node;
        }
        node.linked = true;
    }

    private void unlink(Node node) {
        if (!node.linked) {
            return;
        }
        if (node.prev != null) {
            node.prev.next = node.next;
        } else {
            head = node.next;
        }
        if (node.next != null) {
            node.next.prev = node.prev;
        } else {
            tail = node.prev;
        }
        node.prev = node.next = null;
        node.linked = false;
    }
}
