package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.targets.launch.ContainerTarget;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h2scope matrix} against h2scope's own server as a local process (docker-targets/h2scope: always available)
 * and its usage errors.
 */
class MatrixCommandTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void aMatrixOfOneServerInBothModesWritesTheThreeReportsAndEachRunsOwn(@TempDir Path dir) throws Exception {
        CommandRun r = run("matrix", "--targets", "h2scope", "--via", "local", "--both", "--section", "http2/6.7,http2/6.5",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        // the server's version, asked of the process it started (its --version), names each column
        String version = H2scopeVersion.get();
        assertTrue(r.out().contains("[1/2] h2scope " + version + " h2c (local): PASSED"), r.out());
        assertTrue(r.out().contains("[2/2] h2scope " + version + " tls (local): PASSED"), r.out());
        String md = Files.readString(dir.resolve("matrix.md"));
        assertTrue(md.contains("| http2/6.7 |"), md);
        assertTrue(md.contains("| h2scope | tls | local | " + version + " | PASSED |"), md);
        assertFalse(md.contains("| http2/8"), "only the sections asked for: " + md);
        assertTrue(Files.readString(dir.resolve("matrix.html")).contains("href=\"runs/h2scope-h2c-local.html\""));
        assertTrue(Files.readString(dir.resolve("matrix.json")).contains("\"schema\" : \"h2scope-matrix/1\""));
        assertTrue(Files.readString(dir.resolve("runs/h2scope-tls-local.json")).contains("\"version\" : \"" + version + "\""),
                "each run's own report names the version too");
    }

    @Test
    void anUnknownServerIsAUsageErrorThatListsTheKnownOnes(@TempDir Path dir) {
        CommandRun r = run("matrix", "--targets", "nginx,ngnix", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("unknown target ngnix: known names are ") && r.err().contains("nginx"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void serversAndIntermediariesTogetherIsAUsageError(@TempDir Path dir) {
        CommandRun r = run("matrix", "--targets", "nginx", "--proxies", "nginx-proxy", "--out", dir.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--proxies (intermediaries), one of the three"), r.err());
    }

    @Test
    void aServerOnlyOptionWithProxiesIsAUsageError(@TempDir Path dir) {
        CommandRun r = run("matrix", "--proxies", "nginx-proxy", "--both", "--out", dir.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--both applies to --targets or --clients, not to --proxies"), r.err());
        // the server suite's --parallel (default 4) is not conform-proxy's: the matrix runs the intermediaries' cases
        // one at a time, as its committed figures were measured
        CommandRun parallel = run("matrix", "--proxies", "nginx-proxy", "--parallel", "4", "--out", dir.toString());
        assertEquals(2, parallel.exit(), parallel.err());
        assertTrue(parallel.err().contains("--parallel applies to --targets or --clients, not to --proxies"),
                parallel.err());
    }

    @Test
    void theIntermediaryLimitsWithServersOrClientsAreAUsageError(@TempDir Path dir) {
        CommandRun servers = run("matrix", "--targets", "h2scope", "--time-limit", "1m", "--buffer-limit", "8m",
                "--out", dir.toString());
        assertEquals(2, servers.exit(), servers.err());
        assertEquals("h2scope matrix: --buffer-limit, --time-limit applies to --proxies only", servers.errLine());
        CommandRun clients = run("matrix", "--clients", "curl", "--refused-retries", "0", "--legs-http1-shown", "1k",
                "--out", dir.toString());
        assertEquals(2, clients.exit(), clients.err());
        assertEquals("h2scope matrix: --refused-retries, --legs-http1-shown applies to --proxies only", clients.errLine());
    }

    @Test
    void anIntermediarySelectionOfNoCaseIsAOneLineUsageError(@TempDir Path dir) {
        CommandRun r = run("matrix", "--proxies", "nginx-proxy", "--section", "proxy/9.9", "--out", dir.toString());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.errLine().contains("proxy/9.9 selects no case: give a section that --list shows (proxy/8.1.1"),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void badIntermediaryLimitsAreOneLineUsageErrors(@TempDir Path dir) {
        Map<List<String>, String> said = Map.of(
                List.of("--time-limit", "0s"), "--time-limit must be above 0",
                List.of("--time-limit", "soon"), "--time-limit must be a duration such as 1s, 500ms or 2m, got 'soon'",
                List.of("--buffer-limit", "1g"), "--buffer-limit takes at most 512m",
                List.of("--refused-retries", "-1"), "--refused-retries takes 0 or more",
                List.of("--memory-interval", "0ms"), "--memory-interval: the memory sampling interval must be 10 ms");
        said.forEach((options, message) -> {
            List<String> args = new ArrayList<>(List.of("matrix", "--proxies", "nginx-proxy", "--out", dir.toString()));
            args.addAll(options);
            CommandRun r = run(args.toArray(String[]::new));
            assertEquals(2, r.exit(), options + ": " + r.err());
            assertTrue(r.errLine().contains(message), options + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        });
    }

    @Test
    void anIntermediaryAsAContainerWithoutAnEngineIsAColumnNotRunAndExitsThree(@TempDir Path dir) throws Exception {
        // where an engine answers, docker:nginx-proxy starts: that path is IntermediaryContainerVersusLocalTest's
        assumeFalse(ContainerTarget.dockerAvailable(), "a Docker engine answers here, so docker:nginx-proxy would start");
        CommandRun r = run("matrix", "--proxies", "nginx-proxy", "--via", "docker", "--out", dir.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("not run: docker:nginx-proxy: no Docker engine answers"), r.out());
        assertTrue(Files.readString(dir.resolve("matrix.md")).contains("| nginx-proxy | h2c | docker |"));
    }

    @Test
    void anUnknownIntermediaryIsAUsageErrorThatListsTheKnownOnes(@TempDir Path dir) {
        CommandRun r = run("matrix", "--proxies", "nginx-proxy,nginx", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("unknown intermediary nginx: known names are ") && r.err().contains("nginx-proxy"),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void aViaThatIsNeitherLocalNorDockerIsAUsageError(@TempDir Path dir) {
        for (String what : new String[] {"--targets", "--proxies"}) {
            CommandRun r = run("matrix", what, "all", "--via", "podman", "--out", dir.toString());
            assertEquals(2, r.exit(), what);
            assertTrue(r.errLine().contains("--via must be local, docker or auto"), r.err());
        }
    }

    @Test
    void aServerThatCannotStartIsAColumnNotRunAndExitsThree(@TempDir Path dir) throws Exception {
        // where an engine answers, docker:h2scope starts: that path is ContainerVersusLocalTest's
        assumeFalse(ContainerTarget.dockerAvailable(), "a Docker engine answers here, so docker:h2scope would start");
        CommandRun r = run("matrix", "--targets", "h2scope", "--via", "docker", "--section", "http2/6.7", "--out", dir.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("h2scope h2c (docker): not run: docker:h2scope: no Docker engine answers"), r.out());
        assertTrue(Files.readString(dir.resolve("matrix.md")).contains("not run: docker:h2scope"));
    }
}
