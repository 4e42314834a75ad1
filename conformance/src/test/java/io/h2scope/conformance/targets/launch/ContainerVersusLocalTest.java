package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.runner.TwoWayComparison;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every docker-targets/ server as a container (Testcontainers builds its image once per content) and as
 * a local process, h2c and TLS: the same server must FAIL the same cases both ways (the ~ entries of its
 * expected-failures.txt, timing-dependent, are left out; RealServerConformanceTest holds the local FAILs
 * to that file). A case whose verdict differs runs {@link #RERUNS} more times both ways, and counts only
 * when {@link TwoWayComparison} still finds it FAILing in every run one way and in none the other.
 * Skipped, with the reason, where no Docker engine answers (.ci/run starts one) or the local package is missing.
 */
@Tag("container-matrix") // mvn -Pcontainers (a step of .ci/run of its own, which fails the build on a difference)
class ContainerVersusLocalTest {

    /** The further runs, both ways, of a case that differed in the first. */
    private static final int RERUNS = 2;

    static Stream<String> targets() {
        List<String> only = Stream.of(System.getProperty("h2scope.targets", "").split(",")).filter(s -> !s.isBlank()).toList();
        return TargetRegistry.locateUnchecked().all().stream().map(TargetSpec::name).filter(n -> only.isEmpty() || only.contains(n));
    }

    @ParameterizedTest(name = "{0}: container and local process")
    @MethodSource("targets")
    void containerAndLocalProcessFailTheSameCases(String name) throws Exception {
        assumeTrue(ContainerTarget.dockerAvailable(), "no Docker engine answers (DOCKER_HOST=" + System.getenv("DOCKER_HOST")
                + "): .ci/run starts one with .ci/docker-engine start; without it the container half of this test cannot run");
        TargetSpec spec = TargetRegistry.locate().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + ": apt-get install " + spec.debianPackage());
        ExpectedFailures expected = spec.expectedFailures();
        try (ContainerTarget container = ContainerTarget.start(spec);
             LocalProcessTarget local = LocalProcessTarget.startInTempDir(spec)) {
            // the two ways may run different builds (the image has today's bookworm package, the host what it installed)
            for (ServerVersion version : List.of(container.version().orElseThrow(), local.version().orElseThrow())) {
                System.out.println(name + ": " + version.describeWithSource() + version.expectedFailuresNote().map(n -> "; " + n).orElse(""));
                assertTrue(version.isKnown(), () -> name + ": the version could not be asked: " + version.describeWithSource());
            }
            for (boolean tls : List.of(false, true)) {
                if (!(tls ? spec.hasTls() : spec.hasH2c())) {
                    continue;
                }
                RunConfig inContainer = config(container.target(tls));
                RunConfig asProcess = config(local.target(tls));
                TwoWayComparison comparison = new TwoWayComparison("container", "local", expected.optionalFor(tls));
                comparison.addFirst(run(inContainer, null));
                comparison.addSecond(run(asProcess, null));
                String listener = name + (tls ? " TLS" : " h2c");
                if (!comparison.differing().isEmpty()) {
                    System.out.println(listener + ": differed in the first run, run again both ways:\n  " + comparison.describeDifferences());
                }
                for (int rerun = 0; rerun < RERUNS && !comparison.differing().isEmpty(); rerun++) {
                    Set<String> again = comparison.differing();
                    comparison.addFirst(run(inContainer, again));
                    comparison.addSecond(run(asProcess, again));
                }
                System.out.println(listener + ": " + (comparison.differing().isEmpty() ? "the same FAILs as a container and as a local process"
                        : comparison.differing().size() + " cases FAIL one way only"));
                assertTrue(comparison.differing().isEmpty(), () -> listener + ": FAIL in every run one way, "
                        + "in none the other:\n  " + comparison.describeDifferences() + "\ncontainer log:\n" + container.log());
                assertTrue(container.isAlive() && local.isAlive(), name + " died during the runs\n" + container.log() + local.log());
            }
        }
    }

    private static RunConfig config(Target target) {
        return RunConfig.defaults(target).withPeer(PeerOptions.defaults().withInsecure(target.tls()));
    }

    private static RunResult run(RunConfig config, Set<String> only) {
        RunConfig chosen = only == null ? config : config.withSelection(new CaseSelection(List.copyOf(only), List.of()));
        return new SuiteRunner(chosen).run(Suites.all(), new RunListener() { });
    }
}
