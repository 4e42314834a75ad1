package io.h2scope.cli;

import io.h2scope.cli.conform.ConformClientCommand;
import io.h2scope.cli.conform.ConformCommand;
import io.h2scope.cli.conform.ConformProxyCommand;
import io.h2scope.cli.console.ConsoleCommand;
import io.h2scope.cli.conform.MatrixCommand;
import io.h2scope.cli.decode.FramesCommand;
import io.h2scope.cli.decode.HpackCommand;
import io.h2scope.cli.get.GetCommand;
import io.h2scope.cli.inspect.InspectCommand;
import io.h2scope.cli.proxy.ProxyCommand;
import io.h2scope.cli.serve.ServeCommand;
import io.h2scope.cli.trace.TraceCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The root of {@code ./h2scope}: lists the sub-commands that exist in this build. Its attributes are
 * inherited (scope INHERIT), so every sub-command answers {@code -V} with the same version and wraps its help at
 * the terminal's width.
 */
@Command(
        name = "h2scope",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        scope = CommandLine.ScopeType.INHERIT,
        usageHelpAutoWidth = true, // help wraps at the terminal's width (80 columns where there is none)
        description = "HTTP/2 conformance test harness and debugging inspector.%n",
        subcommands = {ConformCommand.class, ConformClientCommand.class, ConformProxyCommand.class, MatrixCommand.class,
                ServeCommand.class, GetCommand.class, ProxyCommand.class, ConsoleCommand.class,
                TraceCommand.class, InspectCommand.class, FramesCommand.class, HpackCommand.class, CommandLine.HelpCommand.class})
public final class H2scopeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        return commandLine(CommandLine.defaultFactory());
    }

    /** The command tree with its sub-commands made by {@code factory} (a test passes its own streams in). */
    public static CommandLine commandLine(CommandLine.IFactory factory) {
        CommandLine cli = new CommandLine(new H2scopeCommand(), factory);
        CommandErrors errors = new CommandErrors();
        cli.setParameterExceptionHandler(errors);
        cli.setExecutionExceptionHandler(errors);
        WholeNumber.registerOn(cli);
        cli.setExpandAtFiles(false); // 'get -d @file' is curl's syntax, not a picocli argument file
        cli.setExecutionStrategy(H2scopeCommand::rejectUnmatched);
        return cli;
    }

    /**
     * Runs the command line as picocli does, but an argument no command takes is a usage error even beside
     * {@code --help} (picocli would print the help and exit 0): {@code ./h2scope nosuchcommand --help} names it.
     */
    private static int rejectUnmatched(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult level = parsed; level != null; level = level.subcommand()) {
            if (!level.unmatched().isEmpty()) {
                throw new CommandLine.UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    public static void main(String[] args) {
        LibraryLogLevels.quiet();
        TlsGroupPreference.apply();
        System.exit(commandLine().execute(args));
    }
}
