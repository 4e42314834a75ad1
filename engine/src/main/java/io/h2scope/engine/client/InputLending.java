package io.h2scope.engine.client;

import io.h2scope.engine.transport.VirtualThreads;

/**
 * The client's half of a blocking caller doing its own request's I/O (the transport's half, who holds a
 * connection and who reads its input now, is {@code transport.ConnectionOwnership}): whose thread opens a
 * request's stream, when a connection's input is lent, which caller takes the reading over, and where. One
 * per {@link ClientConnection}; its state is touched only by the thread holding the connection. The package
 * documentation's threading model says why.
 */
final class InputLending {

    /** Who waits for a request's response, which decides what that thread may do on a connection. */
    enum Waiter {
        /** {@code sendAsync}: the loop opens the stream (those sent together leave in one write) and reads. */
        ASYNC,
        /** A blocking send on a virtual thread: opens its stream when the connection is free, then parks on its result (a selector would pin its carrier). */
        PARKING_CALLER,
        /** A blocking send on a platform thread: opens its stream when the connection is free, and reads its response itself while the input is lent. */
        READING_CALLER;

        /** For a request sent now from the calling thread. */
        static Waiter of(boolean blockingSend) {
            if (!blockingSend) {
                return ASYNC;
            }
            return VirtualThreads.isVirtual(Thread.currentThread()) ? PARKING_CALLER : READING_CALLER;
        }
    }

    /** The connection's lending across one batch of its work. */
    enum State {
        /** The input stays as the transport has it. */
        UNCHANGED,
        /** A reading caller's response was delivered in the work now running: once it ends, lend if nothing else is live. */
        LEND_WHEN_WORK_ENDS
    }

    private State state = State.UNCHANGED;

    /**
     * Any thread, about to open a stream: whether this thread opens it itself when the connection is free
     * (a blocking caller, saving the loop's wake-up; or the loop, which would run it at once anyway) rather
     * than queue it for the loop.
     */
    boolean opensOnThisThread(Waiter waiter, boolean onLoopThread) {
        return waiter != Waiter.ASYNC || onLoopThread;
    }

    /**
     * With the connection held, just after this thread tried to open a request's stream here: whether the
     * caller takes the reading over now, so that the loop cannot read its response first. Only a reading
     * caller, off the loop, and only when the stream did open here: a request handed back to the route
     * (GOAWAY meanwhile, no stream id left) waits elsewhere, and a claim here would leave this input unread.
     */
    boolean claimsAfterOpening(Waiter waiter, boolean onLoopThread, boolean openedHere) {
        return waiter == Waiter.READING_CALLER && !onLoopThread && openedHere;
    }

    /** With the connection held: a response went to its waiting caller. */
    void delivered(Waiter waiter) {
        if (waiter == Waiter.READING_CALLER) {
            state = State.LEND_WHEN_WORK_ENDS;
        }
    }

    /**
     * With the connection held, when a batch of its work ends: whether to lend the input now (a reading
     * caller's response was delivered and {@code idle}: no other stream is live, so no one else waits on it).
     */
    boolean lendsNow(boolean idle) {
        if (state != State.LEND_WHEN_WORK_ENDS) {
            return false;
        }
        state = State.UNCHANGED;
        return idle;
    }

    /**
     * The condition a caller reading {@code conn}'s input for its request stops at: the response arrived, or
     * the request left the connection (retried elsewhere after GOAWAY or REFUSED_STREAM), so that the caller
     * gives this input back at once and follows the request.
     */
    static boolean readingDone(RequestTask<?> task, ClientConnection conn) {
        return task.result.isDone() || !task.streamIsOn(conn);
    }

    /** For tests. */
    State state() {
        return state;
    }
}
