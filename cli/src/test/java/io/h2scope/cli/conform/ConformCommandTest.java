package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.targets.launch.ReferenceServerTarget;
import io.h2scope.engine.testsupport.LocalPorts;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformCommandTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void withoutUrlTestsTheEmbeddedServerAndSaysSo(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("h2.json");
        CommandRun r = run("conform", "--section", "6.7", "--strict", "--report", "json=" + json);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("testing the embedded server, h2scope reference server (embedded, h2c, http://127.0.0.1:"), r.out());
        String report = Files.readString(json);
        assertTrue(report.contains("http2/6.7/ping-is-acked"), report);
        assertTrue(!report.replaceAll("\\s", "").contains("\"outcome\":\"FAIL\""), report);
    }

    @Test
    void withoutUrlTlsTestsTheEmbeddedServerOverTls() {
        CommandRun r = run("conform", "--tls", "--case", "tls/9.2/alpn-h2-selected,http2/6.7/ping-is-acked", "--strict");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("(embedded, TLS, https://127.0.0.1:"), r.out());
    }

    @Test
    void tlsWithAUrlIsAUsageError() {
        CommandRun r = run("conform", "http://127.0.0.1:9/", "--tls");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("https://"), r.err());
    }

    @Test
    void listPrintsSelectedCasesWithoutRunning() {
        CommandRun r = run("conform", "--list", "--section", "6.7");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("http2/6.7/ping-is-acked"), r.out());
        assertTrue(r.out().contains("generic/3.7/ping"), r.out());
        assertTrue(!r.out().contains("http2/6.5/"), r.out());
    }

    @Test
    void badReportKindIsAUsageError() {
        CommandRun r = run("conform", "http://127.0.0.1:9/", "--report", "pdf=x.pdf");
        assertEquals(2, r.exit());
        assertEquals("h2scope conform: --report pdf=x.pdf: unknown report kind pdf (use junit, json or html)\n", r.err());
    }

    @Test
    void unreachableTargetExits3WithOneLine(@TempDir Path dir) throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path json = dir.resolve("r.json");
        CommandRun r = run("conform", "http://127.0.0.1:" + port + "/", "--report", "json=" + json);
        assertEquals(3, r.exit(), r.out() + r.err());
        assertEquals("no connection to http://127.0.0.1:" + port + "/ reached the HTTP/2 handshake: cannot connect to 127.0.0.1:" + port
                + ": Connection refused\n", r.out());
        String report = java.nio.file.Files.readString(json);
        assertTrue(report.contains("\"passed\" : false") && report.contains("\"status\" : \"UNREACHABLE\""), report);
    }

    /** {@code conform URL} against a listener that does not speak HTTP/2: exit 3, the one line on stdout, nothing else. */
    private static String notHttp2Line(String url) {
        CommandRun r = run("conform", url, "--insecure");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertEquals("", r.err());
        assertEquals(1, r.out().lines().count(), "one line, not a block per case: " + r.out());
        assertTrue(r.out().startsWith("no connection to " + url + " reached the HTTP/2 handshake: "), r.out());
        return r.out().strip();
    }

    @Test
    void aListenerThatNeverAnswersIsOneLineAfterTheHandshakesWait() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) { // the kernel accepts; nobody reads
            String line = notHttp2Line("http://127.0.0.1:" + silent.getLocalPort() + "/");
            assertTrue(line.endsWith("no answer to the HTTP/2 preface in 2000 ms: the port accepted the connection and sent nothing"), line);
        }
    }

    @Test
    void pythonsHttpServerIsOneLineNotAFailPerCase() throws Exception {
        int port = LocalPorts.freePort();
        Process python;
        try {
            python = new ProcessBuilder("python3", "-m", "http.server", "--bind", "127.0.0.1", String.valueOf(port))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "python3 is not installed: " + e.getMessage());
            return;
        }
        try {
            LocalPorts.awaitPort(port);
            String line = notHttp2Line("http://127.0.0.1:" + port + "/");
            assertTrue(line.contains("the target answered the HTTP/2 preface with "), line);
        } finally {
            python.destroy();
            python.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void aTlsPortGivenHttpAndAnH2cPortGivenHttpsSayWhichSchemeToTry() throws Exception {
        try (ReferenceServerTarget tls = ReferenceServerTarget.of(true); ReferenceServerTarget h2c = ReferenceServerTarget.of(false)) {
            int tlsPort = tls.start().port();
            int h2cPort = h2c.start().port();
            assertTrue(notHttp2Line("http://127.0.0.1:" + tlsPort + "/").endsWith(
                    "the port answered with TLS (a TLS alert record): try https://127.0.0.1:" + tlsPort + "/"));
            assertTrue(notHttp2Line("https://127.0.0.1:" + h2cPort + "/").endsWith(
                    "the port answered in cleartext (HTTP/2 frames, h2c): try http://127.0.0.1:" + h2cPort + "/"));
        }
    }

    @Test
    void sectionNamesFromTheListSelectCases() {
        CommandRun r = run("conform", "--section", "security", "--list");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("security/rapid-reset"), r.out());
        CommandRun output = run("conform", "--section", "output", "--list");
        assertTrue(output.out().contains("output/8.2.1/field-names"), output.out());
    }

    @Test
    void aBudgetScaleOutOfRangeIsAUsageErrorOnOneLine() {
        CommandRun r = run("conform", "http://127.0.0.1:9/", "--budget-scale", "0");
        assertEquals(2, r.exit());
        assertEquals("h2scope conform: --budget-scale must be 0.1 to 100 (a factor on each case's budget), got 0.0\n", r.err());
    }

    /** Both were refused by the run's config after the embedded server had started, and named no flag. */
    @Test
    void parallelAndRepeatOutOfRangeAreUsageErrorsBeforeAnyServerStarts() {
        CommandRun r = run("conform", "--parallel", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals("h2scope conform: --parallel must be 1 to 64 (cases at once against one server), got 0\n", r.err());
        r = run("conform", "--repeat", "1001", "--target", "embedded");
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        assertEquals("h2scope conform: --repeat must be 1 to 1000, got 1001\n", r.err());
    }

    /** Said by "h2scope:", where every other error of the command is said by "h2scope conform:". */
    @Test
    void anUnknownTargetIsAUsageErrorOfTheCommand() {
        CommandRun r = run("conform", "--target", "local:nginxx");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.errLine().startsWith("h2scope conform: unknown target 'nginxx'; known: embedded, "), r.err());
        r = run("conform", "--target", "");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.errLine().startsWith("h2scope conform: --target needs a name: embedded, local:NAME, docker:NAME, "
                + "NAME or a URL; known names: "), r.err());
        assertFalse(r.err().contains("["), r.err());
    }

    /** Said "'abc' is not a double", and "Value for option option '--report'". */
    @Test
    void aBudgetScaleThatIsNoNumberAndAReportWithoutAKindSayItPlainly() {
        CommandRun r = run("conform", "--budget-scale", "abc", "--list");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope conform: Invalid value for option '--budget-scale': 'abc' is not a number: give one such "
                + "as 2 or 0.5 (see './h2scope conform --help')", r.errLine());
        r = run("conform", "--budget-scale", "NaN", "--list");
        assertEquals(2, r.exit(), r.err());
        r = run("conform", "--report", "junit", "--list");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.errLine().startsWith("h2scope conform: Value for option '--report' (KIND=PATH) should be in "), r.err());
    }

    @Test
    void listShowsEachBudgetScaled() {
        CommandRun r = run("conform", "--list", "--case", "security/slow-body", "--budget-scale", "2");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("[budget 60.0 s]"), r.out());
    }

    @Test
    void maxInconclusiveOutOfRangeIsAUsageError() {
        CommandRun r = run("conform", "http://127.0.0.1:9/", "--max-inconclusive", "101");
        assertEquals(2, r.exit());
        assertEquals("h2scope conform: --max-inconclusive must be 0..100 (percent), got 101\n", r.err());
    }

    @Test
    void aSelectionOfNothingIsAUsageError() {
        CommandRun r = run("conform", "--section", "no-such-section", "--list");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("h2scope conform: --section no-such-section selects no case"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        CommandRun prefix = run("conform", "--case", "http2/99", "--list");
        assertEquals(2, prefix.exit());
    }

    @Test
    void versionOptionPrintsTheVersion() {
        CommandRun r = run("conform", "-V");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("h2scope "), r.out());
    }

    @Test
    void aTimeoutThatIsNotADurationIsAUsageError() {
        CommandRun r = run("conform", "--timeout", "garbage", "http://127.0.0.1:9/");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope conform: --timeout must be a duration such as 1s, 500ms or 2m, got 'garbage'\n", r.err());
    }

    @Test
    void aReportWithoutAKindIsAUsageErrorOnOneLine() {
        CommandRun r = run("conform", "--report", "results.json", "http://127.0.0.1:9/");
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("h2scope conform: ") && r.err().contains("KIND=PATH")
                && r.err().contains("(see './h2scope conform --help')"), r.err());
    }

    @Test
    void reportFoldersThatDoNotExistYetAreCreatedAndTheVerdictDecidesTheExitStatus(@TempDir Path dir) throws Exception {
        // the README's own example in a fresh clone: target/ does not exist yet
        Path junit = dir.resolve("target/h2.xml");
        Path html = dir.resolve("target/reports/h2.html");
        CommandRun r = run("conform", "--case", "http2/6.7/ping-is-acked", "--report", "junit=" + junit + ",html=" + html);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(Files.readString(junit).contains("name=\"http2/6.7/ping-is-acked\""));
        assertTrue(Files.readString(html).contains("http2/6.7/ping-is-acked"));
    }

    @Test
    void aReportPathThatCannotBeWrittenIsAUsageErrorBeforeAnyCaseRuns(@TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("target"), "a file, not a folder");
        CommandRun r = run("conform", "--section", "6.7", "--report", "json=" + blocker.resolve("h2.json"));
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("h2scope conform: --report json=" + blocker.resolve("h2.json") + ": cannot create folder " + blocker
                + ": a file of that name is in the way", r.err().strip());
        assertTrue(!r.out().contains("testing the embedded server"), "no run started: " + r.out());
    }

    @Test
    void durations() {
        assertEquals(Duration.ofMillis(1500), ConformCommand.parseDuration("1.5s"));
        assertEquals(Duration.ofMillis(250), ConformCommand.parseDuration("250ms"));
        assertEquals(Duration.ofMinutes(2), ConformCommand.parseDuration("2m"));
        // a bare number is seconds, as for console, proxy, serve and get (was "must be a duration such as 1s ...")
        assertEquals(Duration.ofSeconds(5), ConformCommand.parseDuration("5"));
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> ConformCommand.parseDuration("0"));
        assertEquals("--timeout must be above 0, got '0'", zero.getMessage());
        IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
                () -> ConformCommand.parseDuration("99999999m"));
        assertEquals("--timeout must be at most 525600m (a year), got '99999999m'", huge.getMessage());
    }
}
