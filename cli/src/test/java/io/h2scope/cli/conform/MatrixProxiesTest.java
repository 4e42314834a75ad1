package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/sbin/nginx")), "/usr/sbin/nginx is missing: apt-get install nginx");
        CommandRun r = CommandRun.of("matrix", "--proxies", "nginx-proxy", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("[1/1] nginx-proxy 1.22") && r.out().contains("FAILED"), r.out());
        String md = Files.readString(dir.resolve("matrix.md"));
        assertTrue(md.contains("| proxy/8.2.1 |") && md.contains("| proxy/response/8.1.1 |"), md);
        assertTrue(md.contains("proxy/8.2.1/value-leading-space"), "nginx forwards a leading space: " + md);
        assertTrue(Files.readString(dir.resolve("matrix.html")).contains("href=\"runs/nginx-proxy.html\""));
        assertTrue(Files.readString(dir.resolve("runs/nginx-proxy.json")).contains("\"version\" : \"1.22"),
                "the run's own report names the version asked of the binary");
    }
}
