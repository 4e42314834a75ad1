package io.h2scope.cli;

import io.h2scope.cli.conform.ConformCommand;
import io.h2scope.cli.decode.FramesCommand;
import io.h2scope.cli.decode.HpackCommand;
import io.h2scope.cli.get.GetCommand;
import io.h2scope.cli.serve.ServeCommand;
import io.h2scope.cli.trace.TraceCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The root of {@code ./h2scope}: lists the sub-commands that exist in this build. */
@Command(
        name = "h2scope",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "HTTP/2 conformance test harness and debugging inspector.%n",
        subcommands = {ConformCommand.class, ServeCommand.class, GetCommand.class, TraceCommand.class,
                FramesCommand.class, HpackCommand.class, CommandLine.HelpCommand.class})
public final class H2scopeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new H2scopeCommand());
        cli.setExecutionExceptionHandler(H2scopeCommand::reportInputError);
        cli.setExpandAtFiles(false); // 'get -d @file' is curl's syntax, not a picocli argument file
        return cli;
    }

    /** Bad input (unreadable file, malformed hex) is a usage error with a one-line message, not a stack trace. */
    private static int reportInputError(Exception e, CommandLine cli, CommandLine.ParseResult parsed) throws Exception {
        if (e instanceof IllegalArgumentException || e instanceof java.io.IOException) {
            cli.getErr().println("h2scope " + cli.getCommandName() + ": " + e.getMessage());
            cli.getErr().flush();
            return CommandLine.ExitCode.USAGE;
        }
        throw e;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
