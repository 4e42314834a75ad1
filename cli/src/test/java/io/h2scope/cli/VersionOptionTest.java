package io.h2scope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command of the tree answers -V and --version with the root's version. */
class VersionOptionTest {

    @Test
    void everySubCommandPrintsTheVersion() {
        List<List<String>> paths = new ArrayList<>();
        collect(H2scopeCommand.commandLine(), new ArrayList<>(), paths);
        assertTrue(paths.size() >= 9, "the tree: " + paths);
        String rootVersion = run(List.of("--version"));
        assertTrue(rootVersion.startsWith("h2scope "), rootVersion);
        for (List<String> path : paths) {
            for (String option : List.of("-V", "--version")) {
                List<String> args = new ArrayList<>(path);
                args.add(option);
                assertEquals(rootVersion, run(args), String.join(" ", args));
            }
        }
    }

    private static void collect(CommandLine cli, List<String> path, List<List<String>> paths) {
        for (var sub : cli.getSubcommands().entrySet()) {
            if (sub.getValue().getCommand() instanceof CommandLine.HelpCommand) {
                continue; // 'help' takes command names, not options
            }
            List<String> next = new ArrayList<>(path);
            next.add(sub.getKey());
            paths.add(next);
            collect(sub.getValue(), next, paths);
        }
    }

    private static String run(List<String> args) {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(out));
        int exit = cli.execute(args.toArray(String[]::new));
        assertEquals(0, exit, String.join(" ", args) + ": " + out);
        assertFalse(out.toString().isBlank(), String.join(" ", args) + " printed nothing");
        return out.toString();
    }
}
