package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.targets.expected.ExpectedFailuresCheck;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A run of the intermediary suite held against an intermediary's {@code expected-failures.txt}: the one home of that
 * comparison, for {@code conform-proxy --expected} and IntermediaryMatrixTest. The server targets'
 * {@link ExpectedFailuresCheck} judges each case ({@code ~} lines never count); the cases that disagree with the file,
 * and every INCONCLUSIVE, run once more, so a race settles; a case INCONCLUSIVE twice is a mismatch of its own.
 */
public final class ExpectedProxyRun {

    private final ExpectedFailuresCheck check;
    private final List<ProxySuiteRunner.Result> reruns;
    private final Set<String> failedOnce = new LinkedHashSet<>();
    private final List<String> inconclusiveTwice;

    private ExpectedProxyRun(ExpectedFailuresCheck check, List<ProxySuiteRunner.Result> results,
            List<ProxySuiteRunner.Result> reruns) {
        this.check = check;
        this.reruns = List.copyOf(reruns);
        for (List<ProxySuiteRunner.Result> run : List.of(results, reruns)) {
            run.stream().filter(r -> r.verdict().verdict().outcome() == Outcome.FAIL)
                    .forEach(r -> failedOnce.add(r.definition().id().value()));
        }
        this.inconclusiveTwice = reruns.stream().filter(ExpectedProxyRun::inconclusive)
                .map(r -> r.definition().id() + ": " + r.verdict().verdict() + " (twice)").toList();
    }

    /**
     * Holds {@code results} (what {@code runner} ran: the whole suite, or its selection) against {@code expected},
     * running once more on {@code runner} the cases that disagree and every INCONCLUSIVE. A selection is held against
     * the file's entries of the cases it ran alone; only a whole run tells an entry that names no case.
     */
    public static ExpectedProxyRun check(ProxySuiteRunner runner, Target front, List<ProxySuiteRunner.Result> results,
            ExpectedFailures expected) throws InterruptedException {
        ExpectedFailures held = runner.runsAll() ? expected
                : expected.only(results.stream().map(r -> r.definition().id().value()).toList());
        ExpectedFailuresCheck check = new ExpectedFailuresCheck(held, false);
        check.add(runResult(front, results));
        Set<String> again = new LinkedHashSet<>(check.unsettled());
        results.stream().filter(ExpectedProxyRun::inconclusive).forEach(r -> again.add(r.definition().id().value()));
        List<ProxySuiteRunner.Result> reruns = new ArrayList<>();
        for (ProxySuiteRunner.Result r : results) {
            if (again.contains(r.definition().id().value())) {
                reruns.add(runner.run(new ProxySuiteRunner.Planned(r.section(), r.definition())));
            }
        }
        check.add(runResult(front, reruns));
        return new ExpectedProxyRun(check, results, reruns);
    }

    private static boolean inconclusive(ProxySuiteRunner.Result r) {
        return r.verdict().verdict().outcome() == Outcome.INCONCLUSIVE;
    }

    private static RunResult runResult(Target front, List<ProxySuiteRunner.Result> results) {
        List<CaseResult> cases = results.stream().map(ProxyRunReport::caseResult).toList();
        return ProxyRunReport.of(front, false, Instant.now(), Duration.ZERO, cases);
    }

    /** The cases run a second time, with their second verdicts. */
    public List<ProxySuiteRunner.Result> reruns() {
        return reruns;
    }

    /** Case id to one line, for each case that disagreed with the file in every run (see {@link ExpectedFailuresCheck}). */
    public Map<String, String> mismatches() {
        return check.mismatches();
    }

    /** One line per case INCONCLUSIVE in both runs. */
    public List<String> inconclusiveTwice() {
        return inconclusiveTwice;
    }

    /** The mismatched cases that FAILed without being listed. */
    public List<String> unexpectedFails() {
        return mismatches().keySet().stream().filter(failedOnce::contains).toList();
    }

    /** The mismatched cases that are listed and did not FAIL (or never ran). */
    public List<String> unexpectedPasses() {
        return mismatches().keySet().stream().filter(id -> !failedOnce.contains(id)).toList();
    }

    /** Whether the run is as the file says: no mismatch and no case INCONCLUSIVE twice. */
    public boolean asExpected() {
        return mismatches().isEmpty() && inconclusiveTwice.isEmpty();
    }

    /** One line: as expected, or the unexpected FAILs and PASSes (and cases INCONCLUSIVE twice) by id. */
    public String summary() {
        if (asExpected()) {
            return "as expected: every FAIL is listed and every listed case FAILed (timing-dependent ~ lines aside)";
        }
        List<String> parts = new ArrayList<>();
        parts.add(count(unexpectedFails(), "unexpected FAIL"));
        parts.add(count(unexpectedPasses(), "unexpected PASS"));
        if (!inconclusiveTwice.isEmpty()) {
            parts.add(inconclusiveTwice.size() + " INCONCLUSIVE twice (" + String.join(", ", inconclusiveTwice.stream()
                    .map(l -> l.substring(0, l.indexOf(':'))).toList()) + ")");
        }
        return "not as expected: " + String.join("; ", parts);
    }

    private static String count(List<String> ids, String what) {
        return ids.size() + " " + what + (ids.size() == 1 ? "" : what.endsWith("S") ? "es" : "s")
                + (ids.isEmpty() ? "" : " (" + String.join(", ", ids) + ")");
    }
}
