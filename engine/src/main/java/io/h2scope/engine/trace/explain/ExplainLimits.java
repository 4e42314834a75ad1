package io.h2scope.engine.trace.explain;

import java.util.concurrent.TimeUnit;

/**
 * How much an {@link Explainer} keeps and how long counts as long: each has a name, a default and a
 * {@code trace explain} flag (docs/TRACING.md).
 *
 * @param history     {@code --history}: the frames kept per connection (and streams whose request is remembered), the
 *                    most an account can show of what led to it; what a large recording costs in memory beyond its
 *                    open connections' state
 * @param stallNanos  {@code --stall}: how long a flow-control window must stay at zero to count as a stall
 * @param answerNanos {@code --unanswered}: how long a SETTINGS or PING may wait for its ACK before it counts as late
 */
public record ExplainLimits(int history, long stallNanos, long answerNanos) {

    public static final int DEFAULT_HISTORY = 32;
    public static final long DEFAULT_STALL_NANOS = TimeUnit.SECONDS.toNanos(1);
    public static final long DEFAULT_ANSWER_NANOS = TimeUnit.SECONDS.toNanos(1);

    public static final ExplainLimits DEFAULTS = new ExplainLimits(DEFAULT_HISTORY, DEFAULT_STALL_NANOS,
            DEFAULT_ANSWER_NANOS);

    public ExplainLimits {
        if (history < 1) {
            throw new IllegalArgumentException("history must keep at least 1 frame, got " + history);
        }
        if (stallNanos <= 0 || answerNanos <= 0) {
            throw new IllegalArgumentException("the stall and answer times must be above 0");
        }
    }
}
