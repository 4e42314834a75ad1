package io.h2scope.conformance.intermediary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.verdict.Verdict;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run held against an expected-failures.txt: unlisted FAILs and listed cases that did not FAIL are told apart in
 * the one-line summary, a {@code ~} line never counts, and a case INCONCLUSIVE once runs again before it counts.
 */
class ExpectedProxyRunTest {

    private static ProxyCase fixed(String slug, ProxyVerdict... verdicts) {
        AtomicInteger runs = new AtomicInteger();
        return ProxyCase.define("proxy/test/" + slug).rule("8.1.1", "q").sends("nothing")
                .run(stage -> verdicts[Math.min(runs.getAndIncrement(), verdicts.length - 1)]);
    }

    private static ProxyVerdict pass() {
        return new ProxyVerdict(ProxyFinding.REFUSED, Verdict.pass("refused", "refused"));
    }

    private static ProxyVerdict fail() {
        return new ProxyVerdict(ProxyFinding.FORWARDED_AS_CAME, Verdict.fail("refused", "forwarded"));
    }

    private static ProxyVerdict inconclusive() {
        return ProxyVerdict.inconclusive("refused", "nothing within the timeout");
    }

    private static ExpectedProxyRun held(Path dir, String file, ProxyCase... cases) throws Exception {
        Path expected = dir.resolve(ExpectedFailures.FILE_NAME);
        Files.writeString(expected, file);
        ProxySection section = new ProxySection() {
            public String id() {
                return "proxy/test";
            }

            public String title() {
                return "test";
            }

            public List<ProxyCase> cases() {
                return List.of(cases);
            }
        };
        try (Origin origin = Origin.start(OriginKind.H2C, 0)) {
            ProxySuiteRunner runner = new ProxySuiteRunner(new ProxyStage(origin, new FrontClient(
                    new InetSocketAddress("127.0.0.1", 1), Duration.ofSeconds(1)), ProxyStage.DEFAULT_SETTLE), false);
            Target front = new Target("test", "127.0.0.1", 1, false, "/");
            return ExpectedProxyRun.check(runner, front, runner.run(List.of(section)), ExpectedFailures.load(expected));
        }
    }

    @Test
    void unexpectedFailsAndPassesAreNamedInOneLine(@TempDir Path dir) throws Exception {
        ExpectedProxyRun run = held(dir, "proxy/test/listed-fails  known\nproxy/test/listed-passes  was known\n"
                + "~proxy/test/timing  either way\n",
                fixed("listed-fails", fail()), fixed("listed-passes", pass()), fixed("new-fail", fail()),
                fixed("timing", pass()), fixed("fine", pass()));
        assertFalse(run.asExpected());
        assertEquals(List.of("proxy/test/new-fail"), run.unexpectedFails());
        assertEquals(List.of("proxy/test/listed-passes"), run.unexpectedPasses());
        assertEquals("not as expected: 1 unexpected FAIL (proxy/test/new-fail); 1 unexpected PASS"
                + " (proxy/test/listed-passes)", run.summary());
        assertEquals(2, run.reruns().size(), "the two that disagreed ran once more");
    }

    @Test
    void aFlipSettlesOnTheSecondRunAndTimingLinesNeverCount(@TempDir Path dir) throws Exception {
        ExpectedProxyRun run = held(dir, "proxy/test/listed  known\n~proxy/test/timing  either way\n",
                fixed("listed", pass(), fail()), fixed("timing", fail()), fixed("late", inconclusive(), pass()));
        assertTrue(run.asExpected(), run.summary());
        assertTrue(run.summary().startsWith("as expected"), run.summary());
    }

    @Test
    void aCaseInconclusiveTwiceIsNotAsExpected(@TempDir Path dir) throws Exception {
        ExpectedProxyRun run = held(dir, "", fixed("silent", inconclusive()));
        assertFalse(run.asExpected());
        assertEquals("not as expected: 0 unexpected FAILs; 0 unexpected PASSes; 1 INCONCLUSIVE twice"
                + " (proxy/test/silent)", run.summary());
    }
}
