package io.h2scope.engine.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Who works on one client {@link NioConnection} now, and who reads its input: the one place that holds the
 * client's threading policy (described for users in the {@code io.h2scope.engine.client} package documentation).
 *
 * <p><b>Work.</b> One thread at a time holds the connection. The loop never waits for it: when a caller holds
 * it, the loop's work for this connection (ready keys, tasks, timers) waits in {@link #loopWork}, the
 * connection's key stops reporting readiness ({@link #suspended}), and the loop serves its other connections;
 * the holder hands the waiting work back to the loop when it lets go. A caller takes the connection only when
 * the loop has no work waiting for it ({@link #tryHold}), so the loop's work is never overtaken.
 *
 * <p><b>Input.</b> {@link InputReader}: the loop reads ({@code LOOP}); lent, the loop still reads until a
 * caller waits ({@code LENT}), so frames the peer sends unasked are read as they arrive; one caller reads
 * on a selector of its own while it waits ({@code CALLER}), the loop's key then not watching reads, looking
 * without sleeping for the first part of its wait ({@link CallerSpin}). A caller
 * going from {@code CALLER} back to {@code LENT} does not wake the loop (one context switch per request on a
 * sequential caller's path): while the input is not the loop's, the loop wakes every {@link #LEND_POLL_NANOS}
 * instead, and its select then watches reads again.
 */
final class ConnectionOwnership implements ConnectionThreads, CallerAccess {

    /** Who reads the connection's input. */
    enum InputReader {
        /** The loop; callers wait to be woken. */
        LOOP,
        /** The loop, until the next caller that waits on the connection takes the reading over. */
        LENT,
        /** One waiting caller ({@link #readingCaller}); the loop's selector does not watch reads. */
        CALLER
    }

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    /** While the input is lent, how often the loop's select starts again (its granularity is a millisecond). */
    static final long LEND_POLL_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(1);
    /** The longest a reading caller waits in one select: it checks its request's end at least this often. */
    private static final long READER_SLICE_MILLIS = 10;
    /** Callers reading lent input read through a buffer of their own, not the loop's. */
    private static final ThreadLocal<ByteBuffer> CALLER_READ_BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(16 * 1024));

    private final OwnedConnection conn;
    private final LoopThread loop;
    private final ReentrantLock lock = new ReentrantLock();
    /** The loop's work for this connection that found it held, in the order it came. */
    private final ConcurrentLinkedQueue<Runnable> loopWork = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean loopWorkScheduled = new AtomicBoolean();
    /** The key reports no readiness while the loop's work waits (else the level-triggered selector spins). */
    private volatile boolean suspended;
    /** What {@link #afterRelease} deferred, run by the holder once it lets go; guarded by {@link #lock}. */
    private ArrayDeque<Runnable> afterRelease;
    private volatile InputReader reader = InputReader.LOOP;
    private volatile Thread readingCaller;
    /** The caller's own selector over the channel, made on the first caller read; closed with the connection. */
    private volatile Selector callerSelector;
    /** The loop's lend poll is armed; loop thread only. */
    private boolean polling;

    ConnectionOwnership(OwnedConnection conn, LoopThread loop) {
        this.conn = conn;
        this.loop = loop;
    }

    @Override
    public boolean heldByCurrentThread() {
        return lock.isHeldByCurrentThread();
    }

    @Override
    public boolean suspended() {
        return suspended;
    }

    InputReader reader() {
        return reader;
    }

    @Override
    public boolean callerReads() {
        return reader == InputReader.CALLER;
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        return type == CallerAccess.class ? Optional.of(type.cast(this)) : Optional.empty();
    }

    @Override
    public boolean onLoopThread() {
        return loop.inEventLoop();
    }

    // ---------------------------------------------------------------- the loop's work

    /** Loop thread: runs {@code work} with the connection now, or after the thread holding it lets go. Never waits. */
    @Override
    public void onLoop(Runnable work) {
        if (loopWork.isEmpty() && lock.tryLock()) {
            try {
                work.run();
            } finally {
                release();
            }
            return;
        }
        loopWork.add(work);
        runLoopWork();
    }

    /**
     * Loop thread: the connection's key is ready. Handled now when the connection is free, else the key is
     * silenced until the holder lets go, and the loop goes on with its other connections.
     */
    @Override
    public void onSelected(Runnable handleReady) {
        if (loopWork.isEmpty() && lock.tryLock()) {
            try {
                handleReady.run();
            } finally {
                release();
            }
            return;
        }
        if (!suspended) {
            suspended = true;
            loopWork.add(() -> {
                suspended = false;
                conn.updateInterest(true); // readiness still there is reported again at the next select
            });
        }
        conn.silenceKey();
        runLoopWork();
    }

    /** A task or timer of the loop: runs with the connection held, and the loop at work here reads for itself again. */
    @Override
    public Runnable loopTask(Runnable task) {
        return () -> onLoop(() -> {
            takeBack();
            task.run();
        });
    }

    /** Runs the loop's waiting work if the connection is free; else its holder schedules it when it lets go. */
    private void runLoopWork() {
        loopWorkScheduled.set(false);
        while (!loopWork.isEmpty() && lock.tryLock()) {
            try {
                Runnable work;
                while ((work = loopWork.poll()) != null) {
                    try {
                        work.run();
                    } catch (RuntimeException e) {
                        LOG.log(System.Logger.Level.WARNING, "loop work failed on " + conn.remote(), e);
                    }
                }
            } finally {
                release();
            }
        }
    }

    // ---------------------------------------------------------------- callers' work

    /** Any thread: takes the connection if it is free and the loop has nothing waiting for it. Never waits. */
    boolean tryHold() {
        if (!loopWork.isEmpty() && !lock.isHeldByCurrentThread()) {
            return false; // the loop's work goes first
        }
        return lock.tryLock();
    }

    /** A caller thread: takes the connection, waiting for the loop or another caller to let go (microseconds). */
    void hold() {
        lock.lock();
    }

    @Override
    public boolean runExclusively(BooleanSupplier task) {
        if (!tryHold()) { // reentrant: the holder (the loop at work here) may nest
            return false;
        }
        try {
            return conn.isOpen() && task.getAsBoolean();
        } finally {
            release();
        }
    }

    /** Runs {@code task} once the calling thread lets go of the connection, or at once when it does not hold it. */
    @Override
    public void afterRelease(Runnable task) {
        if (!lock.isHeldByCurrentThread()) {
            task.run();
            return;
        }
        if (afterRelease == null) {
            afterRelease = new ArrayDeque<>(2);
        }
        afterRelease.add(task);
    }

    /**
     * Lets go of the connection; when that was the outermost hold: the loop gets the work that waited for it
     * (run here when the loop has ended), then what {@link #afterRelease} deferred runs, outside the lock.
     */
    void release() {
        ArrayDeque<Runnable> deferred = null;
        if (lock.getHoldCount() == 1 && afterRelease != null && !afterRelease.isEmpty()) {
            deferred = afterRelease;
            afterRelease = null;
        }
        lock.unlock();
        if (lock.isHeldByCurrentThread()) {
            return;
        }
        if (!loopWork.isEmpty() && !loop.inEventLoop() && loopWorkScheduled.compareAndSet(false, true)) {
            try {
                loop.execute(this::runLoopWork);
            } catch (RejectedExecutionException e) {
                runLoopWork(); // the loop has ended: its last work for this connection (the abort) runs here
            }
        }
        if (deferred != null) {
            for (Runnable r : deferred) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "deferred task failed on " + conn.remote(), e);
                }
            }
        }
    }

    // ---------------------------------------------------------------- who reads

    /**
     * The loop, at work here with the connection held, lends its input to the next caller that waits on it.
     * Ignored off the loop, without the connection, and when the connection may not lend (closing, input ended,
     * output waiting for the socket).
     */
    @Override
    public void lendInput() {
        if (loop.inEventLoop() && heldByCurrentThread() && conn.mayLend()) {
            lend();
        }
    }

    /** With the connection held, on the loop: the next caller that waits may read the input itself. */
    private void lend() {
        if (reader == InputReader.LOOP) {
            reader = InputReader.LENT;
            if (!polling) {
                polling = true;
                loop.schedule(this::lendPoll, LEND_POLL_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
            }
        }
    }

    /**
     * Loop thread, without the connection: nothing to do but wake, so that the select that follows sees the
     * interest a caller left without waking the loop; again while the input is not the loop's.
     */
    private void lendPoll() {
        if (reader == InputReader.LOOP) {
            polling = false;
            return;
        }
        loop.schedule(this::lendPoll, LEND_POLL_NANOS, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** With the connection held: the loop reads again; a reading caller stops and waits to be woken. */
    void takeBack() {
        InputReader was = reader;
        if (was == InputReader.LOOP) {
            return;
        }
        reader = InputReader.LOOP;
        if (was == InputReader.CALLER) {
            readingCaller = null;
            conn.updateInterest(true);
            Selector s = callerSelector;
            if (s != null) {
                s.wakeup();
            }
        }
    }

    /**
     * A caller's thread, not the loop's: while the input is lent, reads it here until {@code done}, waiting on
     * a selector of its own. False at once when the input is not lent, for virtual threads (they park, freeing
     * their carrier) and when no selector can be made; false later when the loop took the input back or the
     * thread was interrupted. Once done, the input stays lent if {@code keepLent} says no one else waits on it.
     */
    @Override
    public boolean readWhileWaiting(BooleanSupplier done, BooleanSupplier keepLent, long spinNanos) {
        Thread me = Thread.currentThread();
        if (readingCaller != me && (reader != InputReader.LENT || loop.inEventLoop() || VirtualThreads.isVirtual(me))) {
            return false;
        }
        Selector s;
        hold();
        try {
            if (!(reader == InputReader.CALLER && readingCaller == me) && !claim()) {
                return false;
            }
            s = callerSelector;
        } finally {
            release();
        }
        boolean finished = false;
        try {
            finished = readUntil(s, me, done, spinNanos);
        } finally {
            hold();
            try {
                if (reader == InputReader.CALLER && readingCaller == me) {
                    readingCaller = null;
                    reader = finished && conn.isOpen() && keepLent.getAsBoolean() ? InputReader.LENT : InputReader.LOOP;
                    // the loop watches reads again: lent, from its next lend poll (this caller is back soon, most
                    // likely, and a wake-up now would cost it a context switch); else it is woken now
                    conn.updateInterest(reader == InputReader.LOOP);
                }
            } finally {
                release();
            }
        }
        return finished;
    }

    /**
     * With the connection held, on a caller's thread: when the input is lent, this caller reads it from now on
     * (and must go on to {@link #readWhileWaiting}). False when it is not lent, for the loop and virtual threads,
     * and when no selector can be made (out of file descriptors?): the loop reads, the caller parks.
     */
    @Override
    public void claimInput() {
        if (heldByCurrentThread()) {
            claim();
        }
    }

    boolean claim() {
        Thread me = Thread.currentThread();
        if (reader != InputReader.LENT || loop.inEventLoop() || VirtualThreads.isVirtual(me) || !conn.isOpen()) {
            return false;
        }
        try {
            callerSelector();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "caller cannot wait on " + conn.remote() + " itself: " + e);
            return false;
        }
        reader = InputReader.CALLER;
        readingCaller = me;
        conn.updateInterest(false); // the loop stops watching reads from its next select on
        return true;
    }

    private boolean readUntil(Selector s, Thread me, BooleanSupplier done, long spinNanos) {
        boolean spinning = CallerSpin.tryStart(spinNanos);
        long spinEnd = spinning ? System.nanoTime() + spinNanos : 0;
        try {
            while (readingCaller == me) {
                if (done.getAsBoolean()) { // the loop may have read it before this caller took the reading over
                    return true;
                }
                if (me.isInterrupted()) {
                    return false;
                }
                boolean look = spinning && System.nanoTime() - spinEnd < 0;
                if (spinning && !look) {
                    spinning = false;
                    CallerSpin.end();
                }
                // spinning: a look without sleeping; then sleeps, the request's own deadline ending them through done
                int ready = look ? s.selectNow() : s.select(READER_SLICE_MILLIS);
                if (ready > 0) {
                    s.selectedKeys().clear();
                    readAsCaller(me);
                } else if (look) {
                    CallerSpin.pause();
                }
            }
            return done.getAsBoolean();
        } catch (IOException | ClosedSelectorException e) {
            return done.getAsBoolean(); // the connection closed meanwhile
        } finally {
            if (spinning) {
                CallerSpin.end();
            }
        }
    }

    private void readAsCaller(Thread me) {
        hold(); // waits out the loop or a caller writing its request
        try {
            if (readingCaller == me && conn.isOpen()) {
                conn.readInto(CALLER_READ_BUFFER.get());
            }
        } finally {
            release(); // completions deferred by the read run now, on this thread
        }
    }

    /** With the connection held: the caller's selector, made on first use. */
    private Selector callerSelector() throws IOException {
        Selector s = callerSelector;
        if (s != null) {
            return s;
        }
        s = Selector.open();
        try {
            conn.registerForReads(s);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        callerSelector = s;
        return s;
    }

    /** With the connection held, as it closes: nobody reads any more; a reading caller's select ends. */
    @Override
    public void closed() {
        reader = InputReader.LOOP;
        readingCaller = null;
        Selector s = callerSelector;
        if (s != null) {
            try {
                s.close(); // deregisters the channel, whose socket is released only then
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "close caller selector of " + conn.remote() + ": " + e);
            }
        }
    }
}
