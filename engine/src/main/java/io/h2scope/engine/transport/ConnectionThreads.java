package io.h2scope.engine.transport;

import java.util.Optional;

/**
 * Which threads may work on one {@link NioConnection}, and how the loop's own work reaches it: the loop's only
 * ({@link LoopConfinement}, servers), or the loop's and callers', one at a time ({@link ConnectionOwnership},
 * clients). The connection asks this instead of asking which kind it is.
 */
interface ConnectionThreads {

    /** Whether the calling thread may touch the connection's state now. */
    boolean heldByCurrentThread();

    /** Loop thread: runs {@code work} with the connection, now or once the thread holding it lets go. */
    void onLoop(Runnable work);

    /** Loop thread: the connection's key is ready; {@code handleReady} runs as {@link #onLoop} work would. */
    void onSelected(Runnable handleReady);

    /** A task or timer for the loop, wrapped to run with the connection held. */
    Runnable loopTask(Runnable task);

    /** A caller reads the input now: the loop's key does not watch reads. */
    boolean callerReads();

    /** The loop's work waits for the connection: its key reports nothing. */
    boolean suspended();

    /** With the connection held, as it closes. */
    void closed();

    /** What callers may do on the connection ({@link CallerAccess}), or empty. */
    <T> Optional<T> capability(Class<T> type);
}
