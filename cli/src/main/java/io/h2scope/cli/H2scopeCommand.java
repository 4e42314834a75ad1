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

    /**
     * The root of {@code ./h2scope inspect}: the same name and attributes, with only that sub-command. Picocli reads the
     * annotations of every sub-command of a tree as it builds it, and loads their option types (about 4 s under load
     * on a 2-core machine, before the window's JVM can start JavaFX): the window's JVM builds this one.
     */
    @Command(name = "h2scope", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            scope = CommandLine.ScopeType.INHERIT, usageHelpAutoWidth = true,
            description = "HTTP/2 conformance test harness and debugging inspector.%n",
            subcommands = {InspectCommand.class})
    static final class InspectOnly implements Runnable {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(spec.commandLine().getOut());
        }
    }

    public static CommandLine commandLine() {
        return commandLine(CommandLine.defaultFactory());
    }

    /** The command tree with its sub-commands made by {@code factory} (a test passes its own streams in). */
    public static CommandLine commandLine(CommandLine.IFactory factory) {
        return configured(new CommandLine(new H2scopeCommand(), factory));
    }

    /** The tree that runs {@code args}: for {@code inspect ...}, the one with that command alone ({@link InspectOnly}). */
    public static CommandLine commandLineFor(String[] args, CommandLine.IFactory factory) {
        return args.length > 0 && args[0].equals("inspect")
                ? configured(new CommandLine(new InspectOnly(), factory)) : commandLine(factory);
    }

    private static CommandLine configured(CommandLine cli) {
        CommandErrors errors = new CommandErrors();
        cli.setParameterExceptionHandler(errors);
        cli.setExecutionExceptionHandler(errors);
        WholeNumber.registerOn(cli);
        DecimalNumber.registerOn(cli);
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
        if (args.length > 0 && args[0].equals("inspect")) {
            // the window logs nothing until a run from its Conformance tab, long after its first frame: logback's
            // start (a few hundred ms under load) runs after that frame, beside the parse
            InspectCommand.startToolkitEarly(args); // the window's first frame before anything else
            Thread quiet = new Thread(LibraryLogLevels::quiet, "h2scope-log-levels");
            quiet.setDaemon(true);
            quiet.start();
        } else {
            LibraryLogLevels.quiet();
        }
        TlsGroupPreference.apply();
        System.exit(commandLineFor(args, CommandLine.defaultFactory()).execute(args));
    }
}
