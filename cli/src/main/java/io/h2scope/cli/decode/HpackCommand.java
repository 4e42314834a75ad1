package io.h2scope.cli.decode;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code h2scope hpack}: HPACK tools. */
@Command(name = "hpack", mixinStandardHelpOptions = true,
        description = "HPACK (RFC 7541) tools.",
        subcommands = {HpackDecodeCommand.class, CommandLine.HelpCommand.class})
public final class HpackCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
