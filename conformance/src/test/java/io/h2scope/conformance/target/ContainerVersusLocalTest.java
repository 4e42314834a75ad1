package io.h2scope.conformance.target;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunListener;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.Selection;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.verdict.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every docker-targets/ server as a container (Testcontainers builds its image once per content) and as
 * a local process, h2c and TLS: the same server must FAIL the same cases both ways (the ~ entries of its
 * expected-failures.txt, timing-dependent, are left out; RealServerConformanceTest holds the local FAILs
 * to that file). A case
 * whose verdict differs runs twice more on both before it counts. Skipped, with the reason, where no
 * Docker engine answers (.ci/run starts one) or the local package is missing.
 */
@Tag("container-matrix") // .ci/run runs it in a step of its own, after mvn verify (see there)
class ContainerVersusLocalTest {

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
            for (boolean tls : List.of(false, true)) {
                if (!(tls ? spec.hasTls() : spec.hasH2c())) {
                    continue;
                }
                Set<String> optional = expected.optionalFor(tls);
                RunConfig inContainer = config(container.target(tls));
                RunConfig asProcess = config(local.target(tls));
                Map<String, Outcome> a = outcomes(run(inContainer, null));
                Map<String, Outcome> b = outcomes(run(asProcess, null));
                Set<String> differing = differingFails(a, b, optional);
                for (int attempt = 0; attempt < 2 && !differing.isEmpty(); attempt++) {
                    a.putAll(outcomes(run(inContainer, differing)));
                    b.putAll(outcomes(run(asProcess, differing)));
                    differing = differingFails(a, b, optional);
                }
                Set<String> finalDiffering = differing;
                assertTrue(differing.isEmpty(), () -> name + (tls ? " TLS" : " h2c") + ": FAIL in one way only: "
                        + finalDiffering.stream().map(id -> id + " (container " + a.get(id) + ", local " + b.get(id) + ")")
                        .collect(Collectors.joining(", ")) + "\ncontainer log:\n" + container.log());
                assertTrue(container.isAlive() && local.isAlive(), name + " died during the runs\n" + container.log() + local.log());
            }
        }
    }

    private static RunConfig config(Target target) {
        return RunConfig.defaults(target).withPeer(PeerOptions.defaults().withInsecure(target.tls()));
    }

    private static RunResult run(RunConfig config, Set<String> only) {
        RunConfig chosen = only == null ? config : config.withSelection(new Selection(List.copyOf(only), List.of()));
        return new SuiteRunner(chosen).run(Suites.all(), new RunListener() { });
    }

    private static Map<String, Outcome> outcomes(RunResult run) {
        Map<String, Outcome> out = new TreeMap<>();
        for (CaseResult r : run.results()) {
            out.put(r.definition().id().value(), r.verdict().outcome());
        }
        return out;
    }

    private static Set<String> fails(Map<String, Outcome> outcomes, Set<String> optional) {
        return outcomes.entrySet().stream().filter(e -> e.getValue() == Outcome.FAIL && !optional.contains(e.getKey()))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> differingFails(Map<String, Outcome> a, Map<String, Outcome> b, Set<String> optional) {
        Set<String> out = new TreeSet<>(fails(a, optional));
        Set<String> other = fails(b, optional);
        Set<String> both = new TreeSet<>(out);
        both.retainAll(other);
        out.addAll(other);
        out.removeAll(both);
        return out;
    }
}
