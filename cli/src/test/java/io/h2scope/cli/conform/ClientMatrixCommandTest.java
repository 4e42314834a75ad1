package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.report.HtmlReport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h2scope matrix --clients} over h2scope's own client (in process) and curl (a process per case, installed
 * here) on a few cases, and its usage errors.
 */
class ClientMatrixCommandTest {

    /** SETTINGS, which both pass, and a case curl 7.88 is known to fail: both kinds of cell. */
    private static final String CASES = "client/6.5,client/8.1/rst-no-error-after-complete-response";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aMatrixOverTwoClientsHoldsTheVerdictsConformClientGivesEachAndLinksThemToEachRunsReport(@TempDir Path dir)
            throws Exception {
        assumeTrue(ClientsUnderTest.missing("curl").isEmpty(), "curl is installed");
        Path out = dir.resolve("matrix");
        CommandRun r = CommandRun.of("matrix", "--clients", "h2scope,curl", "--case", CASES, "--out", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("[2/2] "), "one progress line per client: " + r.out());

        JsonNode matrix = JSON.readTree(out.resolve("matrix.json").toFile());
        assertEquals("h2scope-matrix/1", matrix.get("schema").asText());
        assertEquals(2, matrix.get("columns").size());
        String md = Files.readString(out.resolve("matrix.md"));
        String html = Files.readString(out.resolve("matrix.html"));
        assertTrue(md.startsWith("# Client conformance matrix"), md);
        assertTrue(md.contains("| client | mode | via |"), md);
        assertTrue(md.contains("| h2scope | pk | in-process |") && md.contains("| curl | pk | command |"), md);
        for (JsonNode column : matrix.get("columns")) {
            String name = column.get("client").asText();
            assertEquals("runs/" + name + ".html", column.get("report").asText());
            assertTrue(Files.exists(out.resolve("runs/" + name + ".json")), name + "'s own JSON report");
            Map<String, String> inMatrix = new LinkedHashMap<>();
            column.get("verdicts").fields().forEachRemaining(e -> inMatrix.put(e.getKey(), e.getValue().get("outcome").asText()));
            assertTrue(inMatrix.containsKey("client/6.5.3/settings-acknowledged"), inMatrix.toString());
            assertFalse(inMatrix.keySet().stream().anyMatch(id -> id.startsWith("client/8.2")), "only the cases asked for");

            Path single = dir.resolve(name + ".json");
            CommandRun alone = CommandRun.of("conform-client", "--client", name, "--case", CASES, "--report", "json=" + single);
            assertTrue(alone.exit() == 0 || alone.exit() == 1, alone.out() + alone.err());
            assertEquals(outcomes(JSON.readTree(single.toFile())), inMatrix, name + ": the matrix's cells are conform-client's verdicts");
            inMatrix.forEach((id, outcome) -> {
                if (!outcome.equals("PASS")) { // a cell that is not PASS links to its case in the client's own report
                    assertTrue(html.contains("href=\"runs/" + name + ".html#" + HtmlReport.anchor(id) + "\""), id + ": " + html);
                    assertTrue(md.contains("| `" + id + "` |"), md);
                }
            });
        }
    }

    private static Map<String, String> outcomes(JsonNode report) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        for (Iterator<JsonNode> it = report.get("results").elements(); it.hasNext(); ) {
            JsonNode result = it.next();
            outcomes.put(result.get("id").asText(), result.get("outcome").asText());
        }
        return outcomes;
    }

    @Test
    void aClientNotInstalledIsAColumnSayingWhatIsMissingAndExitsThree(@TempDir Path dir) throws Exception {
        Optional<String> absent = ClientsUnderTest.names().stream().filter(n -> ClientsUnderTest.missing(n).isPresent()).findFirst();
        assumeTrue(absent.isPresent(), "every client is installed here");
        CommandRun r = CommandRun.of("matrix", "--clients", "h2scope," + absent.get(), "--section", "client/6.7",
                "--out", dir.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(absent.get() + " - (command): not run: not installed: "), r.out());
        assertTrue(Files.readString(dir.resolve("matrix.md")).contains("not run: not installed: "));
    }

    @Test
    void targetsAndClientsTogetherOrNeitherIsAOneLineUsageError(@TempDir Path dir) {
        for (String[] args : new String[][] {
                {"matrix", "--targets", "h2scope", "--clients", "curl", "--out", dir.toString()},
                {"matrix", "--out", dir.toString()}}) {
            CommandRun r = CommandRun.of(args);
            assertEquals(2, r.exit(), r.err());
            assertEquals("h2scope matrix: give --targets (servers), --clients (clients) or --proxies (intermediaries), one of the"
                    + " three", r.errLine());
        }
    }

    @Test
    void anUnknownClientIsAUsageErrorThatListsTheKnownOnes(@TempDir Path dir) {
        CommandRun r = CommandRun.of("matrix", "--clients", "curl,crul", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("unknown client crul: known names are ") && r.err().contains("nghttp")
                && r.err().contains("(or 'all')"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void aServerOnlyOptionWithClientsIsAUsageError(@TempDir Path dir) {
        CommandRun r = CommandRun.of("matrix", "--clients", "curl", "--tls", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertEquals("h2scope matrix: --tls applies to --targets only, not to --clients", r.errLine());
    }

    @Test
    void aSectionWithNoClientCaseIsAUsageError(@TempDir Path dir) {
        CommandRun r = CommandRun.of("matrix", "--clients", "curl", "--section", "http2/6.5", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("h2scope matrix: --section http2/6.5 selects no case"), r.err());
    }
}
