package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TwoWayComparisonTest {

    private static final Section PING = Suites.all().stream().filter(s -> s.id().equals("http2/6.7")).findFirst().orElseThrow();
    private static final CaseDef CASE = PING.cases().get(0);
    private static final String ID = CASE.id().value();

    private static final Verdict WRONG_CODE = Verdict.fail("GOAWAY PROTOCOL_ERROR", "GOAWAY INTERNAL_ERROR (last_stream=0)");
    private static final Verdict CLOSED = Verdict.closedWithoutAnswer("GOAWAY PROTOCOL_ERROR", "GOAWAY", "closed (EOF)");
    private static final Verdict PASSED = Verdict.pass("GOAWAY PROTOCOL_ERROR", "GOAWAY PROTOCOL_ERROR (last_stream=0)");
    private static final Verdict EARLY_ANSWER = Verdict.lenient("GOAWAY PROTOCOL_ERROR", "RST_STREAM NO_ERROR after its complete response");

    private static RunResult run(Verdict verdict) {
        return new RunResult(new Target("t", "127.0.0.1", 1, false, "/"), false, Instant.EPOCH, Duration.ZERO,
                List.of(new CaseResult(PING, CASE, 1, verdict, List.of(), Duration.ofMillis(1))));
    }

    private static TwoWayComparison compare(List<Verdict> container, List<Verdict> local) {
        TwoWayComparison comparison = new TwoWayComparison("container", "local", Set.of());
        container.forEach(v -> comparison.addFirst(run(v)));
        local.forEach(v -> comparison.addSecond(run(v)));
        return comparison;
    }

    @Test
    @DisplayName("a FAIL in every run one way and a pass in every run the other is a difference, named with both ways' outcomes")
    void consistentFailAgainstPassDiffers() {
        TwoWayComparison comparison = compare(List.of(WRONG_CODE, WRONG_CODE, WRONG_CODE), List.of(PASSED, PASSED, PASSED));
        assertEquals(Set.of(ID), comparison.differing());
        String text = comparison.describeDifferences();
        assertTrue(text.contains("container FAIL 3") && text.contains("local PASS 3") && text.contains("GOAWAY INTERNAL_ERROR"), text);
        assertEquals(Set.of(ID), compare(List.of(PASSED), List.of(WRONG_CODE)).differing(), "either way round");
    }

    @Test
    @DisplayName("a lenient pass with an answer (an early response) contradicts a FAIL: a difference")
    void leniencyWithAnAnswerStillDiffers() {
        assertEquals(Set.of(ID), compare(List.of(EARLY_ANSWER, EARLY_ANSWER), List.of(WRONG_CODE, WRONG_CODE)).differing());
    }

    @Test
    @DisplayName("closes without an answer neither confirm nor contradict a wrong GOAWAY: no difference")
    void closesWithoutAnswerDoNotContradictAFail() {
        assertTrue(compare(List.of(WRONG_CODE, WRONG_CODE, WRONG_CODE), List.of(CLOSED, CLOSED, CLOSED)).differing().isEmpty());
        assertEquals(Set.of(ID), compare(List.of(WRONG_CODE, WRONG_CODE), List.of(CLOSED, PASSED)).differing(),
                "one real pass among the closes is an answer");
    }

    @Test
    @DisplayName("a case that FAILs in some runs of a way only is that server's race, not a difference between the ways")
    void aFlipWithinOneWayIsNotADifference() {
        assertTrue(compare(List.of(WRONG_CODE, PASSED, WRONG_CODE), List.of(PASSED, PASSED, PASSED)).differing().isEmpty());
        assertTrue(compare(List.of(WRONG_CODE, WRONG_CODE), List.of(PASSED, WRONG_CODE)).differing().isEmpty());
    }

    @Test
    @DisplayName("a case of the ignored set (a target's ~ entries) never differs; nor does one run one way only")
    void ignoredAndOneSidedCasesDoNotDiffer() {
        TwoWayComparison ignored = new TwoWayComparison("container", "local", Set.of(ID));
        ignored.addFirst(run(WRONG_CODE));
        ignored.addSecond(run(PASSED));
        assertTrue(ignored.differing().isEmpty());
        assertTrue(compare(List.of(WRONG_CODE), List.of()).differing().isEmpty());
    }
}
