package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.runner.CaseSelection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code h2scope matrix --proxies} through a real intermediary, Debian's nginx (docker-targets/nginx-proxy), as a
 * local process: the three matrix files, the run's own report, the version asked of the binary. Needs nginx:
 * real-server-matrix.
 */
@Tag("real-server-matrix")
class MatrixProxiesTest {

    @Test
    void aMatrixOfOneIntermediaryWritesTheThreeReportsAndItsRunsOwn(@TempDir Path dir) throws Exception {
        assumeNginx();
        CommandRun r = CommandRun.of("matrix", "--proxies", "nginx-proxy", "--via", "local", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("[1/1] nginx-proxy 1.22") && r.out().contains("FAILED"), r.out());
        String md = Files.readString(dir.resolve("matrix.md"));
        assertTrue(md.contains("| proxy/8.2.1 |") && md.contains("| proxy/response/8.1.1 |"), md);
        assertTrue(md.contains("proxy/8.2.1/value-leading-space"), "nginx forwards a leading space: " + md);
        assertTrue(Files.readString(dir.resolve("matrix.html")).contains("href=\"runs/nginx-proxy.html\""));
        assertTrue(Files.readString(dir.resolve("runs/nginx-proxy.json")).contains("\"version\" : \"1.22"),
                "the run's own report names the version asked of the binary");
    }

    @Test
    void aSectionSelectionRunsOnlyItsCasesThroughTheIntermediary(@TempDir Path dir) throws Exception {
        assumeNginx();
        int selected = casesOf("proxy/8.2.1");
        CommandRun r = CommandRun.of("matrix", "--proxies", "nginx-proxy", "--via", "local", "--section", "proxy/8.2.1", "--out",
                dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        String md = Files.readString(dir.resolve("matrix.md"));
        assertTrue(md.contains("| proxy/8.2.1 |") && md.contains(", " + selected + " intermediary cases,"), md);
        assertFalse(md.contains("| proxy/response/") || md.contains("| proxy/e2e |"), "only the section asked for: " + md);
        assertTrue(md.contains("proxy/8.2.1/value-leading-space"), "nginx forwards a leading space: " + md);
    }

    /** A run past its --time-limit starts no further case: the column is not judged and says how many cases ran. */
    @Test
    void anIntermediaryPastItsTimeLimitIsNotJudged(@TempDir Path dir) throws Exception {
        assumeNginx();
        int planned = casesOf("proxy/e2e");
        // each end-to-end case takes a second or more (1 MiB bodies, a 1 s stall): 1 s cannot hold them all
        CommandRun r = CommandRun.of("matrix", "--proxies", "nginx-proxy", "--via", "local", "--section", "proxy/e2e", "--time-limit",
                "1s", "--out", dir.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        Matcher ran = Pattern.compile("stopped at the time limit \\(--time-limit 1s\\): (\\d+) of " + planned
                + " cases ran").matcher(r.out());
        assertTrue(ran.find(), r.out());
        int cases = Integer.parseInt(ran.group(1));
        assertTrue(cases >= 1 && cases < planned, r.out());
        assertTrue(Files.readString(dir.resolve("runs/nginx-proxy.json")).contains("proxy/e2e/"), "the cases that ran are"
                + " in the run's own report");
    }

    private static void assumeNginx() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/nginx")), "/usr/sbin/nginx is missing: apt-get install nginx");
    }

    /** How many cases {@code --section section} selects. */
    private static int casesOf(String section) {
        return ProxySuiteRunner.plan(ProxySuite.sections(), new CaseSelection(List.of(), List.of(section))).size();
    }
}
