package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.targets.expected.ExpectedFailuresCheck;
import io.h2scope.conformance.verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole intermediary suite over every real intermediary in docker-targets/ (each folder with a proxy.properties),
 * run as a local process from its Debian package: its FAILs are exactly its folder's expected-failures.txt (held by
 * the server targets' {@link ExpectedFailuresCheck}; the cases that disagree run once more, so a race settles), no case
 * is INCONCLUSIVE twice, and the intermediary survives the run. A missing binary skips that intermediary with the reason.
 */
@Tag("real-server-matrix")
class IntermediaryMatrixTest {

    static List<String> intermediaries() throws Exception {
        List<String> names = LocalIntermediary.names();
        assertFalse(names.isEmpty(), "no docker-targets/*/" + LocalIntermediary.PROPERTIES + " found");
        return names;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("intermediaries")
    void failsAsItsExpectedFailuresSay(String name) throws Exception {
        Properties spec = LocalIntermediary.spec(name);
        String unavailable = LocalIntermediary.unavailableReason(spec);
        Assumptions.assumeTrue(unavailable == null, unavailable);
        ExpectedFailures expected = LocalIntermediary.expectedFailures(spec);
        try (Origin origin = Origin.start(LocalIntermediary.origin(spec), 0);
                LocalIntermediary proxy = LocalIntermediary.start(name, origin.port())) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(proxy.front(), proxy.frontTls(),
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            assertTrue(runner.unreachable().isEmpty(), () -> name + " forwards to the origin\n" + proxy.log());
            Target front = new Target(name, "127.0.0.1", proxy.front().getPort(), proxy.frontTls() != null, "/");
            List<ProxySuiteRunner.Result> results = runner.run(ProxySuite.sections());
            ExpectedFailuresCheck check = new ExpectedFailuresCheck(expected, false);
            check.add(run(front, results));
            // once more: the cases that disagree with the file, and any INCONCLUSIVE (haproxy now and then answers a
            // fresh connection's only stream with RST_STREAM REFUSED_STREAM, which says "retry")
            Set<String> again = new HashSet<>(check.unsettled());
            results.stream().filter(r -> inconclusive(r)).forEach(r -> again.add(r.definition().id().value()));
            List<ProxySuiteRunner.Result> rerun = new ArrayList<>();
            for (ProxySuiteRunner.Result r : results) {
                if (again.contains(r.definition().id().value())) {
                    rerun.add(new ProxySuiteRunner.Result(r.section(), r.definition(), runner.run(r.definition()),
                            Duration.ZERO));
                }
            }
            check.add(run(front, rerun));
            String all = results.stream().map(r -> r.definition().id() + ": " + r.verdict())
                    .collect(Collectors.joining("\n"));
            List<String> inconclusive = rerun.stream().filter(IntermediaryMatrixTest::inconclusive)
                    .map(r -> r.definition().id() + ": " + r.verdict() + " (twice)").toList();
            assertTrue(check.mismatches().isEmpty(), () -> name + " against its " + ExpectedFailures.FILE_NAME + ":\n"
                    + String.join("\n", check.mismatches().values()) + "\n--- every verdict ---\n" + all);
            assertTrue(inconclusive.isEmpty(), () -> name + ":\n" + String.join("\n", inconclusive) + "\n" + proxy.log());
            assertTrue(proxy.isAlive(), () -> name + " died during the run:\n" + proxy.log());
        }
    }

    private static boolean inconclusive(ProxySuiteRunner.Result r) {
        return r.verdict().verdict().outcome() == Outcome.INCONCLUSIVE;
    }

    private static RunResult run(Target front, List<ProxySuiteRunner.Result> results) {
        List<CaseResult> cases = results.stream().map(ProxyRunReport::caseResult).toList();
        return ProxyRunReport.of(front, false, Instant.now(), Duration.ZERO, cases);
    }
}
