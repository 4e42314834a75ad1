package io.h2scope.conformance.junit;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.target.Target;
import io.h2scope.conformance.verdict.Outcome;
import java.util.List;
import java.util.Optional;
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
 * One {@link DynamicContainer} per section, one {@link DynamicTest} per case named by its id (Maven
 * Surefire puts these names in its XML reports only when told to: see the README, "The JUnit
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
     * The sections' cases, preceded by one test that the target is reachable over HTTP/2 at all: when it
     * is not (nothing listening, TLS failing, an HTTP/1-only port), that test fails with the diagnosis and
     * every case is aborted as not run, so a build against a server that is down fails instead of
     * reporting every case as skipped.
     */
    public static Stream<DynamicNode> forSections(RunConfig config, List<Section> sections) {
        SuiteRunner runner = new SuiteRunner(config);
        Reachability reachability = new Reachability(runner);
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

    /** One preflight per factory, asked lazily (dynamic tests run after the factory returns). */
    private static final class Reachability {
        private final SuiteRunner runner;
        private Optional<String> answer;

        Reachability(SuiteRunner runner) {
            this.runner = runner;
        }

        synchronized Optional<String> unreachable() {
            if (answer == null) {
                answer = runner.unreachable();
            }
            return answer;
        }
    }

    static void check(CaseResult result) {
        Outcome outcome = result.verdict().outcome();
        switch (outcome) {
            case PASS, PASS_LENIENT -> {
            }
            case SKIP, INCONCLUSIVE -> throw new TestAbortedException(outcome.label() + ": " + result.verdict().reason());
            case FAIL -> throw new AssertionFailedError(result.definition().id() + " FAILED\nrule (RFC 9113 §"
                    + result.definition().rfc9113() + "): " + result.definition().quote() + "\n" + "expected: " + result.verdict().expected() + "\nactual: "
                    + result.verdict().actual() + "\nevidence:\n" + result.evidenceText(),
                    result.verdict().expected(), result.verdict().actual());
        }
    }
}
