package io.h2scope.conformance.runner;

import io.h2scope.conformance.targets.RunSubject;
import io.h2scope.conformance.targets.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A finished run: results in suite order, and whether the run says anything at all.
 *
 * @param target      the server under test
 * @param strict      --strict
 * @param startedAt   when the run started
 * @param elapsed     how long it took
 * @param results     the cases that ran, in suite order
 * @param unreachable why the target could not be reached (before the run, or from some point on), or null
 * @param notRun      cases not run because the target had become unreachable
 * @param maxInconclusivePercent see {@link RunConfig#maxInconclusivePercent()}
 */
public record RunResult(Target target, boolean strict, Instant startedAt, Duration elapsed, List<CaseResult> results,
        String unreachable, int notRun, int maxInconclusivePercent) implements JudgedRun {

    /** What a run means for a gate. */
    public enum Status {
        /** Every blocking case passed, and enough cases were conclusive. */
        PASSED,
        /** A blocking case failed. */
        FAILED,
        /** No connection reached the HTTP/2 handshake (or none did any more from some case on). */
        UNREACHABLE,
        /** Too many INCONCLUSIVE verdicts to tell anything. */
        INCONCLUSIVE
    }

    public RunResult {
        results = List.copyOf(results);
    }

    /** A run in which every planned case ran. */
    public RunResult(Target target, boolean strict, Instant startedAt, Duration elapsed, List<CaseResult> results) {
        this(target, strict, startedAt, elapsed, results, null, 0, RunConfig.DEFAULT_MAX_INCONCLUSIVE_PERCENT);
    }

    @Override
    public RunSubject subject() {
        return target;
    }
}
