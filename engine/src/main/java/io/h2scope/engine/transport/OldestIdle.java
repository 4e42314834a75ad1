package io.h2scope.engine.transport;

import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Which connection to shed at a cap: the one idle the longest (nothing in flight, or no protocol yet), among those
 * that may still be picked. A connection with streams in flight is never shed.
 */
final class OldestIdle {

    private OldestIdle() {
    }

    /** The candidate idle the longest, or null when none is idle; {@code eligible} skips ones picked already. */
    static <T> T pick(Iterable<T> candidates, Function<T, ConnectionActivity> activity, Predicate<T> eligible) {
        T oldest = null;
        long oldestSince = 0;
        for (T c : candidates) {
            ConnectionActivity a = activity.apply(c);
            if (a == null || !eligible.test(c)) {
                continue;
            }
            long since = a.idleSinceNanos();
            if (a.isIdle() && (oldest == null || since - oldestSince < 0)) {
                oldest = c;
                oldestSince = since;
            }
        }
        return oldest;
    }
}
