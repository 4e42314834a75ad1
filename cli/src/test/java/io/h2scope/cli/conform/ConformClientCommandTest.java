package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.client.OwnClientLeniency;
import io.h2scope.conformance.client.cases.ClientSuite;
import io.h2scope.conformance.client.drive.ClientProfiles;
import io.h2scope.conformance.client.drive.ClientsUnderTest;
import io.h2scope.conformance.verdict.Outcome;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ConformClientCommandTest {

    @Test
    void h2scopesOwnClientPassesAndTheReportsParse(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("c.json");
        Path junit = dir.resolve("c.xml");
        Path html = dir.resolve("c.html");
        CommandRun r = CommandRun.of("conform-client", "--client", "h2scope", "--report", "json=" + json + ",junit=" + junit + ",html=" + html);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("✔ client/3.4/preface-then-settings PASS"), r.out()); // progress as each case runs
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertEquals("client", report.path("target").path("role").asText());
        assertEquals("h2scope", report.path("target").path("name").asText());
        // every case passes but those it cannot be made to do: SHOULD cases (without --strict), push (it disables it)
        // and the prohibited TLS 1.2 cipher suite (it offers none); and those it is PASS-LENIENT on by design
        StringBuilder others = new StringBuilder(); // named in the message, so a failure says which case and why
        int lenientByDesign = 0;
        for (JsonNode result : report.path("results")) {
            String outcome = result.path("outcome").asText();
            if (OwnClientLeniency.accepts(result.path("id").asText(), Outcome.valueOf(outcome))) {
                lenientByDesign++;
            } else if (!outcome.equals("PASS") && !outcome.equals("SKIP")) {
                others.append('\n').append(result.path("id").asText()).append(' ').append(outcome).append(": ")
                        .append(result.path("actual").asText());
            }
        }
        assertEquals(report.path("results").size(), report.path("counts").path("PASS").asInt()
                + report.path("counts").path("SKIP").asInt() + lenientByDesign, report.path("counts") + others.toString());
        for (JsonNode result : report.path("results")) {
            if (result.path("outcome").asText().equals("SKIP")) {
                String why = result.path("actual").asText();
                assertTrue(why.startsWith("SHOULD-level rule") || why.startsWith("the client disabled push")
                        || result.path("id").asText().equals("client/9.2.2/prohibited-cipher-suite"), result.toString());
            }
        }
        JsonNode first = report.path("results").get(0);
        assertTrue(first.path("id").asText().startsWith("client/"), first.toString());
        assertTrue(first.path("rule").asText().startsWith("RFC "), first.toString());
        assertTrue(first.path("evidence").size() > 0, first.toString());
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        assertEquals(report.path("results").size(), xml.getElementsByTagName("testcase").getLength());
        assertEquals(0, xml.getElementsByTagName("failure").getLength());
        assertTrue(xml.getDocumentElement().getAttribute("name").startsWith("h2scope client conformance: "));
        assertTrue(java.nio.file.Files.readString(html).contains("<title>h2scope client conformance: "));
    }

    @Test
    void aTlsRunLeavesNoCertificateAuthorityBehind() {
        CommandRun r = CommandRun.of("conform-client", "--client", "jdk", "--connect", "tls", "--case",
                "client/9.2.2/permitted-tls12-suite-not-refused");
        assertTrue(r.exit() == 0 || r.exit() == 1, r.out() + r.err());
        assertTrue(r.out().contains("client/9.2.2/permitted-tls12-suite-not-refused"), r.out());
        Matcher ca = Pattern.compile("a CA made for this run, (\\S+) \\(").matcher(r.out());
        assertTrue(ca.find(), r.out());
        Path folder = Path.of(ca.group(1)).getParent();
        assertFalse(java.nio.file.Files.exists(folder), "the run ended and left its CA in " + folder);
    }

    @Test
    void curlIsJudgedCaseByCase() {
        assumeTrue(ClientProfiles.all().stream().anyMatch(p -> p.name().equals("curl") && p.missing().get().isEmpty()),
                "curl is not installed here");
        CommandRun r = CommandRun.of("conform-client", "--client", "curl", "--section", "client/3.4,client/6.7");
        assertTrue(r.exit() == 0 || r.exit() == 1, r.out() + r.err());
        assertTrue(r.out().contains("client/3.4/preface-then-settings"), r.out());
        assertFalse(r.out().contains("INCONCLUSIVE"), r.out());
        assertTrue(r.out().contains("curl -sS"), r.out()); // the header says what ran
    }

    @Test
    void listShowsEveryCaseWithItsRuleAndConnection() {
        CommandRun r = CommandRun.of("conform-client", "--list");
        assertEquals(0, r.exit(), r.err());
        ClientSuite.cases().forEach(c -> assertTrue(r.out().contains(c.id().value()), c.id() + " missing in\n" + r.out()));
        assertTrue(r.out().matches("(?s).*client/3\\.4/preface-then-settings\\s+RFC 9113 §3\\.4\\s+MUST\\s+pk\\b.*"), r.out());
    }

    @Test
    void listWithASectionShowsOnlyIt() {
        CommandRun r = CommandRun.of("conform-client", "--list", "--section", "6.7");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("client/6.7/"), r.out());
        assertFalse(r.out().contains("client/3.4/"), r.out());
    }

    @Test
    void aCommandThatDoesNotExistIsSaidOnce() {
        CommandRun r = CommandRun.of("conform-client", "--exec", "h2scope-no-such-client {url}");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertEquals(1, count(r.out(), "the client could not be started"), r.out());
        assertTrue(r.out().contains("not found"), r.out());
        assertFalse(r.out().contains("INCONCLUSIVE"), r.out());
    }

    @Test
    void aCommandThatNeverConnectsIsSaidOnceInOneLine() {
        CommandRun r = CommandRun.of("conform-client", "--exec", "true {url}", "--timeout", "20s");
        assertEquals(3, r.exit(), r.out() + r.err());
        Matcher line = Pattern.compile("(?m)^the client never connected to 127\\.0\\.0\\.1:\\d+: does the command use \\{url\\}\\?.*$")
                .matcher(r.out());
        assertTrue(line.find(), r.out());
        assertEquals(1, count(r.out(), "never connected"), r.out());
        assertFalse(r.out().contains("INCONCLUSIVE"), r.out());
    }

    @Test
    void aHangingCommandIsStoppedAtTheTimeout() throws Exception {
        Path marker = java.nio.file.Files.createTempFile("h2scope-hang", ".pid");
        try {
            CommandRun r = CommandRun.of("conform-client", "--exec", "sleep 300 & echo $! > " + marker + "; wait # {url}",
                    "--timeout", "1s", "--case", "client/3.4");
            assertEquals(3, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("does the command use {url}? (it was still running after "), r.out());
            long pid = Long.parseLong(java.nio.file.Files.readString(marker).trim());
            assertFalse(running(pid), "the command's child " + pid + " outlived its case");
        } finally {
            java.nio.file.Files.deleteIfExists(marker);
        }
    }

    /** Whether {@code pid} runs: a killed process its new parent has not reaped yet (a zombie) does not. */
    private static boolean running(long pid) throws Exception {
        Path stat = Path.of("/proc/" + pid + "/stat");
        for (int look = 0; look < 300; look++) { // the kill has been sent; its delivery takes a moment (30 s at most)
            if (!java.nio.file.Files.exists(stat)) {
                return false;
            }
            String text = java.nio.file.Files.readString(stat);
            if (text.substring(text.lastIndexOf(')') + 2).startsWith("Z")) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    @Test
    void anUnknownClientListsTheKnownOnes() {
        CommandRun r = CommandRun.of("conform-client", "--client", "firefox");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("the known ones are h2scope, jdk, curl, nghttp, h2load, node, python-httpx, go, chromium"), r.err());
    }

    @Test
    void noClientIsAUsageError() {
        CommandRun r = CommandRun.of("conform-client");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("--client NAME"), r.err());
    }

    @Test
    void aSectionThatSelectsNothingIsAUsageError() {
        CommandRun r = CommandRun.of("conform-client", "--client", "h2scope", "--section", "client/99");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("--section client/99 selects no case"), r.err());
    }

    @Test
    void aBadConnectIsAUsageError() {
        CommandRun r = CommandRun.of("conform-client", "--client", "h2scope", "--connect", "quic");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("--connect must be pk, upgrade or tls"), r.err());
    }

    @Test
    void aTimeoutOfZeroOrLessIsAUsageError() {
        // a 0s case timeout would end every case before the client could connect, and blame the client for it
        for (String timeout : new String[] {"0s", "-1s"}) {
            CommandRun r = CommandRun.of("conform-client", "--client", "h2scope", "--timeout", timeout);
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals("h2scope conform-client: --timeout must be above 0, got '" + timeout + "'", r.errLine());
        }
        CommandRun serve = CommandRun.of("conform-client", "--serve", "--serve-wait", "0ms");
        assertEquals(2, serve.exit(), serve.out() + serve.err());
        assertEquals("h2scope conform-client: --serve-wait must be above 0, got '0ms'", serve.errLine());
    }

    @Test
    void helpNamesEveryReadyMadeClient() {
        CommandRun r = CommandRun.of("conform-client", "--help");
        assertEquals(0, r.exit(), r.err());
        String help = r.out().replaceAll("\\s+", " ");
        for (String name : ClientsUnderTest.names()) {
            assertTrue(help.contains(" " + name + ",") || help.contains(" " + name + " "), name + " missing from: " + help);
        }
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
