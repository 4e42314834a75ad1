package io.h2scope.cli.console;

import io.h2scope.cli.H2scopeCommand;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** One {@code h2scope console} run in-process with {@code script} as its stdin: exit status, stdout, stderr. */
record ConsoleRun(int exit, String out, String err) {

    static ConsoleRun of(String script, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = H2scopeCommand.commandLine(new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == ConsoleCommand.class
                        ? type.cast(new ConsoleCommand().readingFrom(new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8))))
                        : CommandLine.defaultFactory().create(type);
            }
        });
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] withCommand = new String[args.length + 1];
        withCommand[0] = "console";
        System.arraycopy(args, 0, withCommand, 1, args.length);
        int exit = cli.execute(withCommand);
        return new ConsoleRun(exit, out.toString(), err.toString());
    }

    /** Stderr, which must be exactly one line: that line. */
    String errLine() {
        java.util.List<String> lines = err.lines().toList();
        org.junit.jupiter.api.Assertions.assertEquals(1, lines.size(), err);
        return lines.get(0);
    }

    /** The line of stdout that contains {@code part}; fails, showing the output, when none does. */
    String line(String part) {
        return out.lines().filter(l -> l.contains(part)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with '" + part + "' in:\n" + out + "\nstderr:\n" + err));
    }
}
