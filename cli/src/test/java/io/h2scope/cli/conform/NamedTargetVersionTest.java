package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.report.H2scopeVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code conform --target NAME} says which version of the server it tested, asked of the server it started, on the
 * console and in every report: against h2scope's own server as a local process (docker-targets/h2scope, always there).
 */
class NamedTargetVersionTest {

    @Test
    void theConsoleAndEveryReportNameTheVersionTheStartedServerAnswered(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("h2.json");
        Path junit = dir.resolve("h2.xml");
        Path html = dir.resolve("h2.html");
        CommandRun r = CommandRun.of("conform", "--target", "local:h2scope", "--section", "6.7",
                "--report", "json=" + json + ",junit=" + junit + ",html=" + html);
        assertEquals(0, r.exit(), r.out() + r.err());
        String version = H2scopeVersion.get();
        String line = r.out().lines().filter(l -> l.startsWith("Server version: ")).findFirst().orElse("");
        assertTrue(line.startsWith("Server version: h2scope " + version + " (asked: ")
                && line.endsWith("ReferenceServerProcess --version)"), r.out());
        // the file was written for this build's version: no note
        assertTrue(r.out().lines().noneMatch(l -> l.startsWith("expected-failures.txt")), r.out());
        assertTrue(Files.readString(json).replaceAll("\\s", "").contains("\"server\":{\"name\":\"h2scope\",\"version\":\"" + version + "\""),
                Files.readString(json));
        assertTrue(Files.readString(junit).contains("<property name=\"server.version\" value=\"h2scope " + version + "\"/>"));
        assertTrue(Files.readString(html).contains("<td>server</td><td>h2scope " + version + " (asked: "));
    }
}
