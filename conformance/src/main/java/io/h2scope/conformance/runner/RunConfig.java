package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.targets.Target;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * Everything a run needs.
 *
 * @param target    the server under test
 * @param peer      timeout, strictness, TLS trust
 * @param parallel  how many cases run at once (each on its own connection)
 * @param selection which cases
 * @param repeat    how many times each selected case runs (flakiness hunting)
 * @param maxInconclusivePercent the largest share of INCONCLUSIVE verdicts (of the cases that ran and were not
 *                  skipped) a run may have and still pass: above it the verdicts say too little to gate on
 * @param knownFailures the case ids the target is known to FAIL (its expected-failures.txt), empty when nothing is
 *                  known: the run starts them first ({@link RunOrder}); verdicts do not depend on it
 */
public record RunConfig(Target target, PeerOptions peer, int parallel, CaseSelection selection, int repeat,
        int maxInconclusivePercent, Set<String> knownFailures) {

    public static final int DEFAULT_PARALLEL = 4;
    /** The most cases run at once against one server. */
    public static final int MAX_PARALLEL = 64;
    /** The most times one case is run (flakiness hunting). */
    public static final int MAX_REPEAT = 1000;
    public static final int DEFAULT_MAX_INCONCLUSIVE_PERCENT = 10;

    public RunConfig {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(peer, "peer");
        Objects.requireNonNull(selection, "selection");
        knownFailures = Set.copyOf(knownFailures);
        if (parallel < 1 || parallel > MAX_PARALLEL) {
            throw new IllegalArgumentException("parallel must be 1.." + MAX_PARALLEL + ", got " + parallel);
        }
        if (repeat < 1 || repeat > MAX_REPEAT) {
            throw new IllegalArgumentException("repeat must be 1.." + MAX_REPEAT + ", got " + repeat);
        }
        if (maxInconclusivePercent < 0 || maxInconclusivePercent > 100) {
            throw new IllegalArgumentException("max inconclusive percent must be 0..100, got " + maxInconclusivePercent);
        }
    }

    public RunConfig(Target target, PeerOptions peer, int parallel, CaseSelection selection, int repeat,
            int maxInconclusivePercent) {
        this(target, peer, parallel, selection, repeat, maxInconclusivePercent, Set.of());
    }

    public RunConfig(Target target, PeerOptions peer, int parallel, CaseSelection selection, int repeat) {
        this(target, peer, parallel, selection, repeat, DEFAULT_MAX_INCONCLUSIVE_PERCENT);
    }

    public static RunConfig defaults(Target target) {
        return new RunConfig(target, PeerOptions.defaults(), DEFAULT_PARALLEL, CaseSelection.all(), 1);
    }

    public boolean strict() {
        return peer.strict();
    }

    public Duration timeout() {
        return peer.timeout();
    }

    public RunConfig withPeer(PeerOptions value) {
        return new RunConfig(target, value, parallel, selection, repeat, maxInconclusivePercent, knownFailures);
    }

    public RunConfig withParallel(int value) {
        return new RunConfig(target, peer, value, selection, repeat, maxInconclusivePercent, knownFailures);
    }

    public RunConfig withSelection(CaseSelection value) {
        return new RunConfig(target, peer, parallel, value, repeat, maxInconclusivePercent, knownFailures);
    }

    public RunConfig withRepeat(int value) {
        return new RunConfig(target, peer, parallel, selection, value, maxInconclusivePercent, knownFailures);
    }

    public RunConfig withMaxInconclusivePercent(int value) {
        return new RunConfig(target, peer, parallel, selection, repeat, value, knownFailures);
    }

    public RunConfig withKnownFailures(Set<String> value) {
        return new RunConfig(target, peer, parallel, selection, repeat, maxInconclusivePercent, value);
    }
}
