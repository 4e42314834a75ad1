package io.h2scope.conformance.targets.expected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Verdict;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ExpectedFailuresCheckTest {

    /** Three cases of different sections: the first is listed, the second is not, the third is listed with ~. */
    private static final List<Section> SECTIONS = Suites.all().stream().filter(s -> !s.cases().isEmpty()).limit(3).toList();
    private static final String LISTED = id(0);
    private static final String UNLISTED = id(1);
    private static final String RACY = id(2);

    private static final Verdict WRONG_CODE = Verdict.fail("GOAWAY PROTOCOL_ERROR", "GOAWAY INTERNAL_ERROR (last_stream=0)");
    private static final Verdict CLOSED = Verdict.closedWithoutAnswer("GOAWAY PROTOCOL_ERROR", "GOAWAY", "closed (EOF)");
    private static final Verdict PASSED = Verdict.pass("GOAWAY PROTOCOL_ERROR", "GOAWAY PROTOCOL_ERROR (last_stream=0)");
    private static final Verdict EARLY_ANSWER = Verdict.lenient("GOAWAY PROTOCOL_ERROR", "RST_STREAM NO_ERROR after its complete response");

    private static String id(int section) {
        return SECTIONS.get(section).cases().get(0).id().value();
    }

    private static ExpectedFailures file() throws IOException {
        return ExpectedFailures.parse(List.of(LISTED + "   sends INTERNAL_ERROR where PROTOCOL_ERROR is due", "~" + RACY + "   races"), "test");
    }

    /** One run with the given verdicts for the listed, unlisted and ~ cases; a null verdict leaves that case out. */
    private static RunResult run(Verdict listed, Verdict unlisted, Verdict racy) {
        List<CaseResult> results = new ArrayList<>();
        Verdict[] verdicts = {listed, unlisted, racy};
        for (int i = 0; i < verdicts.length; i++) {
            if (verdicts[i] != null) {
                Section section = SECTIONS.get(i);
                results.add(new CaseResult(section, section.cases().get(0), 1, verdicts[i], List.of(), Duration.ofMillis(1)));
            }
        }
        return new RunResult(new Target("t", "127.0.0.1", 1, false, "/"), false, Instant.EPOCH, Duration.ZERO, results);
    }

    private static ExpectedFailuresCheck check(RunResult... runs) throws IOException {
        ExpectedFailuresCheck check = new ExpectedFailuresCheck(file(), false);
        for (RunResult run : runs) {
            check.add(run);
        }
        return check;
    }

    @Test
    @DisplayName("the listed case FAILing and the others not is a match with nothing to run again")
    void exactFailsMatch() throws IOException {
        ExpectedFailuresCheck check = check(run(WRONG_CODE, PASSED, WRONG_CODE));
        assertEquals(Map.of(), check.mismatches());
        assertEquals(Set.of(), check.unsettled());
        assertEquals(Map.of(), check.unconfirmed());
        assertEquals(List.of(), check.settledAfterDisagreeing());
    }

    @Test
    @DisplayName("a new FAIL, a listed case that passes with an answer (leniently too) and a listed case not run are mismatches")
    void contradictionsAreMismatches() throws IOException {
        ExpectedFailuresCheck check = check(run(PASSED, WRONG_CODE, PASSED));
        assertEquals(Set.of(LISTED, UNLISTED), check.mismatches().keySet());
        assertTrue(check.mismatches().get(UNLISTED).startsWith("new FAIL"), check.mismatches().get(UNLISTED));
        assertTrue(check.mismatches().get(LISTED).contains("but now PASS"), check.mismatches().get(LISTED));
        assertEquals(Set.of(LISTED, UNLISTED), check.unsettled());

        assertEquals(Set.of(LISTED), check(run(EARLY_ANSWER, PASSED, null)).mismatches().keySet(), "a lenient pass with an answer");
        String notRun = check(run(null, PASSED, null)).mismatches().get(LISTED);
        assertTrue(notRun != null && notRun.contains("not run"), String.valueOf(notRun));
        assertEquals(Set.of(), check(run(null, PASSED, null)).unsettled(), "a case that does not exist cannot be run again");
    }

    @Test
    @DisplayName("a listed case whose run closed without an answer is unconfirmed, not a mismatch, and worth running again")
    void closeWithoutAnswerIsUnconfirmedNotAMismatch() throws IOException {
        ExpectedFailuresCheck check = check(run(CLOSED, PASSED, null));
        assertEquals(Map.of(), check.mismatches());
        assertEquals(Set.of(LISTED), check.unsettled());
        String line = check.unconfirmed().get(LISTED);
        assertTrue(line != null && line.contains("closed the connection without GOAWAY") && line.contains("neither confirms nor contradicts"),
                String.valueOf(line));

        assertTrue(check(run(CLOSED, null, null), run(CLOSED, null, null)).unconfirmed().get(LISTED).contains("each of its 2 runs"));
        assertEquals(Set.of(), check(run(WRONG_CODE, CLOSED, null)).unsettled(), "an unlisted case that closed agrees with the file");
    }

    @Test
    @DisplayName("a listed FAIL confirmed on a re-run after a close without an answer is settled and not called a flip")
    void closeThenFailIsSettledWithoutAFlip() throws IOException {
        ExpectedFailuresCheck check = check(run(CLOSED, PASSED, null), run(WRONG_CODE, null, null));
        assertEquals(Map.of(), check.mismatches());
        assertEquals(Map.of(), check.unconfirmed());
        assertEquals(Set.of(), check.unsettled());
        assertEquals(1, check.settledAfterDisagreeing().size());
        String line = check.settledAfterDisagreeing().get(0);
        assertTrue(line.startsWith(LISTED) && line.contains("not a flip") && !line.contains("flaky"), line);
    }

    @Test
    @DisplayName("a real contradiction, then agreement, is a flip; a real contradiction among closes is still a mismatch")
    void realContradictionsCountUnlessAgreed() throws IOException {
        List<String> flaky = check(run(PASSED, null, null), run(WRONG_CODE, null, null)).settledAfterDisagreeing();
        assertEquals(1, flaky.size());
        assertTrue(flaky.get(0).startsWith("flaky") && flaky.get(0).contains(LISTED), flaky.get(0));

        ExpectedFailuresCheck mixed = check(run(PASSED, null, null), run(CLOSED, null, null), run(CLOSED, null, null));
        assertEquals(Set.of(LISTED), mixed.mismatches().keySet(), "one answer that contradicts, none that agrees");
        assertEquals(Map.of(), mixed.unconfirmed());
    }

    @Test
    @DisplayName("a ~ case is neither a mismatch nor unconfirmed, whatever it does")
    void racyCasesAreLeftOut() throws IOException {
        for (Verdict verdict : List.of(WRONG_CODE, PASSED, CLOSED)) {
            ExpectedFailuresCheck check = check(run(WRONG_CODE, PASSED, verdict));
            assertEquals(Map.of(), check.mismatches(), verdict.toString());
            assertEquals(Set.of(), check.unsettled(), verdict.toString());
        }
    }

    @Test
    @DisplayName("under --strict a close without an answer is a FAIL, which confirms a listed FAIL")
    void strictCloseIsAFail() throws IOException {
        Verdict strictClose = CLOSED.strictly(true);
        assertEquals(Map.of(), check(run(strictClose, PASSED, null)).mismatches());
        assertEquals(Map.of(), check(run(strictClose, PASSED, null)).unconfirmed());
    }
}
