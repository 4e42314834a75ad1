package io.h2scope.conformance.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.runner.RunResult;
import io.h2scope.conformance.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Report paths are checked, and their folders made, before a run; a bad one is named in one line. */
class ReportDestinationsTest {

    @TempDir
    Path dir;

    private static Map<String, Path> reports(Object... kindsAndPaths) {
        Map<String, Path> map = new LinkedHashMap<>();
        for (int i = 0; i < kindsAndPaths.length; i += 2) {
            map.put((String) kindsAndPaths[i], (Path) kindsAndPaths[i + 1]);
        }
        return map;
    }

    @Test
    void missingParentFoldersAreCreatedBeforeTheRunAndEveryReportIsWritten() throws Exception {
        Path junit = dir.resolve("target/reports/h2.xml");
        Path json = dir.resolve("target/h2.json");
        Path html = dir.resolve("out/h2.html");
        ReportDestinations destinations = ReportDestinations.check(reports("junit", junit, "json", json, "html", html));
        assertTrue(Files.isDirectory(junit.getParent()) && Files.isDirectory(html.getParent()));
        assertFalse(Files.exists(junit), "nothing is written before the run");

        RunResult run = new RunResult(Target.parse("http://127.0.0.1:8080/"), false, Instant.EPOCH, Duration.ZERO, List.of());
        destinations.writeAll(new RunHeader(Instant.EPOCH, "1.2.3", run.target(), false, Duration.ofSeconds(1), 4, 1), run);
        assertTrue(Files.readString(junit).contains("<testsuites"));
        assertTrue(Files.readString(json).contains("\"schema\""));
        assertTrue(Files.readString(html).contains("<!DOCTYPE html>"));
    }

    @Test
    void aFileWhereAFolderMustGoIsNamedInOneLine() throws Exception {
        Path blocker = Files.writeString(dir.resolve("target"), "not a folder");
        Path json = blocker.resolve("h2.json");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportDestinations.check(reports("json", json)));
        assertEquals("--report json=" + json + ": cannot create folder " + blocker + ": a file of that name is in the way",
                e.getMessage());
    }

    @Test
    void aFolderGivenAsTheReportFileIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportDestinations.check(reports("html", dir)));
        assertTrue(e.getMessage().startsWith("--report html=" + dir + ": ") && e.getMessage().contains("is a folder"),
                e.getMessage());
    }

    @Test
    void aFolderTheSystemWillNotCreateIsNamedWithTheReason() {
        // sysfs refuses new folders even to root, so this fails here whoever runs the test
        assumeTrue(Files.isDirectory(Path.of("/sys/kernel")), "needs Linux sysfs");
        Path json = Path.of("/sys/h2scope-report-test/h2.json");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportDestinations.check(reports("json", json)));
        assertEquals("--report json=/sys/h2scope-report-test/h2.json: cannot create folder /sys/h2scope-report-test: "
                + "operation not permitted", e.getMessage());
    }

    @Test
    void twoReportsOnOneFileAreRefused() {
        Path same = dir.resolve("h2.out");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportDestinations.check(reports("junit", same, "json", same)));
        assertTrue(e.getMessage().contains("the junit report writes that file too"), e.getMessage());
    }

    @Test
    void anUnknownKindSaysWhichKindsExist() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportDestinations.check(reports("pdf", dir.resolve("h2.pdf"))));
        assertTrue(e.getMessage().contains("unknown report kind pdf (use junit, json or html)"), e.getMessage());
    }
}
