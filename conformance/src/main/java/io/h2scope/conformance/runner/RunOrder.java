package io.h2scope.conformance.runner;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The order a run starts its cases in: those expected to take longest first, so that their waits overlap the many
 * short cases instead of trailing after them (a run lasts at least until its last case's start plus that case's
 * wait). Expected longest are a case with a budget (it may wait that long for the target to act; the longest budget
 * first), then a case the target is known to FAIL ({@link RunConfig#knownFailures()}): a known FAIL is often a
 * reaction that never comes, which only the case timeout decides. The others keep suite order. The order changes
 * no verdict: each case runs on its own connection, and results are reported in suite order whatever it is.
 */
final class RunOrder {

    private RunOrder() {
    }

    static List<SuiteRunner.Planned> longestFirst(List<SuiteRunner.Planned> cases, Set<String> knownFailures) {
        Comparator<SuiteRunner.Planned> byBudget = Comparator.comparing(
                (SuiteRunner.Planned p) -> p.definition().declaredBudget().orElse(Duration.ZERO)).reversed();
        Comparator<SuiteRunner.Planned> knownFailuresFirst = Comparator.comparing(
                p -> !knownFailures.contains(p.definition().id().value()));
        return cases.stream().sorted(byBudget.thenComparing(knownFailuresFirst)).toList(); // stable: suite order otherwise
    }
}
