package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.intermediary.IntermediaryTarget.Choice;
import io.h2scope.conformance.intermediary.IntermediaryTarget.Via;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.TwoWayComparison;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Intermediaries as containers ({@code docker:NAME}: the folder's image in the host's network) and as local processes
 * ({@code local:NAME}): the same intermediary must FAIL the same cases of the intermediary suite both ways, compared
 * as the servers' ContainerVersusLocalTest compares them ({@link TwoWayComparison}: a case that differs runs
 * {@link #RERUNS} more times both ways and counts only when it FAILs in every run one way and in none the other; the ~
 * entries of its expected-failures.txt never count). Two of them by default, one toward an HTTP/1.1 origin and one
 * toward an h2c origin, to keep CI's containers step short; {@code -Dh2scope.proxies=all} or a list runs others.
 * Skipped, with the reason, where no Docker engine answers or the local package is missing.
 */
@Tag("container-matrix") // mvn -Pcontainers (a step of .ci/run of its own, which fails the build on a difference)
class IntermediaryContainerVersusLocalTest {

    /** The further runs, both ways, of a case that differed in the first. */
    private static final int RERUNS = 2;
    private static final String DEFAULT_PROXIES = "nginx-proxy,haproxy-h2-proxy";

    static Stream<String> intermediaries() throws Exception {
        return ChosenIntermediaries.or(DEFAULT_PROXIES);
    }

    @ParameterizedTest(name = "{0}: container and local process")
    @MethodSource("intermediaries")
    void containerAndLocalProcessFailTheSameCases(String name) throws Exception {
        assumeTrue(ContainerTarget.dockerAvailable(), "no Docker engine answers (DOCKER_HOST=" + System.getenv("DOCKER_HOST")
                + "): .ci/run starts one with .ci/docker-engine start; without it the container half of this test cannot run");
        Properties spec = IntermediaryTarget.spec(name);
        String unavailable = IntermediaryTarget.unavailableReason(spec);
        assumeTrue(unavailable == null, unavailable);
        // a folder without a Dockerfile has no container half
        String noImage = IntermediaryTarget.unavailableReason(spec, IntermediaryTarget.Via.DOCKER, () -> true);
        assumeTrue(noImage == null, noImage);
        TwoWayComparison comparison = new TwoWayComparison("container", "local",
                IntermediaryTarget.expectedFailures(spec).optionalFor(false));
        try (Origin originOfContainer = Origin.start(IntermediaryTarget.origin(spec), 0);
                IntermediaryTarget container = IntermediaryTarget.start(new Choice(Via.DOCKER, name), originOfContainer);
                Origin originOfLocal = Origin.start(IntermediaryTarget.origin(spec), 0);
                IntermediaryTarget local = IntermediaryTarget.start(new Choice(Via.LOCAL, name), originOfLocal)) {
            // the two ways may run different builds (the image has today's bookworm package, the host what it installed)
            for (IntermediaryTarget way : List.of(container, local)) {
                ServerVersion version = way.version();
                System.out.println(name + " (" + way.via().prefix() + "): " + version.describeWithSource());
                assertTrue(version.isKnown(), () -> name + ": the version could not be asked: " + version.describeWithSource());
            }
            assertTrue(container.process().isPresent(), name + ": the container's process is seen from this host, "
                    + "so the slow-client case measures its memory as it does a local process's");
            bothAtOnce(comparison, () -> run(name, container, originOfContainer, null),
                    () -> run(name, local, originOfLocal, null));
            if (!comparison.differing().isEmpty()) {
                System.out.println(name + ": differed in the first run, run again both ways:\n  "
                        + comparison.describeDifferences());
            }
            for (int rerun = 0; rerun < RERUNS && !comparison.differing().isEmpty(); rerun++) {
                Set<String> again = comparison.differing();
                bothAtOnce(comparison, () -> run(name, container, originOfContainer, again),
                        () -> run(name, local, originOfLocal, again));
            }
            System.out.println(name + ": " + (comparison.differing().isEmpty()
                    ? "the same FAILs as a container and as a local process"
                    : comparison.differing().size() + " cases FAIL one way only"));
            assertTrue(comparison.differing().isEmpty(), () -> name + ": FAIL in every run one way, in none the other:\n  "
                    + comparison.describeDifferences() + "\ncontainer log:\n" + container.log());
            assertTrue(container.isAlive() && local.isAlive(), () -> name + " died during the runs\n" + container.log()
                    + local.log());
        }
    }

    /**
     * Runs the two ways at the same time, each through its own intermediary and origin: most of a case is waiting (for
     * an answer, for the origin to settle), so this halves the test's time; a verdict the load changes differs in one
     * run only, which {@link TwoWayComparison} does not count.
     */
    private static void bothAtOnce(TwoWayComparison comparison, Callable<RunResult> first, Callable<RunResult> second)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<RunResult> a = pool.submit(first);
            Future<RunResult> b = pool.submit(second);
            comparison.addFirst(a.get());
            comparison.addSecond(b.get());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The suite (or the cases {@code only}) through {@code proxy}, as {@code conform-proxy --target} runs it. */
    private static RunResult run(String name, IntermediaryTarget proxy, Origin origin, Set<String> only) throws InterruptedException {
        ProxyStage stage = new ProxyStage(origin, new FrontClient(proxy.front(), proxy.frontTls(), Duration.ofSeconds(5)),
                ProxyStage.DEFAULT_SETTLE);
        ProxyStage watched = proxy.process().map(stage::withIntermediary).orElse(stage);
        ProxySuiteRunner runner = only == null ? new ProxySuiteRunner(watched, false)
                : new ProxySuiteRunner(watched, false, new CaseSelection(List.copyOf(only), List.of()));
        assertTrue(runner.unreachable().isEmpty(), () -> proxy.description() + " forwards to the origin\n" + proxy.log());
        Target front = new Target(proxy.via().prefix() + ":" + name, "127.0.0.1", proxy.front().getPort(),
                proxy.frontTls() != null, "/");
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        List<ProxySuiteRunner.Result> results = runner.run(ProxySuite.sections());
        return ProxyRunReport.of(front, false, started, Duration.ofNanos(System.nanoTime() - t0),
                results.stream().map(ProxyRunReport::caseResult).toList());
    }
}
