package io.h2scope.conformance.runner;

import io.h2scope.conformance.spec.Level;
import io.h2scope.conformance.target.Target;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** A finished run: results in suite order. */
public record RunResult(Target target, boolean strict, Instant startedAt, Duration elapsed, List<CaseResult> results) {

    public RunResult {
        results = List.copyOf(results);
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

    public boolean passed() {
        return blockingFailures() == 0;
    }
}
