package io.h2scope.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

import picocli.CommandLine;

/** One {@code h2scope} command run in-process, as a test sees it: the exit status and what went to stdout and stderr. */
public record CommandRun(int exit, String out, String err) {

    /** Stderr, which must be exactly one line (a usage error is one line): that line. */
    public String errLine() {
        java.util.List<String> lines = err.lines().toList();
        org.junit.jupiter.api.Assertions.assertEquals(1, lines.size(), err);
        return lines.get(0);
    }

    /** Runs {@code h2scope ARGS...} and keeps both streams apart. */
    public static CommandRun of(String... args) {
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new CommandRun(exit, out.toString(), err.toString());
    }
}
