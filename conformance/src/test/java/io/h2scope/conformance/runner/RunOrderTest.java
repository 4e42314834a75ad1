package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A run starts the cases expected to take longest first: budgets (longest first), then the target's known FAILs. */
class RunOrderTest {

    private static final Section SECTION = new Section() {
        @Override
        public String id() {
            return "test";
        }

        @Override
        public String title() {
            return "order";
        }

        @Override
        public List<CaseDef> cases() {
            return List.of();
        }
    };

    @Test
    void budgetsThenKnownFailuresThenSuiteOrder() {
        List<SuiteRunner.Planned> suite = List.of(planned("a", null), planned("b", null), planned("short-budget", Duration.ofSeconds(2)),
                planned("c", null), planned("known", null), planned("long-budget", Duration.ofSeconds(30)), planned("d", null));
        assertEquals(List.of("long-budget", "short-budget", "known", "a", "b", "c", "d"),
                ids(RunOrder.longestFirst(suite, Set.of("test/known", "test/not-in-this-run"))));
    }

    @Test
    void nothingKnownKeepsSuiteOrder() {
        List<SuiteRunner.Planned> suite = List.of(planned("b", null), planned("a", null), planned("c", null));
        assertEquals(List.of("b", "a", "c"), ids(RunOrder.longestFirst(suite, Set.of())));
    }

    @Test
    void everyRepetitionOfAKnownFailureStartsFirst() {
        CaseDef known = definition("known", null);
        CaseDef other = definition("other", null);
        List<SuiteRunner.Planned> suite = List.of(new SuiteRunner.Planned(SECTION, other, 1), new SuiteRunner.Planned(SECTION, other, 2),
                new SuiteRunner.Planned(SECTION, known, 1), new SuiteRunner.Planned(SECTION, known, 2));
        assertEquals(List.of("known#1", "known#2", "other#1", "other#2"), RunOrder.longestFirst(suite, Set.of("test/known")).stream()
                .map(p -> p.definition().id().value().substring("test/".length()) + "#" + p.iteration()).toList());
    }

    private static List<String> ids(List<SuiteRunner.Planned> order) {
        return order.stream().map(p -> p.definition().id().value().substring("test/".length())).toList();
    }

    private static SuiteRunner.Planned planned(String id, Duration budget) {
        return new SuiteRunner.Planned(SECTION, definition(id, budget), 1);
    }

    private static CaseDef definition(String id, Duration budget) {
        CaseDef.Builder b = CaseDef.define("test/" + id).rfc("3", "3").sends("nothing").quote("q").accepts("a");
        if (budget != null) {
            b.budget(budget);
        }
        return b.run(p -> Verdict.pass("a", "nothing"));
    }
}
