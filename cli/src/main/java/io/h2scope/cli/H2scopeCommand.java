package io.h2scope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The root of {@code ./h2scope}: lists the sub-commands that exist in this build. */
@Command(
        name = "h2scope",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "HTTP/2 conformance test harness and debugging inspector.%n",
        subcommands = {CommandLine.HelpCommand.class},
        footer = {"%nSub-commands still to come: conform (issue 5), serve (issue 3), get (issue 6), trace (issue 4)."})
public final class H2scopeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static CommandLine commandLine() {
        return new CommandLine(new H2scopeCommand());
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
