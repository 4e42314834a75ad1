package io.h2scope.conformance.target;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.verdict.Outcome;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The docker-targets/ images built and run by Testcontainers, over h2c and TLS, with the same
 * expectations as the local runs. Skipped where no Docker engine answers (CI here has none).
 */
class ContainerTargetTest {

    @ParameterizedTest(name = "{0} in a container")
    @ValueSource(strings = {"nginx", "h2o", "apache2", "nghttpd", "haproxy"})
    void containerVerdictsMatchExpectedFailures(String name) throws Exception {
        assumeTrue(ContainerTarget.dockerAvailable(), "no Docker engine answers (DockerClientFactory.isDockerAvailable() is false): "
                + "the container targets run only where Docker exists; CI runs the same configs as local processes");
        TargetSpec spec = TargetRegistry.locate().get(name);
        try (ContainerTarget server = ContainerTarget.start(spec)) {
            for (Target target : List.of(server.h2c().orElseThrow(), server.tls().orElseThrow())) {
                RunResult run = new SuiteRunner(RunConfig.defaults(target)
                        .withPeer(PeerOptions.defaults().withInsecure(target.tls()))).run(Suites.all(), new io.h2scope.conformance.report.ConsoleReporter(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false, false));
                assertTrue(run.results().stream().noneMatch(r -> r.verdict().outcome() == Outcome.INCONCLUSIVE), target.name());
                List<String> mismatches = spec.expectedFailures().mismatches(run);
                assertTrue(mismatches.isEmpty(), () -> target.name() + ":\n" + String.join("\n", mismatches) + "\n" + server.log());
            }
        }
    }
}
