package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole intermediary suite over every real intermediary in docker-targets/ (each folder with a proxy.properties),
 * run as a local process from its Debian package (h2scope-proxy: this build's relay in a JVM of its own, about 12 s): its
 * FAILs are exactly its folder's expected-failures.txt (held by {@link ExpectedProxyRun}, as {@code conform-proxy} holds
 * them), no case is INCONCLUSIVE twice, and the intermediary survives the run. A missing binary skips that
 * intermediary with the reason. Every folder by default; {@code -Dh2scope.proxies=NAME,...} runs only those.
 */
@Tag("real-server-matrix")
class IntermediaryMatrixTest {

    static List<String> intermediaries() throws Exception {
        List<String> names = ChosenIntermediaries.or("all").toList();
        assertFalse(names.isEmpty(), "no docker-targets/*/" + IntermediaryTarget.PROPERTIES + " found");
        return names;
    }

    /**
     * The intermediaries run at once, as many as conformance/pom.xml's JUnit parallelism allows (3): a run mostly
     * waits (each refused request is watched for at the origin {@link ProxyStage#DEFAULT_SETTLE} long), and each has
     * its own origin, free front port and state directory, its cases one after the other as a run alone has them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("intermediaries")
    @Execution(ExecutionMode.CONCURRENT)
    void failsAsItsExpectedFailuresSay(String name) throws Exception {
        Properties spec = IntermediaryTarget.spec(name);
        String unavailable = IntermediaryTarget.unavailableReason(spec);
        Assumptions.assumeTrue(unavailable == null, unavailable);
        ExpectedFailures expected = IntermediaryTarget.expectedFailures(spec);
        try (Origin origin = Origin.start(IntermediaryTarget.origin(spec), 0);
                IntermediaryTarget proxy = IntermediaryTarget.start(name, origin)) {
            ProxyStage stage = new ProxyStage(origin, new FrontClient(proxy.front(), proxy.frontTls(),
                    Duration.ofSeconds(5)), ProxyStage.DEFAULT_SETTLE);
            ProxySuiteRunner runner = new ProxySuiteRunner(stage, false);
            assertTrue(runner.unreachable().isEmpty(), () -> name + " forwards to the origin\n" + proxy.log());
            Target front = new Target(name, "127.0.0.1", proxy.front().getPort(), proxy.frontTls() != null, "/");
            List<ProxySuiteRunner.Result> results = runner.run(ProxySuite.sections());
            ExpectedProxyRun held = ExpectedProxyRun.check(runner, front, results, expected);
            String all = results.stream().map(r -> r.definition().id() + ": " + r.verdict())
                    .collect(Collectors.joining("\n"));
            assertTrue(held.mismatches().isEmpty(), () -> name + " against its " + ExpectedFailures.FILE_NAME + ": "
                    + held.summary() + "\n" + String.join("\n", held.mismatches().values()) + "\n--- every verdict ---\n"
                    + all);
            assertTrue(held.inconclusiveTwice().isEmpty(), () -> name + ":\n" + String.join("\n",
                    held.inconclusiveTwice()) + "\n" + proxy.log());
            assertTrue(proxy.isAlive(), () -> name + " died during the run:\n" + proxy.log());
        }
    }
}
