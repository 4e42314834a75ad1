package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h2scope.conformance.junit.ConformanceTests;
import io.h2scope.conformance.peer.EntryDirection;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.report.ConsoleReporter;
import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JUnitXmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.report.RunHeader;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.http2.S6_7_Ping;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Reports render every outcome with its evidence; the JUnit bridge maps outcomes to JUnit's. */
class ReportsAndBridgeTest {

    private static final List<TraceEntry> PASS_EVIDENCE = List.of(new TraceEntry(4_213_000, EntryDirection.OUT, "PING opaque=h2spec"),
            new TraceEntry(4_598_000, EntryDirection.IN, "PING flags=ACK opaque=h2spec"));

    private static RunResult sampleRun() {
        Section ping = new S6_7_Ping();
        List<CaseDef> cases = ping.cases();
        List<TraceEntry> evidence = List.of(new TraceEntry(1_000_000, EntryDirection.OUT, "PING stream=1 <&> \"x\""),
                new TraceEntry(2_000_000, EntryDirection.IN, "GOAWAY error=INTERNAL_ERROR"));
        return new RunResult(Target.parse("http://127.0.0.1:8080/"), false, Instant.EPOCH, Duration.ofMillis(1234), List.of(
                new CaseResult(ping, cases.get(0), 1, Verdict.pass("PING ACK", "PING ACK"), PASS_EVIDENCE, Duration.ofMillis(3)),
                new CaseResult(ping, cases.get(2), 1, Verdict.fail("GOAWAY PROTOCOL_ERROR", "GOAWAY INTERNAL_ERROR"), evidence,
                        Duration.ofMillis(5)),
                new CaseResult(ping, cases.get(3), 1, Verdict.skip("not today"), List.of(), Duration.ZERO)));
    }

    private static RunHeader header(RunResult run) {
        return new RunHeader(run.startedAt(), "9.8.7-test", run.target(), false, Duration.ofMillis(1500), 4, 1);
    }

    @Test
    void junitXmlIsWellFormedWithFailureEvidence() throws Exception {
        RunResult run = sampleRun();
        var doc = parseXml(JUnitXmlReport.render(header(run), run));
        assertEquals(3, doc.getElementsByTagName("testcase").getLength());
        assertEquals(1, doc.getElementsByTagName("failure").getLength());
        assertEquals(1, doc.getElementsByTagName("skipped").getLength());
        assertTrue(doc.getElementsByTagName("failure").item(0).getTextContent().contains("PING stream=1 <&> \"x\""));
    }

    @Test
    void junitXmlNamesCasesByIdAndKeepsEveryVerdictsEvidenceAndTheRunHeader() throws Exception {
        RunResult run = sampleRun();
        var doc = parseXml(JUnitXmlReport.render(header(run), run));
        Element pass = (Element) doc.getElementsByTagName("testcase").item(0);
        assertEquals("http2/6.7/ping-is-acked", pass.getAttribute("name"));
        assertEquals("http2/6.7", pass.getAttribute("classname"));
        String out = pass.getElementsByTagName("system-out").item(0).getTextContent();
        assertTrue(out.startsWith("PASS") && out.contains("+0.004213s >> PING opaque=h2spec"), out);
        Map<String, String> properties = properties(doc);
        assertEquals("9.8.7-test", properties.get("h2scope.version"));
        assertEquals("1.5s", properties.get("timeout"));
        assertEquals("4", properties.get("parallel"));
        assertTrue(properties.keySet().stream().noneMatch(k -> k.startsWith("server")), "a URL's server was not asked: " + properties);
    }

    /** The first testsuite's properties, by name. */
    private static Map<String, String> properties(Document doc) {
        Map<String, String> properties = new HashMap<>();
        NodeList nodes = doc.getElementsByTagName("testsuite").item(0).getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e && e.getTagName().equals("properties")) {
                NodeList props = e.getElementsByTagName("property");
                for (int j = 0; j < props.getLength(); j++) {
                    Element p = (Element) props.item(j);
                    properties.put(p.getAttribute("name"), p.getAttribute("value"));
                }
            }
        }
        return properties;
    }

    @Test
    void everyReportNamesTheVersionTheServerToldAndTheNoteWhenItsExpectedFailuresAreForAnother() throws Exception {
        RunResult run = sampleRun();
        String note = "expected-failures.txt was written for nginx 1.22.1; this run tested nginx 1.24.0: its known FAILs may differ";
        RunHeader header = header(run).withServer(Optional.of(
                ServerVersion.known("nginx", "1.24.0", "/usr/sbin/nginx -v").withNote(Optional.of(note))));

        JsonNode json = new ObjectMapper().readTree(JsonReport.render(header, run));
        assertEquals("nginx", json.at("/server/name").asText());
        assertEquals("1.24.0", json.at("/server/version").asText());
        assertEquals("/usr/sbin/nginx -v", json.at("/server/askedWith").asText());
        assertEquals(note, json.at("/server/expectedFailuresNote").asText());
        Map<String, String> properties = properties(parseXml(JUnitXmlReport.render(header, run)));
        assertEquals("nginx 1.24.0", properties.get("server.version"));
        assertEquals("/usr/sbin/nginx -v", properties.get("server.version.asked"));
        assertEquals(note, properties.get("expected-failures.note"));
        String html = HtmlReport.render(header, run);
        assertTrue(html.contains("<td>server</td><td>nginx 1.24.0 (asked: /usr/sbin/nginx -v)</td>"), html);
        assertTrue(html.contains("<td>note</td><td>" + note + "</td>"), html);

        RunHeader unknown = header(run).withServer(Optional.of(ServerVersion.unknown("h2o", "/usr/bin/h2o --version", "exit status 1")));
        JsonNode withoutVersion = new ObjectMapper().readTree(JsonReport.render(unknown, run));
        assertEquals("exit status 1", withoutVersion.at("/server/versionUnknown").asText());
        assertTrue(withoutVersion.at("/server/version").isMissingNode(), withoutVersion.toString());
    }

    @Test
    void jsonIsVersionedAndMachineReadable() throws Exception {
        RunResult run = sampleRun();
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(header(run), run));
        assertEquals(JsonReport.SCHEMA, root.get("schema").asText());
        assertEquals(1, root.get("counts").get("FAIL").asInt());
        assertEquals(false, root.get("passed").asBoolean());
        JsonNode failed = root.get("results").get(1);
        assertEquals("http2/6.7/nonzero-stream-id", failed.get("id").asText());
        assertEquals("http2/6.7/3", failed.get("h2spec").asText());
        assertEquals("OUT", failed.get("evidence").get(0).get("direction").asText());
    }

    @Test
    void jsonKeepsPassEvidenceAndStatesTheRunHeader() throws Exception {
        RunResult run = sampleRun();
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(header(run), run));
        JsonNode pass = root.get("results").get(0);
        assertEquals("PASS", pass.get("outcome").asText());
        assertEquals(2, pass.get("evidence").size(), pass.toString());
        assertEquals(4_213_000, pass.get("evidence").get(0).get("nanos").asLong());
        assertEquals("9.8.7-test", root.get("h2scope").asText());
        assertEquals("1970-01-01T00:00:00Z", root.get("startedAt").asText());
        assertEquals("http://127.0.0.1:8080/", root.get("target").get("url").asText());
        assertEquals(1500, root.get("options").get("timeoutMs").asInt());
        assertEquals(4, root.get("options").get("parallel").asInt());
        assertEquals(false, root.get("options").get("strict").asBoolean());
    }

    @Test
    void htmlIsSelfContainedAndEscaped() {
        RunResult run = sampleRun();
        String html = HtmlReport.render(header(run), run);
        assertTrue(html.contains("<details>"));
        assertTrue(html.contains("&lt;&amp;&gt;"));
        assertTrue(!html.contains("<script src") && !html.contains("http-equiv") && !html.contains("<link")
                && !html.contains("src=\""), "no external asset");
    }

    @Test
    void htmlPutsFailuresFirstWithFiltersAndTheRunHeader() {
        RunResult run = sampleRun();
        String html = HtmlReport.render(header(run), run);
        int fail = html.indexOf("<code>http2/6.7/nonzero-stream-id</code>");
        int skip = html.indexOf("<code>http2/6.7/length-not-8</code>");
        int pass = html.indexOf("<code>http2/6.7/ping-is-acked</code>");
        assertTrue(fail > 0 && fail < skip && skip < pass, "FAIL, then SKIP, then PASS: " + fail + " " + skip + " " + pass);
        assertTrue(html.contains("data-outcome=\"FAIL\"") && html.contains("<select id=\"section\">")
                && html.contains("<option value=\"http2/6.7\">http2/6.7 PING</option>"), html);
        assertTrue(html.contains("<li class=\"case\" id=\"case-http2/6.7/ping-is-acked\" data-outcome=\"PASS\" "
                + "data-section=\"http2/6.7\">"), "each case has an anchor the matrix links to: " + html);
        assertTrue(html.contains("1970-01-01T00:00:00Z") && html.contains("9.8.7-test")
                && html.contains("strict off, timeout 1.5s, parallel 4") && html.contains("http://127.0.0.1:8080/"), html);
        assertTrue(html.contains("RFC 9113 §6.7"), html);
        // a PASS can be audited: its evidence is there too
        assertTrue(html.contains("+0.004213s &gt;&gt; PING opaque=h2spec"), html);
    }

    @Test
    void consoleStreamsEachVerdictAsItIsDecidedThenReportsInSuiteOrder() {
        RunResult run = sampleRun();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleReporter console = new ConsoleReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, true);
        console.started(3);
        // finished out of suite order, as parallel cases do
        console.caseFinished(run.results().get(2));
        console.caseFinished(run.results().get(1));
        String live = bytes.toString(StandardCharsets.UTF_8);
        List<String> lines = live.lines().toList();
        assertEquals(3, lines.size(), live);
        assertTrue(lines.get(1).matches("\\[1/3 +\\d+\\.\\ds] - http2/6\\.7/length-not-8 SKIP: not today"), lines.get(1));
        assertTrue(lines.get(2).matches("\\[2/3 +\\d+\\.\\ds] ✘ http2/6\\.7/nonzero-stream-id FAIL \\(RFC 9113 §6\\.7\\): GOAWAY INTERNAL_ERROR"),
                lines.get(2));
        console.caseFinished(run.results().get(0));
        assertTrue(bytes.toString(StandardCharsets.UTF_8).lines().toList().get(3)
                .matches("\\[3/3 +\\d+\\.\\ds] ✔ http2/6\\.7/ping-is-acked PASS"), bytes.toString(StandardCharsets.UTF_8));
        bytes.reset();
        console.finished(run);
        String report = bytes.toString(StandardCharsets.UTF_8);
        int pass = report.indexOf("✔ http2/6.7/ping-is-acked");
        int fail = report.indexOf("✘ http2/6.7/nonzero-stream-id");
        int skip = report.indexOf("- http2/6.7/length-not-8");
        assertTrue(pass >= 0 && pass < fail && fail < skip, report);
        assertTrue(report.contains("rule (RFC 9113 §6.7): If a PING frame is received with a Stream Identifier field value other"
                + " than 0x00, the recipient MUST respond with a connection error"), report);
    }

    @Test
    void aLiveLineStaysOneLine() {
        Section ping = new S6_7_Ping();
        CaseResult r = new CaseResult(ping, ping.cases().get(0), 1, Verdict.inconclusive("PING ACK",
                "closed\n  the connection " + "x".repeat(500)), List.of(), Duration.ZERO);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleReporter console = new ConsoleReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, true);
        console.started(1);
        console.caseFinished(r);
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        String reason = lines.get(1).substring(lines.get(1).indexOf("INCONCLUSIVE: ") + "INCONCLUSIVE: ".length());
        assertTrue(reason.startsWith("closed the connection xxx") && reason.endsWith("…"), reason);
        assertEquals(120, reason.length(), reason);
    }

    @Test
    void evidenceTimesKeepMicroseconds() {
        assertEquals("+0.004213s >> PING", new TraceEntry(4_213_000, EntryDirection.OUT, "PING").format());
        assertEquals("+0.000037s << SETTINGS", new TraceEntry(37_400, EntryDirection.IN, "SETTINGS").format());
    }

    @Test
    void theVersionIsTheOneMavenBuilt() {
        // Maven filters the resource; a build that skipped that would say "development"
        assertTrue(H2scopeVersion.get().matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), H2scopeVersion.get());
    }

    private static Document parseXml(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    @Test
    void bridgeNamesTestsByIdAndMapsOutcomes() {
        RunConfig config = RunConfig.defaults(Target.parse("http://127.0.0.1:9/"))
                .withSelection(new CaseSelection(List.of("http2/6.7"), List.of()));
        List<DynamicNode> nodes = ConformanceTests.forTarget(config).toList();
        assertEquals(2, nodes.size());
        // nothing listens on port 9: the first test fails with the diagnosis, so the build fails
        DynamicTest reachable = (DynamicTest) nodes.get(0);
        assertEquals(ConformanceTests.REACHABLE, reachable.getDisplayName());
        AssertionFailedError down = assertThrows(AssertionFailedError.class, () -> reachable.getExecutable().execute());
        assertTrue(down.getMessage().contains("reached the HTTP/2 handshake: cannot connect to 127.0.0.1:9"), down.getMessage());
        DynamicContainer container = (DynamicContainer) nodes.get(1);
        assertEquals("http2/6.7 PING", container.getDisplayName());
        List<DynamicNode> children = container.getChildren().collect(Collectors.toList());
        List<String> names = children.stream().map(DynamicNode::getDisplayName).toList();
        assertEquals(List.of("http2/6.7/ping-is-acked", "http2/6.7/ack-is-not-answered", "http2/6.7/nonzero-stream-id",
                "http2/6.7/length-not-8"), names);
        // ... and each case is aborted as not run, naming why
        DynamicTest first = (DynamicTest) children.get(0);
        TestAbortedException notRun = assertThrows(TestAbortedException.class, () -> first.getExecutable().execute());
        assertTrue(notRun.getMessage().startsWith("not run: no connection to"), notRun.getMessage());
    }

    @Test
    void bridgeFailureCarriesTheEvidence() {
        RunResult run = sampleRun();
        AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> BridgeAccess.check(run.results().get(1)));
        assertTrue(error.getMessage().contains("GOAWAY error=INTERNAL_ERROR"), error.getMessage());
    }
}
