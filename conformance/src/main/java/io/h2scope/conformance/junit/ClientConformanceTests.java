package io.h2scope.conformance.junit;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientUnderTest;
import io.h2scope.conformance.verdict.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The client suite as JUnit Jupiter dynamic tests, for a JVM client's own build:
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> http2ClientConformance() {
 *     return ClientConformanceTests.forClient(new MyClientUnderTest());
 * }
 * }</pre>
 *
 * where {@code MyClientUnderTest} implements {@link ClientUnderTest} over the client (make the task's requests, at
 * once when there are several; say what the client reported for each). Each case starts a scripted server of its own
 * on loopback and tells the client to fetch from it.
 *
 * A first test checks that the client reaches a scripted server at all (it fails with the reason when it never
 * connects, and every case is then aborted as not run). Then one {@link DynamicContainer} per section, one {@link
 * DynamicTest} per case named by its id, as the server bridge ({@link ConformanceTests}) names them. FAIL throws
 * {@link AssertionFailedError} with the rule and the verdict's expected and actual; SKIP (a case needing what the
 * client cannot do) and INCONCLUSIVE abort the test with the reason; PASS and PASS-LENIENT pass. SHOULD-level cases
 * run only when strict, and then PASS-LENIENT fails. The client is closed when JUnit closes the stream, after the
 * last test, and then the run's certificate authority is removed (at the JVM's end, if the stream is never closed).
 */
public final class ClientConformanceTests {

    /** How long each case waits for the client (to connect, to send, to finish) unless told otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /** What a test does with a case's verdict: return to pass, throw to fail or abort. */
    @FunctionalInterface
    public interface VerdictCheck {
        void check(ClientCase definition, Verdict verdict);
    }

    private ClientConformanceTests() {
    }

    /** Every case against {@code client}, {@link #DEFAULT_TIMEOUT} per case, MUST-level cases only. */
    public static Stream<DynamicNode> forClient(ClientUnderTest client) {
        return forClient(client, DEFAULT_TIMEOUT, false);
    }

    /**
     * Every case against {@code client}.
     *
     * @param timeout how long each case waits for the client
     * @param strict  SHOULD-level cases run too, and PASS-LENIENT fails
     */
    public static Stream<DynamicNode> forClient(ClientUnderTest client, Duration timeout, boolean strict) {
        return forSections(client, timeout, strict, ClientSuite.sections(), ClientConformanceTests::check);
    }

    /**
     * The cases of {@code sections} against {@code client}, each verdict handed to {@code check} (to survey a client
     * whose FAILs are findings to report rather than a broken build, say).
     */
    public static Stream<DynamicNode> forSections(ClientUnderTest client, Duration timeout, boolean strict,
            List<ClientSection> sections, VerdictCheck check) {
        ClientSuiteRunner runner = new ClientSuiteRunner(client, timeout);
        Reachability reachability = new Reachability(runner::unreachable);
        DynamicNode reachable = DynamicTest.dynamicTest(client.name() + CONNECTS, () -> reachability.unreachable()
                .ifPresent(why -> {
                    throw new AssertionFailedError(why);
                }));
        Stream<DynamicNode> cases = sections.stream().<DynamicNode>mapMulti((section, sink) -> {
            List<DynamicNode> tests = section.cases().stream()
                    .map(c -> (DynamicNode) DynamicTest.dynamicTest(c.id().value(), () -> {
                        reachability.unreachable().ifPresent(why -> {
                            throw new TestAbortedException("not run: " + why);
                        });
                        check.check(c, runner.run(c, strict));
                    }))
                    .toList();
            if (!tests.isEmpty()) {
                sink.accept(DynamicContainer.dynamicContainer(section.id() + " " + section.title(), tests));
            }
        });
        return Stream.concat(Stream.of(reachable), cases).onClose(client::close).onClose(runner::close);
    }

    /** The end of the first dynamic test's name, after the client's name. */
    public static final String CONNECTS = " connects to a scripted server";

    /** The bridge's own check: FAIL fails the test, SKIP and INCONCLUSIVE abort it, PASS and PASS-LENIENT pass. */
    public static void check(ClientCase definition, Verdict verdict) {
        JUnitVerdicts.check(verdict, () -> definition.id() + " FAILED (" + definition.level() + ")\nrule ("
                + definition.rfc() + "): " + definition.quote() + "\nexpected: " + verdict.expected() + "\nactual: "
                + verdict.actual());
    }
}
