package io.h2scope.conformance.runner;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What the liveness probe after an error case asks, answered by the run's other connections: a connection that
 * was opened after the case ended and had our SETTINGS acknowledged proves that the target still accepts and
 * serves new connections, as the probe's own answered PING would. While other cases run beside it, one of
 * theirs usually comes within milliseconds, and the probe's own connection (a TLS handshake each) is not needed.
 * Thread-safe.
 */
final class LifeSigns {

    /** How long an error case waits for another connection's proof before it opens a probe of its own. */
    static final Duration BORROW_WAIT = Duration.ofMillis(250);

    private long latestOpened = Long.MIN_VALUE;
    private String latestWho;
    private int casesRunning;

    /** A connection opened (its TCP connect began) at {@code openedNanos} had our SETTINGS acknowledged. */
    synchronized void served(long openedNanos, String who) {
        if (openedNanos > latestOpened) {
            latestOpened = openedNanos;
            latestWho = who;
            notifyAll();
        }
    }

    synchronized void caseStarted() {
        casesRunning++;
    }

    synchronized void caseEnded() {
        casesRunning--;
        notifyAll();
    }

    /**
     * Which connection, opened at or after {@code sinceNanos}, was served, waiting at most {@link #BORROW_WAIT}
     * while a case is talking to the target (the asker has given up its turn); null when none was (the caller then
     * probes for itself).
     */
    synchronized String servedSince(long sinceNanos) throws InterruptedException {
        long deadline = System.nanoTime() + BORROW_WAIT.toNanos();
        while (latestOpened < sinceNanos) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || casesRunning == 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return latestWho + ", opened " + TimeUnit.NANOSECONDS.toMillis(latestOpened - sinceNanos) + " ms after this case ended";
    }
}
