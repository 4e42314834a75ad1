package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.support.LocalServers;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.expected.ExpectedFailures;
import io.h2scope.conformance.targets.expected.ExpectedFailuresCheck;
import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.conformance.verdict.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunListener;
import java.util.Map;
import java.util.ArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole suite (not strict) against every docker-targets/ server run as a local process from its
 * Debian package, over h2c and over TLS: bounded in time, no INCONCLUSIVE verdict, and the FAILs are
 * exactly the target's expected-failures.txt. Skipped, with the reason, when the binary is missing.
 * Each run's console report with evidence is written to target/real-servers/NAME[-tls].txt. A server is started once
 * for both its listeners, h2c then TLS, as {@code h2scope matrix --both} runs them.
 */
@Tag("real-server-matrix") // tests the servers verdict by verdict, not the JDK: mvn -Preal-servers (.ci/run, JDK 17)
class RealServerConformanceTest {

    private static final Duration BOUND = Duration.ofSeconds(90);

    /** A server stays up for the test of its other listener. */
    @RegisterExtension
    static final LocalServers.OnePerName SERVERS = new LocalServers.OnePerName();

    static Stream<Arguments> listeners() {
        // -Dh2scope.targets=caddy,node narrows the run while working on those folders
        List<String> only = List.of(System.getProperty("h2scope.targets", "").split(",")).stream().filter(s -> !s.isBlank()).toList();
        return TargetRegistry.locateUnchecked().all().stream().filter(spec -> only.isEmpty() || only.contains(spec.name()))
                .flatMap(spec -> Stream.of(
                        spec.hasH2c() ? Arguments.of(spec.name(), false) : null,
                        spec.hasTls() ? Arguments.of(spec.name(), true) : null)
                .filter(java.util.Objects::nonNull));
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void suiteVerdictsMatchExpectedFailures(String name, boolean tls) throws Exception {
        TargetSpec spec = TargetRegistry.locate().get(name);
        LocalProcessTarget server = SERVERS.server(name); // its other listener's test runs on it too
        Target target = server.target(tls);
        RunConfig config = RunConfig.defaults(target).withPeer(PeerOptions.defaults().withInsecure(tls))
                .withKnownFailures(server.knownFailures(tls)); // the order a --target run has
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunResult run = assertTimeoutPreemptively(BOUND, () -> new SuiteRunner(config).run(Suites.all(),
                new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, true)),
                () -> name + " (tls=" + tls + "): the suite did not finish within " + BOUND + "\n" + server.log());
        // the version tested heads the saved report; a file written for another version is said there, not failed
        ServerVersion version = server.version().orElseThrow();
        String report = "Server version: " + version.describeWithSource() + "\n"
                + version.expectedFailuresNote().map(note -> note + "\n").orElse("") + console.toString(StandardCharsets.UTF_8);
        version.expectedFailuresNote().ifPresent(note -> System.out.println(target.name() + ": " + note));
        Path out = Path.of("target", "real-servers", target.name() + ".txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);

        assertEquals(Suites.allCases().size(), run.results().size());
        List<String> inconclusive = inconclusiveEveryTime(config, run);
        assertTrue(inconclusive.isEmpty(), () -> target.name() + ": INCONCLUSIVE verdicts against a local server:\n"
                + String.join("\n", inconclusive) + "\n(full report: " + out.toAbsolutePath() + ")");
        List<String> mismatches = confirmed(spec, config, run);
        assertTrue(mismatches.isEmpty(), () -> target.name() + ": the FAILs differ from "
                + spec.folder().resolve(ExpectedFailures.FILE_NAME) + ":\n  " + String.join("\n  ", mismatches)
                + "\n(full report with evidence: " + out.toAbsolutePath() + ")");
        assertTrue(server.isAlive(), () -> target.name() + " died during the suite\n" + server.log());
    }

    private static RunResult rerun(RunConfig config, java.util.Collection<String> caseIds) {
        return new SuiteRunner(config.withSelection(new CaseSelection(List.copyOf(caseIds), List.of())))
                .run(Suites.all(), new RunListener() { });
    }

    /**
     * INCONCLUSIVE is network trouble or a timeout; against a local server on a loaded machine it happens once in
     * a while (apache2 once reset a TLS connection during the preface). Such a case runs twice more on its own;
     * only one that is INCONCLUSIVE every time counts.
     */
    private static List<String> inconclusiveEveryTime(RunConfig config, RunResult first) {
        Map<String, String> suspects = new java.util.LinkedHashMap<>();
        first.results().stream().filter(r -> r.verdict().outcome() == Outcome.INCONCLUSIVE)
                .forEach(r -> suspects.put(r.definition().id().value(), r.definition().id() + ": " + r.verdict().reason()));
        for (int attempt = 0; attempt < 2 && !suspects.isEmpty(); attempt++) {
            RunResult again = rerun(config, suspects.keySet());
            again.results().stream().filter(r -> r.verdict().outcome() != Outcome.INCONCLUSIVE).forEach(r -> {
                System.out.println(first.target().name() + ": INCONCLUSIVE once, " + r.verdict().outcome()
                        + " on a re-run: " + suspects.get(r.definition().id().value()));
                suspects.remove(r.definition().id().value());
            });
        }
        return new ArrayList<>(suspects.values());
    }

    /**
     * Real servers race with the suite on a loaded machine (an early response can close a stream before
     * our faulty frame arrives). A case whose verdict disagrees with expected-failures.txt runs twice more
     * on its own; only a disagreement every time counts. The flaky ones are printed, to be marked with ~;
     * so are listed FAILs that no run could confirm because the server closed without any answer.
     */
    private static List<String> confirmed(TargetSpec spec, RunConfig config, RunResult first) throws java.io.IOException {
        ExpectedFailuresCheck check = new ExpectedFailuresCheck(spec.expectedFailures(), first.target().tls());
        check.add(first);
        for (int attempt = 0; attempt < 2 && !check.unsettled().isEmpty(); attempt++) {
            check.add(rerun(config, check.unsettled()));
        }
        check.settledAfterDisagreeing().forEach(line -> System.out.println(first.target().name() + ": " + line));
        check.unconfirmed().values().forEach(line -> System.out.println(first.target().name() + ": " + line));
        return new ArrayList<>(check.mismatches().values());
    }
}
