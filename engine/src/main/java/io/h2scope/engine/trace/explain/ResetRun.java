package io.h2scope.engine.trace.explain;

import io.h2scope.engine.trace.model.Side;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Streams of one connection reset alike one after the other (by the same side, with the same code, for the same
 * rule): one finding, however many there are, so a reset storm reads as one account rather than a thousand. The
 * first reset's account stands for all of them; the rest are counted, and the first few named.
 */
final class ResetRun {

    /** What makes two resets alike. */
    record Key(Side by, long code, String ruleId) {
    }

    /** The first reset of the run, told in full. */
    record First(long nanosSinceStart, String label, String detail, Finding.RuleRef rule, List<Finding.Step> steps) {
    }

    private final Key key;
    private final First first;
    private final List<Integer> streams = new ArrayList<>();
    private int count;
    private long last;

    ResetRun(Key key, First first) {
        this.key = key;
        this.first = first;
    }

    boolean alike(Key other) {
        return Objects.equals(key, other);
    }

    void add(int streamId, long now) {
        if (streams.size() < Finding.STREAMS_SHOWN) {
            streams.add(streamId);
        }
        count++;
        last = now;
    }

    Key key() {
        return key;
    }

    First first() {
        return first;
    }

    List<Integer> streams() {
        return streams;
    }

    int count() {
        return count;
    }

    /** From the first reset to the last. */
    long nanos() {
        return last - first.nanosSinceStart();
    }
}
