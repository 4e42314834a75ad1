package io.h2scope.engine.transport;

import java.util.function.BooleanSupplier;

/**
 * An optional capability of a client connection's transport (the NIO one has it, as its ownership object; servers
 * and the in-memory transport do not): threads other than the loop may work on the connection themselves, one at a time, so a
 * caller writes its own request and reads its own response instead of waking the loop twice. Found through
 * {@link ConnectionContext#capability}; the rules of who may do what, and when, are the client's threading
 * model ({@code io.h2scope.engine.client} package documentation).
 */
public interface CallerAccess {

    /** A transport without it (servers, the in-memory pipe): every call runs on the loop, nothing is lent. */
    CallerAccess LOOP_ONLY = new LoopOnly();

    /**
     * Runs {@code task} now on the calling thread, with the connection to itself, if no other thread works on
     * it and the loop has no work for it waiting; returns what the task returns, or false without running it.
     * Never blocks.
     */
    boolean runExclusively(BooleanSupplier task);

    /**
     * Runs {@code task} once the calling thread has let go of the connection, or at once when it does not hold
     * it: a caller woken then can take the connection at once.
     */
    void afterRelease(Runnable task);

    /**
     * From the connection's own work on its loop thread: the next caller that waits on this connection may
     * read its input itself ({@link #readWhileWaiting}); until one does, the loop keeps reading it.
     */
    void lendInput();

    /**
     * On a thread waiting for something the peer will send: reads the connection's input on this thread while
     * it is lent ({@link #lendInput}), until {@code done}; returns false at once when it cannot (the caller then
     * waits as usual). {@code keepLent}, evaluated with the connection to itself, says whether the input stays
     * lent once done (nobody else waits on it). For up to {@code spinNanos} the thread polls the input before it
     * sleeps in the kernel ({@link CallerSpin}).
     */
    boolean readWhileWaiting(BooleanSupplier done, BooleanSupplier keepLent, long spinNanos);

    /**
     * With the connection to this caller's thread ({@link #runExclusively}), just after it wrote the request
     * whose response it will wait for in {@link #readWhileWaiting}: when the input is lent, this thread takes
     * the reading over now, so that the loop cannot read that response first. The caller must then call
     * {@link #readWhileWaiting}, which gives the reading back once done.
     */
    void claimInput();

    /** Whether the calling thread is the connection's loop thread. */
    boolean onLoopThread();

    /** {@link #LOOP_ONLY}: the calling thread is taken to be the loop's, as nothing else works on the connection. */
    final class LoopOnly implements CallerAccess {
        private LoopOnly() {
        }

        @Override
        public boolean runExclusively(BooleanSupplier task) {
            return false;
        }

        @Override
        public void afterRelease(Runnable task) {
            task.run();
        }

        @Override
        public void lendInput() {
            // nothing to lend
        }

        @Override
        public boolean readWhileWaiting(BooleanSupplier done, BooleanSupplier keepLent, long spinNanos) {
            return false;
        }

        @Override
        public void claimInput() {
            // nothing to claim
        }

        @Override
        public boolean onLoopThread() {
            return true;
        }
    }
}
