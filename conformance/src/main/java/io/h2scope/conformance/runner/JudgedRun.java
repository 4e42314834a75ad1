package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.targets.RunSubject;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A finished run as the reports and the exit status read it, whichever suite ran it: its cases in suite order and
 * whether it says anything at all ({@link RunResult.Status}).
 */
public interface JudgedRun {

    /** What the run judged. */
    RunSubject subject();

    /** --strict: SHOULD-level cases ran and every FAIL blocks. */
    boolean strict();

    Instant startedAt();

    Duration elapsed();

    /** The cases that ran, in suite order. */
    List<? extends JudgedCase> results();

    /** Why the subject could not be judged (from some case on), or null. */
    String unreachable();

    /** Cases not run because the subject could not be judged any more. */
    int notRun();

    /** A run with more INCONCLUSIVE verdicts than this share (percent) of the cases judged says nothing. */
    int maxInconclusivePercent();

    default Map<Outcome, Integer> counts() {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            counts.put(outcome, 0);
        }
        results().forEach(r -> counts.merge(r.verdict().outcome(), 1, Integer::sum));
        return counts;
    }

    /**
     * Failures that fail the run (and the CLI's exit status): every MUST-level FAIL, and under
     * --strict every FAIL (SHOULD-level cases only run then).
     */
    default long blockingFailures() {
        return results().stream()
                .filter(r -> r.verdict().outcome() == Outcome.FAIL && (strict() || r.facts().level() == Level.MUST))
                .count();
    }

    /** INCONCLUSIVE verdicts as a share of the cases that ran and were not skipped, in percent. */
    default double inconclusivePercent() {
        long judged = results().stream().filter(r -> r.verdict().outcome() != Outcome.SKIP).count();
        long inconclusive = counts().get(Outcome.INCONCLUSIVE);
        return judged == 0 ? 0 : 100.0 * inconclusive / judged;
    }

    default RunResult.Status status() {
        if (unreachable() != null) {
            return RunResult.Status.UNREACHABLE;
        }
        if (blockingFailures() > 0) {
            return RunResult.Status.FAILED;
        }
        if (inconclusivePercent() > maxInconclusivePercent()) {
            return RunResult.Status.INCONCLUSIVE;
        }
        return RunResult.Status.PASSED;
    }

    default boolean passed() {
        return status() == RunResult.Status.PASSED;
    }

    /** Why the run did not pass although no case failed, in one line; empty when it passed or a case failed. */
    default Optional<String> diagnosis() {
        return switch (status()) {
            case UNREACHABLE -> Optional.of(unreachable() + (notRun() > 0 && !results().isEmpty()
                    ? " (" + notRun() + " cases not run)" : ""));
            case INCONCLUSIVE -> Optional.of(String.format(Locale.ROOT,
                    "%d of the %d cases judged were INCONCLUSIVE (%.0f%%, more than the %d%% allowed): the verdicts say too "
                            + "little about %s; see the reasons above (timeouts, network trouble)",
                    counts().get(Outcome.INCONCLUSIVE), results().stream().filter(r -> r.verdict().outcome() != Outcome.SKIP).count(),
                    inconclusivePercent(), maxInconclusivePercent(), subject().url()));
            default -> Optional.empty();
        };
    }
}
