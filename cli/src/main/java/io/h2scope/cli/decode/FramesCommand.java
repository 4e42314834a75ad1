package io.h2scope.cli.decode;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code h2scope frames}: frame-level tools. */
@Command(name = "frames", mixinStandardHelpOptions = true,
        description = "HTTP/2 frame tools (RFC 9113 §4, §6).",
        subcommands = {FramesDecodeCommand.class, CommandLine.HelpCommand.class})
public final class FramesCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
