package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress ticker: a case still running is reported at each interval with its budget, and not once it ended. */
class RunningCasesTest {

    @Test
    void aRunningCaseIsReportedAtEachIntervalUntilItEnds() throws Exception {
        List<Duration> budgets = new ArrayList<>();
        RunListener listener = new RunListener() {
            @Override
            public void caseRunning(CaseDef definition, int iteration, Duration elapsed, Duration budget) {
                assertTrue(elapsed.toMillis() >= 100, "reported before one interval: " + elapsed);
                budgets.add(budget);
            }
        };
        CaseDef c = CaseDef.define("security/test-case").rfc("10.5", "10.5").sends("nothing").quote("q").accepts("a")
                .budget(Duration.ofSeconds(7)).run(p -> Verdict.pass("a", "b"));
        SuiteRunner.Planned planned = new SuiteRunner.Planned(Suites.all().get(0), c, 1);
        try (RunningCases running = new RunningCases(listener, Duration.ofMillis(100))) {
            running.started(planned, Duration.ofSeconds(7));
            Thread.sleep(450);
            running.ended(planned);
            int reported;
            synchronized (listener) {
                reported = budgets.size();
            }
            assertTrue(reported >= 2, "reports while running: " + reported);
            Thread.sleep(300);
            synchronized (listener) {
                assertEquals(reported, budgets.size(), "reported after the case ended");
                assertTrue(budgets.stream().allMatch(Duration.ofSeconds(7)::equals), budgets.toString());
            }
        }
    }
}
