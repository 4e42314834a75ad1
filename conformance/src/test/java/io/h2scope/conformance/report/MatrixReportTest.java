package io.h2scope.conformance.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.client.ClientCase;
import io.h2scope.conformance.client.ClientRunResult;
import io.h2scope.conformance.client.ClientSection;
import io.h2scope.conformance.client.ClientSubject;
import io.h2scope.conformance.client.ClientSuiteRunner;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Verdict;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class MatrixReportTest {

    private static final Section PING = Suites.all().stream().filter(s -> s.id().equals("http2/6.7")).findFirst().orElseThrow();

    /** A run of the PING section in which the case {@code failing} (if any) failed with {@code why}. */
    private static RunResult run(String server, String failing, String why) {
        List<CaseResult> results = new ArrayList<>();
        for (CaseDef c : PING.cases()) {
            Verdict v = c.id().value().equals(failing) ? Verdict.fail("GOAWAY PROTOCOL_ERROR", why) : Verdict.pass("ACK", "ACK");
            results.add(new CaseResult(PING, c, 1, v, List.of(), Duration.ofMillis(3)));
        }
        return new RunResult(new Target(server, "127.0.0.1", 1, false, "/"), false, Instant.EPOCH, Duration.ofSeconds(1), results);
    }

    @Test
    void countsEachSectionPerServerAndListsOnlyTheCasesNotPassingEverywhere() {
        String failing = PING.cases().get(0).id().value();
        List<MatrixColumn> columns = List.of(
                new MatrixColumn("good", "local", false, run("good", null, null), null, "runs/good.html"),
                new MatrixColumn("bad", "local", false, run("bad", failing, "closed | without GOAWAY"), null, null),
                new MatrixColumn("gone", "docker", false, null, "no Docker engine answers", null));
        MatrixReport report = new MatrixReport(columns, "test header");
        String md = report.markdown();
        int n = PING.cases().size();
        assertTrue(md.contains("| http2/6.7 | " + n + " ✔ | 1 ✘ " + (n - 1) + " ✔ |  |"), md);
        assertTrue(md.contains("| `" + failing + "` | ✔ | ✘ |  |"), md);
        assertTrue(md.contains("`" + failing + "`\n- bad h2c: ✘ closed | without GOAWAY\n"), "the reason is listed under the case: " + md);
        assertEquals(1, md.lines().filter(l -> l.startsWith("| `")).count(), "only the failing case is listed: " + md);
        assertTrue(md.contains("| gone | h2c | docker |  | not run: no Docker engine answers |"), md);
        String html = report.html();
        assertTrue(html.contains("href=\"runs/good.html#case-" + failing + "\""), "a cell links to the case in its run's report");
        assertTrue(html.contains("<td class=\"FAIL\">"), html);
        assertFalse(html.contains("closed | without GOAWAY<script"), html);
    }

    @Test
    void eachColumnNamesTheVersionItTestedAndEachServerAndWaySaysOnceWhenItsExpectedFailuresAreForAnother() throws Exception {
        ServerVersion local = ServerVersion.known("nginx", "1.22.1", "/usr/sbin/nginx -v");
        String note = "expected-failures.txt was written for nginx 1.22.1; this run tested nginx 1.24.0: its known FAILs may differ";
        ServerVersion container = ServerVersion.known("nginx", "1.24.0", "/usr/sbin/nginx -v").withNote(Optional.of(note));
        ServerVersion unknown = ServerVersion.unknown("h2o", "/usr/bin/h2o --version", "exit status 1");
        List<MatrixColumn> columns = List.of(
                new MatrixColumn("nginx", "local", false, run("nginx", null, null), null, null, local),
                new MatrixColumn("nginx", "docker", false, run("nginx", null, null), null, null, container),
                new MatrixColumn("nginx", "docker", true, run("nginx", null, null), null, null, container),
                new MatrixColumn("h2o", "local", false, run("h2o", null, null), null, null, unknown));
        MatrixReport report = new MatrixReport(columns, "test header");

        String md = report.markdown();
        assertTrue(md.contains("| nginx | h2c | local | 1.22.1 | PASSED |"), md);
        assertTrue(md.contains("| nginx | tls | docker | 1.24.0 | PASSED |"), md);
        assertTrue(md.contains("| h2o | h2c | local | unknown: exit status 1 | PASSED |"), md);
        assertEquals(1, md.lines().filter(l -> l.equals("- nginx (docker): " + note)).count(), "one note per server and way: " + md);
        assertTrue(report.html().contains("docker, 1.24.0, PASSED"), "a column's head names its version");
        assertTrue(report.html().contains("<li>nginx (docker): " + note + "</li>"), report.html());
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json());
        assertEquals("1.22.1", json.at("/columns/0/serverVersion/version").asText());
        assertEquals("/usr/sbin/nginx -v", json.at("/columns/0/serverVersion/askedWith").asText());
        assertEquals(note, json.at("/columns/1/serverVersion/expectedFailuresNote").asText());
        assertTrue(json.at("/columns/0/serverVersion/expectedFailuresNote").isMissingNode(), "no note where the versions agree");
        assertEquals("exit status 1", json.at("/columns/3/serverVersion/versionUnknown").asText());
    }

    @Test
    void aClientMatrixReadsClientRunsThroughTheSameTablesWithItsColumnsNamedClients() throws Exception {
        ClientSection ping = ClientSuite.sections().stream().filter(s -> s.id().equals("client/6.7")).findFirst().orElseThrow();
        String failing = ping.cases().get(0).id().value();
        List<ClientSuiteRunner.Result> results = new ArrayList<>();
        for (ClientCase c : ping.cases()) {
            Verdict v = c.id().value().equals(failing) ? Verdict.fail("a PING ACK", "no ACK") : Verdict.pass("a PING ACK", "ACK");
            results.add(new ClientSuiteRunner.Result(ping, c, v, Duration.ofMillis(3), List.of()));
        }
        ClientRunResult run = new ClientRunResult(new ClientSubject("curl", "curl {url} (pk)", false), false, Instant.EPOCH,
                Duration.ofSeconds(1), results, null, 0);
        List<MatrixColumn> columns = List.of(new MatrixColumn("curl", "command", "pk", run, null, "runs/curl.html", null),
                new MatrixColumn("nghttp", "command", "-", null, "not installed: apt-get install nghttp2-client", null, null));
        MatrixReport report = new MatrixReport(columns, "test header", "client");

        String md = report.markdown();
        assertTrue(md.startsWith("# Client conformance matrix\n"), md);
        assertTrue(md.contains("| client | mode | via |"), md);
        assertTrue(md.contains("| curl | pk | command |  | FAILED |"), md);
        assertTrue(md.contains("| nghttp | - | command |  | not run: not installed: apt-get install nghttp2-client |"), md);
        assertTrue(md.contains("| client/6.7 | 1 ✘ " + (ping.cases().size() - 1) + " ✔ |  |"), md);
        assertTrue(md.contains("## What each client did"), md);
        assertTrue(report.html().contains("href=\"runs/curl.html#" + HtmlReport.anchor(failing) + "\""), report.html());
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.json());
        assertEquals("curl", json.at("/columns/0/client").asText());
        assertEquals("FAIL", json.at("/columns/0/verdicts/" + failing.replace("/", "~1") + "/outcome").asText());
        assertEquals("NOT_RUN", json.at("/columns/1/status").asText());
    }

    @Test
    void aColumnHasARunOrAProblem() {
        assertThrows(IllegalArgumentException.class, () -> new MatrixColumn("x", "local", false, null, null, null));
    }

    @Test
    void aServerThatDoesNotSpeakHttp2IsNotJudgedWithTheProbesReason() throws Exception {
        String why = "no connection to http://127.0.0.1:1/ reached the HTTP/2 handshake: the target answered the HTTP/2 preface "
                + "with text \"<!DOCTYPE html>\", not HTTP/2 frames";
        RunResult notHttp2 = new RunResult(new Target("web", "127.0.0.1", 1, false, "/"), false, Instant.EPOCH, Duration.ofSeconds(1),
                List.of(), why, PING.cases().size(), 10);
        MatrixColumn column = new MatrixColumn("web", "local", false, notHttp2, null, "runs/web.html");
        assertEquals("not judged: " + why, column.status());
        MatrixReport report = new MatrixReport(List.of(column), "test header");
        assertTrue(report.markdown().contains("| web | h2c | local |  | not judged: " + why + " |"), report.markdown());
        assertTrue(report.json().contains("\"problem\" : \"" + why.replace("\"", "\\\"") + "\""), report.json());
    }
}
