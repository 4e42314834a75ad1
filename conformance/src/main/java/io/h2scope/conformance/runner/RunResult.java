package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
        String unreachable, int notRun, int maxInconclusivePercent) {

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

    public Map<Outcome, Integer> counts() {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            counts.put(outcome, 0);
        }
        results.forEach(r -> counts.merge(r.verdict().outcome(), 1, Integer::sum));
        return counts;
    }

    /**
     * Failures that fail the run (and the CLI's exit status): every MUST-level FAIL, and under
     * --strict every FAIL (SHOULD-level cases only run then).
     */
    public long blockingFailures() {
        return results.stream()
                .filter(r -> r.verdict().outcome() == Outcome.FAIL && (strict || r.definition().level() == Level.MUST))
                .count();
    }

    /** INCONCLUSIVE verdicts as a share of the cases that ran and were not skipped, in percent. */
    public double inconclusivePercent() {
        long judged = results.stream().filter(r -> r.verdict().outcome() != Outcome.SKIP).count();
        long inconclusive = counts().get(Outcome.INCONCLUSIVE);
        return judged == 0 ? 0 : 100.0 * inconclusive / judged;
    }

    public Status status() {
        if (unreachable != null) {
            return Status.UNREACHABLE;
        }
        if (blockingFailures() > 0) {
            return Status.FAILED;
        }
        if (inconclusivePercent() > maxInconclusivePercent) {
            return Status.INCONCLUSIVE;
        }
        return Status.PASSED;
    }

    public boolean passed() {
        return status() == Status.PASSED;
    }

    /** Why the run did not pass although no case failed, in one line; empty when it passed or a case failed. */
    public Optional<String> diagnosis() {
        return switch (status()) {
            case UNREACHABLE -> Optional.of(unreachable + (notRun > 0 && !results.isEmpty() ? " (" + notRun + " cases not run)" : ""));
            case INCONCLUSIVE -> Optional.of(String.format(Locale.ROOT,
                    "%d of the %d cases judged were INCONCLUSIVE (%.0f%%, more than the %d%% allowed): the verdicts say too "
                            + "little about %s; see the reasons above (timeouts, network trouble)",
                    counts().get(Outcome.INCONCLUSIVE), results.stream().filter(r -> r.verdict().outcome() != Outcome.SKIP).count(),
                    inconclusivePercent(), maxInconclusivePercent, target.url()));
            default -> Optional.empty();
        };
    }
}
