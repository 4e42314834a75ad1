package io.h2scope.engine.server;

import java.util.Comparator;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Every stream of the server whose response waits on a closed flow-control window, oldest wait first, so that a
 * server over its {@code maxBufferedBytes} budget resets the streams that have waited longest, whichever connection
 * they are on. Each connection publishes its own streams ({@link #stalled}, {@link #resumed}) from its loop; any
 * thread may {@link #shed}. Time is what the connections pass in (their drivers' clock).
 */
final class StalledStreams {

    /** One stalled stream as published; {@code picked} holds the octets a shed counted on it (0: not picked, -1: gone). */
    static final class Stall {
        final Object owner;
        final int streamId;
        final long sinceNanos;
        final long sequence;
        volatile long bytes;
        /** The owner's tick that last saw it stalled (owner's loop only). */
        int generation;
        final AtomicLong picked = new AtomicLong();

        Stall(Object owner, int streamId, long sinceNanos, long sequence, long bytes) {
            this.owner = owner;
            this.streamId = streamId;
            this.sinceNanos = sinceNanos;
            this.sequence = sequence;
            this.bytes = bytes;
        }
    }

    private static final Comparator<Stall> OLDEST_FIRST = (a, b) -> {
        long d = a.sinceNanos - b.sinceNanos; // nanoTime values: compared by difference
        return d != 0 ? (d < 0 ? -1 : 1) : Long.compare(a.sequence, b.sequence);
    };

    private final ConcurrentSkipListSet<Stall> byAge = new ConcurrentSkipListSet<>(OLDEST_FIRST);
    private final AtomicLong sequence = new AtomicLong();
    /** Octets of the streams picked by a shed and not reset yet: a second shed does not count them again. */
    private final AtomicLong pendingRelease = new AtomicLong();

    /** A stream began to wait (or still waits, with {@code bytes} now) since {@code sinceNanos}; returns its entry. */
    Stall stalled(Object owner, int streamId, long sinceNanos, long bytes, Stall known) {
        if (known != null && known.sinceNanos == sinceNanos) {
            known.bytes = bytes;
            return known;
        }
        if (known != null) {
            resumed(known);
        }
        Stall s = new Stall(owner, streamId, sinceNanos, sequence.incrementAndGet(), bytes);
        byAge.add(s);
        return s;
    }

    /** The stream no longer waits (data went, or it ended, or it was reset). */
    void resumed(Stall s) {
        long counted = s.picked.getAndSet(-1);
        byAge.remove(s);
        if (counted > 0) {
            pendingRelease.addAndGet(-counted);
        }
    }

    /**
     * Picks the longest-waiting streams not picked before until their octets cover {@code excess} less what earlier
     * picks will release, and hands each to {@code reset} (which must end it on its own loop, and then
     * {@link #resumed} it). Returns how many it picked.
     */
    int shed(long excess, Consumer<Stall> reset) {
        long needed = excess - pendingRelease.get();
        int picked = 0;
        for (Stall s : byAge) {
            if (needed <= 0) {
                break;
            }
            long b = Math.max(1, s.bytes);
            if (s.picked.compareAndSet(0, b)) {
                pendingRelease.addAndGet(b);
                needed -= b;
                picked++;
                reset.accept(s);
            }
        }
        return picked;
    }

    int size() {
        return byAge.size();
    }
}
