package io.h2scope.engine.transport;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The spin of a blocking caller that reads its own response ({@link ConnectionOwnership}): before it sleeps in its
 * selector, the caller looks at its input without sleeping for a while, so a response that comes within it finds the
 * thread awake. Waking a sleeping thread costs tens of microseconds on a virtual machine, more than a server on the
 * same machine takes to answer. Spinning callers are counted: at most one per core but one (one on a single core),
 * so they never take every core from the threads whose work they wait for; on a single core a spinning caller yields
 * at each look, letting the other threads run.
 */
final class CallerSpin {

    private static final int CORES = Runtime.getRuntime().availableProcessors();
    /** How many callers may spin at once. */
    static final int MAX_SPINNING = Math.max(1, CORES - 1);
    private static final AtomicInteger SPINNING = new AtomicInteger();

    private CallerSpin() {
    }

    /** Whether this caller may spin now ({@code nanos} > 0 and a place free); if so it must {@link #end} once. */
    static boolean tryStart(long nanos) {
        if (nanos <= 0) {
            return false;
        }
        if (SPINNING.incrementAndGet() > MAX_SPINNING) {
            SPINNING.decrementAndGet();
            return false;
        }
        return true;
    }

    /** Between two looks that found nothing. */
    static void pause() {
        if (CORES == 1) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    /** The caller stopped spinning (its time ran out, or its wait ended). */
    static void end() {
        SPINNING.decrementAndGet();
    }

    /** How many callers spin now. */
    static int spinning() {
        return SPINNING.get();
    }
}
