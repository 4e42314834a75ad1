package io.h2scope.conformance.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.ReferenceServerTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The proof of issue 5 that needs no fault: the engine's own reference server, embedded, passes every
 * case of the suite with {@code --strict}, over h2c and over TLS. The only SKIPs allowed are the ones
 * {@link #allowedSkip} names, each with its reason.
 */
class EmbeddedConformanceTest {

    private static final java.time.Duration STALL_TIMEOUT = java.time.Duration.ofSeconds(5);

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    @DisplayName("the embedded reference server passes every case, strict (h2c and TLS)")
    void everyCasePassesStrict(boolean tls) throws Exception {
        // the shipped sendStallTimeout (60 s) is beyond security/zero-window-stall-reset's 20 s budget, where the case
        // says INCONCLUSIVE (docs/CONFORMANCE.md has that run); 5 s shows the case passes a server that acts in time
        try (ReferenceServerTarget embedded = new ReferenceServerTarget(tls, b -> b.sendStallTimeout(STALL_TIMEOUT),
                "h2scope reference server")) {
            Target target = embedded.start();
            RunConfig config = RunConfig.defaults(target)
                    .withPeer(PeerOptions.defaults().withStrict(true).withInsecure(true));
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunResult run = new SuiteRunner(config).run(Suites.all(),
                    new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, true));
            String report = console.toString(StandardCharsets.UTF_8);
            Path out = Path.of("target", "embedded-" + (tls ? "tls" : "h2c") + "-strict-verdicts.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report);

            assertEquals(Suites.allCases().size(), run.results().size());
            List<String> wrong = run.results().stream()
                    .filter(r -> r.verdict().outcome() != Outcome.PASS && !allowedSkip(r, tls))
                    .map(r -> r.definition().id() + " " + r.verdict().outcome().label() + ": " + r.verdict().reason()
                            + "\n" + r.evidenceText())
                    .toList();
            assertTrue(wrong.isEmpty(), wrong.size() + " case(s) not PASS against the embedded server (tls=" + tls + "):\n"
                    + String.join("\n", wrong));
            assertTrue(embedded.server().connectionCount() >= 0);
        }
    }

    /** SKIP is accepted only for these reasons. */
    static boolean allowedSkip(CaseResult r, boolean tls) {
        if (r.verdict().outcome() != Outcome.SKIP) {
            return false;
        }
        // tls/*: RFC 9113 §9.2 applies to TLS connections only; the cases skip themselves over h2c, and so does
        // the half-done TLS handshake of security/slow-tls-handshake
        String id = r.definition().id().value();
        return !tls && (id.startsWith("tls/") || id.equals("security/slow-tls-handshake"));
    }
}
