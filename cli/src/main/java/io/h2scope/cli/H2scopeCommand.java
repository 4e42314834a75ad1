package io.h2scope.cli;

import io.h2scope.cli.conform.ConformCommand;
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
 * inherited (scope INHERIT), so every sub-command answers {@code -V} with the same version.
 */
@Command(
        name = "h2scope",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "HTTP/2 conformance test harness and debugging inspector.%n",
        subcommands = {ConformCommand.class, MatrixCommand.class, ServeCommand.class, GetCommand.class, ProxyCommand.class,
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
        return cli;
    }

    public static void main(String[] args) {
        LibraryLogLevels.quiet();
        System.exit(commandLine().execute(args));
    }
}
