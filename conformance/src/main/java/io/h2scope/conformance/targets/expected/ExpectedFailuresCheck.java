package io.h2scope.conformance.targets.expected;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs of a target's cases, on one listener, held against its {@link ExpectedFailures}. Each run of a case agrees with
 * the file (a listed case FAILs, an unlisted one does not), contradicts it (a new FAIL, or a listed case that did not
 * FAIL and saw an answer), or, for a listed case, saw no answer at all: a {@link Verdict#closedWithoutAnswer() close
 * without an answer} neither confirms nor contradicts the listing ({@link Verdict#contradictsAFail()}). Cases marked
 * {@code ~} are left out.
 * <p>
 * A case that agreed in any run is settled, so a server's race never counts. One that never agreed is a mismatch when
 * some run contradicted the file, and unconfirmed when every run closed without an answer. A caller may run the
 * {@link #unsettled()} cases again and add those runs.
 */
public final class ExpectedFailuresCheck {

    private final Map<String, String> listed;
    private final Set<String> optional;
    private final Map<String, CaseRuns> cases = new LinkedHashMap<>();

    /** What the runs of one case showed so far. */
    private static final class CaseRuns {
        boolean agreed;
        String firstContradiction;
        int contradicting;
        int unanswered;
        String lastUnanswered;
    }

    public ExpectedFailuresCheck(ExpectedFailures file, boolean tls) {
        this.listed = file.forListener(tls);
        this.optional = file.optionalFor(tls);
    }

    /** Adds a run: the whole suite first (an entry whose case never runs is a mismatch: a typo), then any re-runs. */
    public void add(RunResult run) {
        for (CaseResult r : run.results()) {
            String id = r.definition().id().value();
            if (optional.contains(id)) {
                continue;
            }
            CaseRuns runs = cases.computeIfAbsent(id, k -> new CaseRuns());
            Verdict verdict = r.verdict();
            boolean isListed = listed.containsKey(id);
            boolean failed = verdict.outcome() == Outcome.FAIL;
            if (isListed == failed) {
                runs.agreed = true;
            } else if (failed) {
                contradicted(runs, "new FAIL (not in " + ExpectedFailures.FILE_NAME + "): " + id + ": " + verdict);
            } else if (verdict.contradictsAFail()) {
                contradicted(runs, "listed in " + ExpectedFailures.FILE_NAME + " but now " + verdict.outcome().label() + ": "
                        + id + " (listed because: " + listed.get(id) + ")");
            } else {
                runs.unanswered++;
                runs.lastUnanswered = verdict.actual();
            }
        }
    }

    private static void contradicted(CaseRuns runs, String line) {
        if (runs.firstContradiction == null) {
            runs.firstContradiction = line;
        }
        runs.contradicting++;
    }

    /** The cases that ran and never agreed with the file (mismatched or unconfirmed so far): worth running again. */
    public Set<String> unsettled() {
        Set<String> out = new LinkedHashSet<>();
        cases.forEach((id, runs) -> {
            if (!runs.agreed && (runs.contradicting > 0 || runs.unanswered > 0)) {
                out.add(id);
            }
        });
        return out;
    }

    /**
     * Case id to one line, for each case that contradicted the file in some run and agreed in none (with its first
     * contradiction), and each listed case that never ran: an empty map is a match.
     */
    public Map<String, String> mismatches() {
        Map<String, String> out = new LinkedHashMap<>();
        cases.forEach((id, runs) -> {
            if (!runs.agreed && runs.contradicting > 0) {
                out.put(id, runs.firstContradiction + (runs.contradicting > 1 ? " (in " + runs.contradicting + " runs, agreeing in none)" : ""));
            }
        });
        listed.forEach((id, reason) -> {
            if (!cases.containsKey(id)) {
                out.put(id, "listed in " + ExpectedFailures.FILE_NAME + " but not run: " + id);
            }
        });
        return out;
    }

    /**
     * Case id to one line, for each listed case whose every run closed without an answer: the listing is neither
     * confirmed nor contradicted, so it is not a mismatch, and it is not a confirmed FAIL either.
     */
    public Map<String, String> unconfirmed() {
        Map<String, String> out = new LinkedHashMap<>();
        cases.forEach((id, runs) -> {
            if (!runs.agreed && runs.contradicting == 0 && runs.unanswered > 0) {
                out.put(id, "listed in " + ExpectedFailures.FILE_NAME + ", not confirmed: " + id + ": "
                        + (runs.unanswered == 1 ? "its run " : "each of its " + runs.unanswered + " runs ") + runs.lastUnanswered
                        + ", which neither confirms nor contradicts it (listed because: " + listed.get(id) + ")");
            }
        });
        return out;
    }

    /**
     * One line per case that agreed in some run and not in another: a flip (contradicted, then agreed: a server race to
     * mark {@code ~} if it recurs), or a listed FAIL that some runs could not see (closed without an answer), not a flip.
     */
    public List<String> settledAfterDisagreeing() {
        List<String> out = new ArrayList<>();
        cases.forEach((id, runs) -> {
            if (runs.agreed && runs.contradicting > 0) {
                out.add("flaky, agreed in another run: " + runs.firstContradiction);
            } else if (runs.agreed && runs.unanswered > 0) {
                out.add(id + ": FAILed as listed, though " + runs.unanswered + (runs.unanswered == 1 ? " run " : " runs ")
                        + runs.lastUnanswered + " (no answer to judge, not a flip)");
            }
        });
        return out;
    }
}
