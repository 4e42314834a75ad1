package io.h2scope.engine.transport;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A log line that an attacker cannot multiply: the first occurrence is logged at once, later ones are
 * counted and summed up in at most one line per interval ("... 734 times in the last 10 s").
 * Thread-safe; cheap when it does not log.
 */
public final class IntervalLog {

    private final Consumer<String> out;
    private final long intervalNanos;
    private final LongSupplier clock;
    private long total;
    private long sinceLastLine;
    private long lastLineAt;
    private boolean logged;
    /** What the occurrences held back since the last line said, for {@link #flush}. */
    private String heldBack;

    /** Lines go to {@code logger} at WARNING. */
    public static IntervalLog warnings(System.Logger logger, long intervalNanos) {
        return new IntervalLog(line -> logger.log(System.Logger.Level.WARNING, line), intervalNanos, System::nanoTime);
    }

    public IntervalLog(Consumer<String> out, long intervalNanos, LongSupplier clock) {
        this.out = Objects.requireNonNull(out, "out");
        if (intervalNanos < 1) {
            throw new IllegalArgumentException("log interval must be positive, got " + intervalNanos + " ns");
        }
        this.intervalNanos = intervalNanos;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Counts one occurrence and logs {@code what} when no line was written within the interval.
     *
     * @return true when this occurrence was held back and is the first held back since the last line: the caller
     *         arranges a {@link #flush} one {@link #intervalNanos()} later, so that a burst that stops is still told
     */
    public boolean record(String what) {
        String line;
        synchronized (this) {
            total++;
            sinceLastLine++;
            long now = clock.getAsLong();
            if (logged && now - lastLineAt < intervalNanos) {
                heldBack = what;
                return sinceLastLine == 1;
            }
            line = summary(what, now);
        }
        out.accept(line);
        return false;
    }

    /** Logs the occurrences held back since the last line, once the interval since that line has passed. */
    public void flush() {
        String line;
        synchronized (this) {
            long now = clock.getAsLong();
            if (sinceLastLine == 0 || now - lastLineAt < intervalNanos) {
                return;
            }
            line = summary(heldBack, now);
        }
        out.accept(line);
    }

    /** The interval between two lines. */
    public long intervalNanos() {
        return intervalNanos;
    }

    private String summary(String what, long now) {
        String line = sinceLastLine == 1 ? what
                : what + " (" + sinceLastLine + " times in the last " + (now - lastLineAt) / 1_000_000 + " ms, "
                + total + " in all)";
        logged = true;
        lastLineAt = now;
        sinceLastLine = 0;
        return line;
    }

    /** Occurrences counted since creation. */
    public synchronized long total() {
        return total;
    }
}
