package io.h2scope.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h2scope.conformance.junit.ConformanceTests;
import io.h2scope.conformance.peer.Direction;
import io.h2scope.conformance.peer.TraceEntry;
import io.h2scope.conformance.report.HtmlReport;
import io.h2scope.conformance.report.JUnitXmlReport;
import io.h2scope.conformance.report.JsonReport;
import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunConfig;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.runner.Selection;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.http2.S6_7_Ping;
import io.h2scope.conformance.target.Target;
import io.h2scope.conformance.verdict.Verdict;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.xml.sax.InputSource;

/** Reports render every outcome with its evidence; the JUnit bridge maps outcomes to JUnit's. */
class ReportsAndBridgeTest {

    private static RunResult sampleRun() {
        Section ping = new S6_7_Ping();
        List<CaseDef> cases = ping.cases();
        List<TraceEntry> evidence = List.of(new TraceEntry(1_000_000, Direction.OUT, "PING stream=1 <&> \"x\""),
                new TraceEntry(2_000_000, Direction.IN, "GOAWAY error=INTERNAL_ERROR"));
        return new RunResult(Target.parse("http://127.0.0.1:8080/"), false, Instant.EPOCH, Duration.ofMillis(1234), List.of(
                new CaseResult(ping, cases.get(0), 1, Verdict.pass("PING ACK", "PING ACK"), List.of(), Duration.ofMillis(3)),
                new CaseResult(ping, cases.get(2), 1, Verdict.fail("GOAWAY PROTOCOL_ERROR", "GOAWAY INTERNAL_ERROR"), evidence,
                        Duration.ofMillis(5)),
                new CaseResult(ping, cases.get(3), 1, Verdict.skip("not today"), List.of(), Duration.ZERO)));
    }

    @Test
    void junitXmlIsWellFormedWithFailureEvidence() throws Exception {
        String xml = JUnitXmlReport.render(sampleRun());
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        assertEquals(3, doc.getElementsByTagName("testcase").getLength());
        assertEquals(1, doc.getElementsByTagName("failure").getLength());
        assertEquals(1, doc.getElementsByTagName("skipped").getLength());
        assertTrue(doc.getElementsByTagName("failure").item(0).getTextContent().contains("PING stream=1 <&> \"x\""));
    }

    @Test
    void jsonIsVersionedAndMachineReadable() throws Exception {
        JsonNode root = new ObjectMapper().readTree(JsonReport.render(sampleRun()));
        assertEquals(JsonReport.SCHEMA, root.get("schema").asText());
        assertEquals(1, root.get("counts").get("FAIL").asInt());
        assertEquals(false, root.get("passed").asBoolean());
        JsonNode failed = root.get("results").get(1);
        assertEquals("http2/6.7/nonzero-stream-id", failed.get("id").asText());
        assertEquals("http2/6.7/3", failed.get("h2spec").asText());
        assertEquals("OUT", failed.get("evidence").get(0).get("direction").asText());
    }

    @Test
    void htmlIsSelfContainedAndEscaped() {
        String html = HtmlReport.render(sampleRun());
        assertTrue(html.contains("<details>"));
        assertTrue(html.contains("&lt;&amp;&gt;"));
        assertTrue(!html.contains("<script") && !html.contains("http-equiv") && !html.contains("<link"));
    }

    @Test
    void bridgeNamesTestsByIdAndMapsOutcomes() {
        RunConfig config = RunConfig.defaults(Target.parse("http://127.0.0.1:9/"))
                .withSelection(new Selection(List.of("http2/6.7"), List.of()));
        List<DynamicNode> nodes = ConformanceTests.forTarget(config).toList();
        assertEquals(1, nodes.size());
        DynamicContainer container = (DynamicContainer) nodes.get(0);
        assertEquals("http2/6.7 PING", container.getDisplayName());
        List<DynamicNode> children = container.getChildren().collect(Collectors.toList());
        List<String> names = children.stream().map(DynamicNode::getDisplayName).toList();
        assertEquals(List.of("http2/6.7/ping-is-acked", "http2/6.7/ack-is-not-answered", "http2/6.7/nonzero-stream-id",
                "http2/6.7/length-not-8"), names);
        // nothing listens on port 9: the case is INCONCLUSIVE, which aborts rather than fails
        DynamicTest first = (DynamicTest) children.get(0);
        assertThrows(TestAbortedException.class, () -> first.getExecutable().execute());
    }

    @Test
    void bridgeFailureCarriesTheEvidence() {
        RunResult run = sampleRun();
        AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> BridgeAccess.check(run.results().get(1)));
        assertTrue(error.getMessage().contains("GOAWAY error=INTERNAL_ERROR"), error.getMessage());
    }
}
