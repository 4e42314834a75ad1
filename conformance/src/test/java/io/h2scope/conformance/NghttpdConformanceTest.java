package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.peer.PeerOptions;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.SuiteRunner;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.support.Nghttpd;
import io.h2scope.conformance.verdict.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole suite against a real server (nghttpd, h2c, loopback): every case runs,
 * nothing is INCONCLUSIVE, and the per-case verdicts are written to target/ for docs/CONFORMANCE.md.
 */
@Tag("real-server-matrix") // tests the servers verdict by verdict, not the JDK: mvn -Preal-servers (.ci/run, JDK 17)
class NghttpdConformanceTest {

    @TempDir
    Path work;

    @Test
    @DisplayName("every case runs against nghttpd h2c with no INCONCLUSIVE verdict")
    void suiteAgainstNghttpd() throws Exception {
        assumeTrue(Nghttpd.available(), "nghttpd is not installed at " + Nghttpd.BINARY + " (Debian package nghttp2-server)");
        try (Nghttpd server = Nghttpd.startH2c(work)) {
            RunConfig config = RunConfig.defaults(server.target()).withPeer(PeerOptions.defaults());
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunResult run = new SuiteRunner(config).run(Suites.all(),
                    new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, true));
            String report = console.toString(StandardCharsets.UTF_8);
            Path out = Path.of("target", "nghttpd-verdicts.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report + "\n" + table(run));

            assertEquals(Suites.allCases().size(), run.results().size());
            List<String> inconclusive = run.results().stream()
                    .filter(r -> r.verdict().outcome() == Outcome.INCONCLUSIVE)
                    .map(r -> r.definition().id() + ": " + r.verdict().reason()).toList();
            assertTrue(inconclusive.isEmpty(), "INCONCLUSIVE against a local nghttpd:\n" + String.join("\n", inconclusive)
                    + "\n\n" + report);
            assertTrue(server.isAlive(), "nghttpd died during the suite");
        }
    }

    @Test
    @DisplayName("every case runs against nghttpd over TLS (ALPN h2); the tls/* cases really run")
    void suiteAgainstNghttpdOverTls() throws Exception {
        assumeTrue(Nghttpd.available(), "nghttpd is not installed at " + Nghttpd.BINARY + " (Debian package nghttp2-server)");
        try (Nghttpd server = Nghttpd.startTls(work)) {
            RunConfig config = RunConfig.defaults(server.target()).withPeer(PeerOptions.defaults().withInsecure(true));
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunResult run = new SuiteRunner(config).run(Suites.all(),
                    new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, true));
            String report = console.toString(StandardCharsets.UTF_8);
            Path out = Path.of("target", "nghttpd-tls-verdicts.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report + "\n" + table(run));
            // the MUST-level tls/* cases really run (the prohibited-suite one is SHOULD-level: --strict only)
            assertTrue(run.results().stream().filter(r -> r.definition().id().value().startsWith("tls/"))
                    .filter(r -> r.definition().level() == io.h2scope.conformance.spec.Level.MUST)
                    .noneMatch(r -> r.verdict().outcome() == Outcome.SKIP), report);
            List<String> inconclusive = run.results().stream()
                    .filter(r -> r.verdict().outcome() == Outcome.INCONCLUSIVE)
                    .map(r -> r.definition().id() + ": " + r.verdict().reason()).toList();
            assertTrue(inconclusive.isEmpty(), "INCONCLUSIVE against a local nghttpd over TLS:\n" + String.join("\n", inconclusive)
                    + "\n\n" + report);
            assertTrue(server.isAlive(), "nghttpd died during the suite");
        }
    }

    @Test
    @DisplayName("the SHOULD-level cases (security floods, RFC 9113 SHOULDs) against nghttpd h2c with --strict")
    void strictCasesAgainstNghttpd() throws Exception {
        assumeTrue(Nghttpd.available(), "nghttpd is not installed at " + Nghttpd.BINARY + " (Debian package nghttp2-server)");
        try (Nghttpd server = Nghttpd.startH2c(work)) {
            RunConfig config = RunConfig.defaults(server.target()).withPeer(PeerOptions.defaults().withStrict(true))
                    .withSelection(new CaseSelection(List.of("security", "rfc9113"), List.of()));
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunResult run = new SuiteRunner(config).run(Suites.all(),
                    new ConsoleReporter(new PrintStream(console, true, StandardCharsets.UTF_8), false, true));
            String report = console.toString(StandardCharsets.UTF_8);
            Path out = Path.of("target", "nghttpd-strict-verdicts.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report + "\n" + table(run));
            // every security case runs over h2c but the half-done TLS handshake, which needs TLS
            assertTrue(run.results().stream().noneMatch(r -> r.verdict().outcome() == Outcome.SKIP
                    && r.definition().id().value().startsWith("security/")
                    && !r.definition().id().value().equals("security/slow-tls-handshake")), report);
            // a case with a budget is INCONCLUSIVE when nghttpd's own limit (if any) lies beyond it: nghttpd has no
            // send-stall or body deadline and no connection cap; any other INCONCLUSIVE is the suite's trouble
            List<String> inconclusive = run.results().stream()
                    .filter(r -> r.verdict().outcome() == Outcome.INCONCLUSIVE && r.budget() == null)
                    .map(r -> r.definition().id() + ": " + r.verdict().reason()).toList();
            assertTrue(inconclusive.isEmpty(), "INCONCLUSIVE against a local nghttpd:\n" + String.join("\n", inconclusive));
            assertTrue(run.results().stream().noneMatch(r -> r.budget() != null && r.verdict().outcome() == Outcome.FAIL),
                    "a budgeted case FAILed nghttpd for a limit the RFC leaves open:\n" + report);
            assertTrue(server.isAlive(), "nghttpd died during the security cases");
        }
    }

    private static String table(RunResult run) {
        return run.results().stream().map(NghttpdConformanceTest::row).collect(Collectors.joining("\n"));
    }

    private static String row(CaseResult r) {
        return "| `" + r.definition().id() + "` | " + r.definition().h2spec().orElse("—") + " | " + r.verdict().outcome().label()
                + " | " + (r.verdict().outcome() == Outcome.PASS && !showsFigures(r) ? "" : r.verdict().actual().replace("|", "\\|")) + " |";
    }

    /** tls/* and security/* verdicts carry what the server did (alert, figures) even when they pass. */
    private static boolean showsFigures(CaseResult r) {
        String id = r.definition().id().value();
        return id.startsWith("tls/") || id.startsWith("security/");
    }
}
