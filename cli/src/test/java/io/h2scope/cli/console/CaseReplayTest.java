package io.h2scope.cli.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.engine.testsupport.ReferenceServers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A conformance case's script, written by {@code conform --save-script} and run by {@code console --script}. */
@Timeout(120)
class CaseReplayTest extends ReferenceServers {

    @Test
    void aCasesScriptReplayedGetsTheAnswerItsVerdictRestsOn(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("case.h2");
        CommandRun conform = CommandRun.of("conform", h2c.url(), "--case", "http2/6.9/zero-increment-stream",
                "--save-script", script.toString());
        assertTrue(conform.out().contains("written to " + script), conform.out() + conform.err());
        List<String> lines = Files.readAllLines(script);
        assertTrue(lines.get(0).startsWith("# http2/6.9/zero-increment-stream: "), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("# the greeting sent settings")), lines.toString());
        // the HEADERS as sent (its field block was the case connection's HPACK), then the WINDOW_UPDATE in words
        assertTrue(lines.stream().anyMatch(l -> l.matches("raw [0-9a-f]{6}010400000001 [0-9a-f]+")),
                lines.toString());
        assertTrue(lines.contains("window 1 0"), lines.toString());
        assertTrue(lines.stream().noneMatch(l -> l.contains("liveness probe")), "the probe's connection is not the case's");

        ConsoleRun replay = ConsoleRun.of("", "--script", script.toString(), h2c.url());
        assertEquals(0, replay.exit(), replay.err());
        assertEquals("", replay.err(), "every line of the script is a console line");
        assertTrue(replay.line("send WINDOW_UPDATE").contains("stream=1 "), replay.out());
        assertTrue(replay.line("recv RST_STREAM").contains("stream=1 length=4 error=PROTOCOL_ERROR"), replay.out());
    }

    @Test
    void aConnectionErrorCaseReplaysToTheSameGoaway(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("case.h2");
        CommandRun.of("conform", h2c.url(), "--case", "http2/6.9/zero-increment-connection", "--save-script",
                script.toString());
        assertTrue(Files.readAllLines(script).contains("window 0 0"), Files.readString(script));
        ConsoleRun replay = ConsoleRun.of("", "--script", script.toString(), h2c.url());
        assertTrue(replay.line("recv GOAWAY").contains("error=PROTOCOL_ERROR"), replay.out());
    }

    @Test
    void saveScriptWantsOneCase(@TempDir Path dir) {
        CommandRun run = CommandRun.of("conform", h2c.url(), "--section", "6.9", "--save-script",
                dir.resolve("x").toString());
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--save-script writes one case's script, but the selection has "), run.err());
    }

    @Test
    void aScriptThatCannotBeReadIsAUsageError(@TempDir Path dir) {
        ConsoleRun run = ConsoleRun.of("", "--script", dir.resolve("missing").toString(), h2c.url());
        assertEquals(2, run.exit(), run.err());
        assertEquals("h2scope console: Invalid value for option '--script': no such file '" + dir.resolve("missing")
                + "'; check the path (see './h2scope console --help')", run.err().strip());
    }
}
