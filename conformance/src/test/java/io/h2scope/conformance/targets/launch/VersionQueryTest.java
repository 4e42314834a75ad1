package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.engine.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Asking a server its version: what the servers of docker-targets/ answer, and every way the question can fail. */
class VersionQueryTest {

    private static final VersionQuery.Answer OK_EMPTY = new VersionQuery.Answer(0, "");

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            nginx version: nginx/1.22.1                                             | 1.22.1
            Server version: Apache/2.4.71 (Debian)\\nServer built:   2026-11-12T08:58:41 | 2.4.71
            h2o version 2.2.5\\nOpenSSL: OpenSSL 3.0.19 27 Jan 2026\\nmruby: YES        | 2.2.5
            HAProxy version 2.6.12-1+deb12u4 2026/10/17 - https://haproxy.org/      | 2.6.12-1+deb12u4
            2.6.2                                                                   | 2.6.2
            nghttpd nghttp2/1.52.0                                                  | 1.52.0
            v20.20.2                                                                | 20.20.2
            9.4.57-1.1~deb12u1                                                      | 9.4.57-1.1~deb12u1
            h2scope 0.1.0-SNAPSHOT                                                  | 0.1.0-SNAPSHOT
            """)
    void theFirstVersionNumberOfWhatTheServerAnsweredIsItsVersion(String output, String version) {
        ServerVersion v = VersionQuery.parse("x", "x -v", new VersionQuery.Answer(0, output.replace("\\n", "\n")));
        assertEquals(version, v.version(), v.toString());
    }

    @Test
    void anAnswerWithoutAVersionNumberOrAFailedCommandLeavesTheVersionUnknownWithTheReason() {
        ServerVersion error = VersionQuery.parse("nginx", "/usr/sbin/nginx -v", new VersionQuery.Answer(1, "nginx: invalid option: \"x\"\n"));
        assertFalse(error.isKnown());
        assertEquals("nginx (version unknown: exit status 1: 'nginx: invalid option: \"x\"')", error.describe());

        ServerVersion noNumber = VersionQuery.parse("h2scope", "java ... --version", new VersionQuery.Answer(0, "h2scope development"));
        assertEquals("its answer names no version number: 'h2scope development'", noNumber.problem());

        assertEquals("it printed nothing", VersionQuery.parse("caddy", "caddy version", OK_EMPTY).problem());
    }

    @Test
    void theCommandIsFilledInForTheWayTheServerRunsAndShownWithoutTheClassPath() {
        VersionQuery query = new VersionQuery(List.of("@BINARY@", "-cp", "@CLASSPATH@", "Main", "--version"), VersionQuery.DEFAULT_TIMEOUT);
        List<List<String>> ran = new java.util.ArrayList<>();
        ServerVersion v = query.ask("h2scope", Map.of(ConfigTemplate.Key.BINARY, "java", ConfigTemplate.Key.CLASSPATH, "/a.jar:/b.jar"),
                (command, timeout) -> {
                    ran.add(command);
                    return new VersionQuery.Answer(0, "h2scope 1.2.3\n");
                });
        assertEquals(List.of(List.of("java", "-cp", "/a.jar:/b.jar", "Main", "--version")), ran);
        assertEquals("h2scope 1.2.3 (asked: java -cp @CLASSPATH@ Main --version)", v.describeWithSource());
    }

    @Test
    void aFolderWithoutACommandOrWithAnUnknownPlaceholderHasAnUnknownVersionNotAnError() {
        VersionQuery.Runner never = (command, timeout) -> {
            throw new AssertionError("nothing must run");
        };
        assertEquals("target.properties names no version.command",
                new VersionQuery(List.of(), VersionQuery.DEFAULT_TIMEOUT).ask("x", Map.of(), never).problem());
        String problem = new VersionQuery(List.of("@BINRAY@", "-v"), VersionQuery.DEFAULT_TIMEOUT).ask("x", Map.of(), never).problem();
        assertTrue(problem.startsWith("version.command: unknown placeholder @BINRAY@"), problem);
    }

    @Test
    void onThisHostTheAnswerOnStandardErrorCountsLikeStandardOutput() {
        // nginx -v answers on stderr
        VersionQuery query = new VersionQuery(List.of("/bin/sh", "-c", "echo \"nginx version: nginx/$V\" >&2"), VersionQuery.DEFAULT_TIMEOUT);
        ServerVersion v = query.ask("nginx", Map.of(), VersionQuery.onThisHost(Map.of("V", "1.22.1")));
        assertEquals("nginx 1.22.1", v.describe());
    }

    @Test
    void aCommandThatDoesNotAnswerWithinItsTimeoutIsStoppedAndTheVersionIsUnknown() throws InterruptedException {
        VersionQuery query = new VersionQuery(List.of("/bin/sleep", "30"), Duration.ofMillis(200));
        ServerVersion v = query.ask("slow", Map.of(), VersionQuery.onThisHost(Map.of()));
        assertEquals("it did not answer within PT0.2S (version.timeout)", v.problem());
        // killed when ask returns; gone from the process table a moment later, when reaped
        Await.until(() -> ProcessHandle.current().descendants().noneMatch(p -> p.info().command().orElse("").endsWith("sleep")),
                "the command was stopped");
    }

    @Test
    void aMissingProgramIsAnUnknownVersionWithTheReason() {
        VersionQuery query = new VersionQuery(List.of("/nonexistent/nginx", "-v"), VersionQuery.DEFAULT_TIMEOUT);
        ServerVersion v = query.ask("nginx", Map.of(), VersionQuery.onThisHost(Map.of()));
        assertTrue(v.problem().contains("/nonexistent/nginx"), v.problem());
    }

    @Test
    void h2scopesOwnServerAsAProcessAnswersThisBuildsVersion() throws Exception {
        TargetSpec h2scope = TargetRegistry.locate().get("h2scope");
        Map<ConfigTemplate.Key, String> values = Map.of(ConfigTemplate.Key.BINARY, h2scope.binary().toString(),
                ConfigTemplate.Key.CLASSPATH, System.getProperty("java.class.path"));
        ServerVersion v = h2scope.versionQuery().ask("h2scope", values, VersionQuery.onThisHost(Map.of()));
        assertEquals(H2scopeVersion.get(), v.version(), v.toString());
    }
}
