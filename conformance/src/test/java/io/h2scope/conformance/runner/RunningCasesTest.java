package io.h2scope.conformance.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.verdict.Verdict;
import io.h2scope.engine.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The progress ticker: a case still running is reported at each interval with its budget, and not once it ended.
 * The reports are driven by the test's own clock; the ticker thread is only shown to call them.
 */
class RunningCasesTest {

    private static final Duration INTERVAL = Duration.ofMillis(100);

    private record Report(Duration elapsed, Duration budget) {
    }

    private final List<Report> reports = new CopyOnWriteArrayList<>();
    private final RunListener listener = new RunListener() {
        @Override
        public void caseRunning(CaseDef definition, int iteration, Duration elapsed, Duration budget) {
            reports.add(new Report(elapsed, budget));
        }
    };
    private final SuiteRunner.Planned planned = new SuiteRunner.Planned(Suites.all().get(0),
            CaseDef.define("security/test-case").rfc("10.5", "10.5").sends("nothing").quote("q").accepts("a")
                    .budget(Duration.ofSeconds(7)).run(p -> Verdict.pass("a", "b")), 1);

    @Test
    void aRunningCaseIsReportedAtEachTickFromOneIntervalOnUntilItEnds() {
        // an interval far beyond the test: the ticker thread stays out of it, the test's ticks are the only ones
        try (RunningCases running = new RunningCases(listener, Duration.ofHours(1))) {
            long start = 1_000_000_000L;
            running.started(planned, Duration.ofSeconds(7), start);
            running.tick(start + Duration.ofHours(1).toNanos() / 2);
            running.tick(start + Duration.ofHours(1).toNanos() + 1);
            running.tick(start + Duration.ofHours(2).toNanos());
            running.ended(planned);
            running.tick(start + Duration.ofHours(3).toNanos());
        }
        assertEquals(List.of(new Report(Duration.ofHours(1).plusNanos(1), Duration.ofSeconds(7)),
                new Report(Duration.ofHours(2), Duration.ofSeconds(7))), reports,
                "nothing before one interval, a report per tick while running, nothing after the end");
    }

    @Test
    void theTickerReportsACaseThatRunsLongerThanTheInterval() throws Exception {
        try (RunningCases running = new RunningCases(listener, INTERVAL)) {
            running.started(planned, Duration.ofSeconds(7));
            Await.until(() -> !reports.isEmpty(), "a report from the ticker while the case runs");
            running.ended(planned);
        }
        Report first = reports.get(0);
        assertTrue(first.elapsed().compareTo(INTERVAL) >= 0, "reported before one interval: " + first);
        assertEquals(Duration.ofSeconds(7), first.budget());
    }
}
