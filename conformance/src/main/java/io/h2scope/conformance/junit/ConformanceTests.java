package io.h2scope.conformance.junit;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.launch.RunningTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetResolver;
import io.h2scope.conformance.targets.launch.TargetStartException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The suite as JUnit Jupiter dynamic tests, for a user's own build:
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> http2Conformance() {
 *     return ConformanceTests.forTarget(Target.parse("http://127.0.0.1:8080/"));
 * }
 * }</pre>
 *
 * or, to have the bridge start a real server and stop it after the tests, {@code ConformanceTests.forTarget("docker:nginx",
 * false)} (any name {@code h2scope conform --target} takes).
 *
 * One {@link DynamicContainer} per section, one {@link DynamicTest} per case named by its id (Maven
 * Surefire puts these names in its XML reports only when told to: see docs/SUITE.md, "The JUnit
 * bridge"; by default it writes JUnit's positional legacy names such as {@code http2Conformance()[18][6]}). Each
 * test runs its case on its own connection (with the liveness probe after an error case). FAIL
 * throws {@link AssertionFailedError} carrying the evidence; SKIP and INCONCLUSIVE abort the test
 * ({@link TestAbortedException}) with the reason; PASS and PASS-LENIENT pass (PASS-LENIENT fails
 * under strict options, as everywhere).
 */
public final class ConformanceTests {

    private ConformanceTests() {
    }

    public static Stream<DynamicNode> forTarget(Target target) {
        return forTarget(RunConfig.defaults(target));
    }

    public static Stream<DynamicNode> forTarget(RunConfig config) {
        return forSections(config, Suites.all());
    }

    /**
     * The suite against a server started by name, as {@code h2scope conform --target} names it ({@code docker:nginx},
     * {@code local:h2o}, {@code nginx}, {@code embedded}), over h2c or TLS, with default options.
     *
     * @see #forTarget(String, boolean, RunConfig)
     */
    public static Stream<DynamicNode> forTarget(String name, boolean tls) {
        return forTarget(name, tls, null);
    }

    /**
     * The suite against a server started by name: started when the factory is called, stopped when JUnit closes the
     * stream (after the last dynamic test). {@code options} gives everything but the target (its target is
     * ignored; null for the defaults); the server's self-signed certificate is accepted. A server that cannot start is
     * one test: failed with the server's log tail when it started and never answered or the name is wrong, aborted
     * (skipped, with the reason) when this machine cannot run it (no Docker engine, the package not installed). A
     * last test fails when the server died during the run, since its verdicts then say nothing.
     */
    public static Stream<DynamicNode> forTarget(String name, boolean tls, RunConfig options) {
        RunningTarget running;
        try {
            running = TargetResolver.standard().start(name, tls, line -> { });
        } catch (TargetStartException e) {
            return Stream.of(DynamicTest.dynamicTest(name + " starts", () -> {
                if (e.kind() == TargetStartException.Kind.ENVIRONMENT) {
                    throw new TestAbortedException("not run: " + e.getMessage());
                }
                throw new AssertionFailedError(e.getMessage() + (e.log().isBlank() ? "" : "\nthe server's log (tail):\n" + e.log()));
            }));
        }
        Target target = running.target(tls);
        RunConfig base = options == null ? RunConfig.defaults(target) : options;
        RunConfig config = new RunConfig(target, base.peer().withInsecure(true), base.parallel(), base.selection(),
                base.repeat(), base.maxInconclusivePercent());
        DynamicNode alive = DynamicTest.dynamicTest(running.description() + " stayed up during the run", () -> {
            if (!running.isAlive()) {
                throw new AssertionFailedError(running.description() + " died during the run: its verdicts do not count\n"
                        + running.log());
            }
        });
        return Stream.concat(forSections(config, Suites.all()), Stream.of(alive)).onClose(running::close);
    }

    /**
     * The sections' cases, preceded by one test that the target is reachable over HTTP/2 at all: when it
     * is not (nothing listening, TLS failing, an HTTP/1-only port), that test fails with the diagnosis and
     * every case is aborted as not run, so a build against a server that is down fails instead of
     * reporting every case as skipped.
     */
    public static Stream<DynamicNode> forSections(RunConfig config, List<Section> sections) {
        SuiteRunner runner = new SuiteRunner(config);
        Reachability reachability = new Reachability(runner::unreachable);
        DynamicNode reachable = DynamicTest.dynamicTest(REACHABLE, () -> reachability.unreachable().ifPresent(why -> {
            throw new AssertionFailedError(why);
        }));
        Stream<DynamicNode> cases = sections.stream().<DynamicNode>mapMulti((section, sink) -> {
            List<DynamicNode> tests = runner.plan(List.of(section)).stream()
                    .map(planned -> (DynamicNode) DynamicTest.dynamicTest(planned.definition().id().value()
                            + (planned.iteration() > 1 ? " #" + planned.iteration() : ""), () -> {
                                reachability.unreachable().ifPresent(why -> {
                                    throw new TestAbortedException("not run: " + why);
                                });
                                check(runner.runOne(planned));
                            }))
                    .toList();
            if (!tests.isEmpty()) { // a section with nothing selected is left out
                sink.accept(DynamicContainer.dynamicContainer(section.id() + " " + section.title(), tests));
            }
        });
        return Stream.concat(Stream.of(reachable), cases);
    }

    /** The name of the first dynamic test. */
    public static final String REACHABLE = "the target is reachable over HTTP/2";

    static void check(CaseResult result) {
        JUnitVerdicts.check(result.verdict(), () -> result.definition().id() + " FAILED\nrule (RFC 9113 §"
                + result.definition().rfc9113() + "): " + result.definition().quote() + "\n" + "expected: "
                + result.verdict().expected() + "\nactual: " + result.verdict().actual() + "\nevidence:\n"
                + result.evidenceText());
    }
}
