package io.h2scope.conformance.runner;

import io.h2scope.conformance.peer.OutputViolation;
import io.h2scope.conformance.verdict.Outcome;
import io.h2scope.conformance.verdict.Verdict;
import java.util.List;
import java.util.stream.Collectors;

/** What the target's own output (its {@link OutputViolation}s) means for the verdicts. */
final class OutputJudgement {

    /** How many places an output case names where its rule was broken. */
    private static final int SHOWN = 3;

    private OutputJudgement() {
    }

    /**
     * A broken frame from the target fails the case it arrived in, whatever the case tests: a client
     * must treat it as a connection error, so nothing the case saw after it can be trusted as a pass.
     */
    static Verdict brokenFrames(Verdict verdict, List<OutputViolation> violations) {
        if (verdict.outcome() == Outcome.FAIL || verdict.outcome() == Outcome.SKIP) {
            return verdict;
        }
        return violations.stream().filter(OutputViolation::frameLevel).findFirst()
                .map(v -> Verdict.fail(verdict.expected(), "the target sent a frame that breaks " + v.describe()
                        + " (the case itself saw: " + verdict.actual() + ")"))
                .orElse(verdict);
    }

    /**
     * An {@code output/*} case judges its rule over the whole run: a violation seen in any other
     * case fails it too, naming where.
     */
    static CaseResult foldIn(CaseResult output, List<CaseResult> others) {
        String rule = output.definition().id().value();
        List<String> seen = others.stream()
                .flatMap(r -> r.outputViolations().stream().filter(v -> v.rule().equals(rule))
                        .map(v -> "in " + r.definition().id() + ": " + v.describe()))
                .distinct().toList();
        if (seen.isEmpty() || output.verdict().outcome() == Outcome.FAIL) {
            return output;
        }
        String where = seen.stream().limit(SHOWN).collect(Collectors.joining("; "))
                + (seen.size() > SHOWN ? "; and " + (seen.size() - SHOWN) + " more" : "");
        return output.withVerdict(Verdict.fail(output.verdict().expected(), "the rule was broken during the run, " + where));
    }
}
