package io.h2scope.conformance.runner;

import io.h2scope.conformance.verdict.Outcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How the runs of each case agreed, for {@code --repeat N}: a case whose verdict changed between a
 * pass (PASS, PASS-LENIENT) and a FAIL is a flip, the thing a gate cannot live with; any other
 * difference (PASS against PASS-LENIENT, an INCONCLUSIVE among passes) is shown but is not a flip.
 */
public final class Agreement {

    /** One case's outcomes over its runs. */
    public record CaseAgreement(String caseId, Map<Outcome, Integer> outcomes, int runs) {

        /** Every run gave the same outcome. */
        public boolean unanimous() {
            return outcomes.size() == 1;
        }

        /** Some runs passed and some failed. */
        public boolean flipped() {
            return outcomes.containsKey(Outcome.FAIL)
                    && (outcomes.containsKey(Outcome.PASS) || outcomes.containsKey(Outcome.PASS_LENIENT));
        }

        /** The runs that gave the most frequent outcome. */
        public int agreeing() {
            return outcomes.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }

        /** E.g. {@code 4 of 5 runs agreed: PASS 4, FAIL 1}. */
        public String describe() {
            return agreeing() + " of " + runs + " runs agreed: " + outcomes.entrySet().stream()
                    .map(e -> e.getKey().label() + " " + e.getValue()).collect(Collectors.joining(", "));
        }
    }

    private final List<CaseAgreement> cases;

    private Agreement(List<CaseAgreement> cases) {
        this.cases = List.copyOf(cases);
    }

    public static Agreement of(RunResult run) {
        Map<String, Map<Outcome, Integer>> byCase = new LinkedHashMap<>();
        Map<String, Integer> runs = new LinkedHashMap<>();
        for (CaseResult r : run.results()) {
            String id = r.definition().id().value();
            byCase.computeIfAbsent(id, k -> new EnumMap<>(Outcome.class)).merge(r.verdict().outcome(), 1, Integer::sum);
            runs.merge(id, 1, Integer::sum);
        }
        List<CaseAgreement> cases = new ArrayList<>();
        byCase.forEach((id, outcomes) -> cases.add(new CaseAgreement(id, Map.copyOf(outcomes), runs.get(id))));
        return new Agreement(cases);
    }

    /** True when some case ran more than once. */
    public boolean repeated() {
        return cases.stream().anyMatch(c -> c.runs() > 1);
    }

    public List<CaseAgreement> cases() {
        return cases;
    }

    /** The cases whose runs did not all agree, in suite order. */
    public List<CaseAgreement> disagreements() {
        return cases.stream().filter(c -> !c.unanimous()).toList();
    }

    /** The cases that flipped between a pass and a FAIL. */
    public List<CaseAgreement> flips() {
        return cases.stream().filter(CaseAgreement::flipped).toList();
    }
}
