package io.h2scope.engine.core.limits;

/**
 * A token bucket on passed-in time: holds at most {@code capacity} tokens, starts full, and gains
 * {@code refillTokens} every {@code refillPeriodNanos}, credited in proportion to the time elapsed.
 * Each event takes one token; an event finding the bucket empty is over the rate.
 *
 * <p>Example: capacity 1000, 33 tokens per second. A burst of 1000 events at once passes; the
 * 1001st fails. Half a second later 16 tokens have come back (33 x 0.5, rounded down), so 16 more
 * pass. Time values are nanoTime-style and compared by difference, so they may wrap. No clock is
 * read here. Single-threaded.
 */
public final class TokenBucket {

    private final long capacity;
    private final long refillTokens;
    private final long refillPeriodNanos;
    private long tokens;
    private long lastRefillNanos;

    public TokenBucket(long capacity, long refillTokens, long refillPeriodNanos, long nowNanos) {
        if (capacity < 1 || refillTokens < 0 || refillPeriodNanos < 1) {
            throw new IllegalArgumentException("capacity >= 1, refill >= 0 and period >= 1 ns required, got "
                    + capacity + ", " + refillTokens + ", " + refillPeriodNanos);
        }
        this.capacity = capacity;
        this.refillTokens = refillTokens;
        this.refillPeriodNanos = refillPeriodNanos;
        this.tokens = capacity;
        this.lastRefillNanos = nowNanos;
    }

    /** A bucket refilled at {@code perSecond} tokens each second. */
    public static TokenBucket perSecond(long capacity, long perSecond, long nowNanos) {
        return new TokenBucket(capacity, perSecond, 1_000_000_000L, nowNanos);
    }

    /** Takes one token; false when none is left (the event is over the rate). */
    public boolean tryTake(long nowNanos) {
        refill(nowNanos);
        if (tokens == 0) {
            return false;
        }
        tokens--;
        return true;
    }

    /** Tokens available at {@code nowNanos}. */
    public long available(long nowNanos) {
        refill(nowNanos);
        return tokens;
    }

    public long capacity() {
        return capacity;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastRefillNanos;
        if (elapsed <= 0 || refillTokens == 0) {
            return;
        }
        if (tokens >= capacity) {
            lastRefillNanos = nowNanos; // full: time spent full earns nothing
            return;
        }
        // elapsed * refillTokens could overflow after long idle periods: cap at one full refill first
        long periodsToFill = (capacity - tokens + refillTokens - 1) / refillTokens;
        if (elapsed / refillPeriodNanos >= periodsToFill) {
            tokens = capacity;
            lastRefillNanos = nowNanos;
            return;
        }
        long earned = Math.multiplyHigh(elapsed, refillTokens) == 0 && elapsed * refillTokens >= 0
                ? elapsed * refillTokens / refillPeriodNanos
                : (elapsed / refillPeriodNanos) * refillTokens;
        if (earned == 0) {
            return;
        }
        tokens = Math.min(capacity, tokens + earned);
        // keep the fraction of a token not yet earned for next time
        lastRefillNanos += earned * refillPeriodNanos / refillTokens;
    }
}
