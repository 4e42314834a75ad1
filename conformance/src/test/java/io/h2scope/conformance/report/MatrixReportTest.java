package io.h2scope.conformance.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.conformance.runner.CaseResult;
import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.spec.CaseDef;
import io.h2scope.conformance.spec.Section;
import io.h2scope.conformance.suite.Suites;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.verdict.Verdict;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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
        assertTrue(md.contains("| gone | h2c | docker | not run: no Docker engine answers |"), md);
        String html = report.html();
        assertTrue(html.contains("href=\"runs/good.html#case-" + failing + "\""), "a cell links to the case in its run's report");
        assertTrue(html.contains("<td class=\"FAIL\">"), html);
        assertFalse(html.contains("closed | without GOAWAY<script"), html);
    }

    @Test
    void aColumnHasARunOrAProblem() {
        assertThrows(IllegalArgumentException.class, () -> new MatrixColumn("x", "local", false, null, null, null));
    }
}
