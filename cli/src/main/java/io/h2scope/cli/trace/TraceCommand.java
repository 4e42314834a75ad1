package io.h2scope.cli.trace;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code h2scope trace}: tools for recorded traces (H2SCOPE_TRACE_FILE). */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Tools for trace events: JSONL recordings (H2SCOPE_TRACE_FILE), the live stream and live control "
                + "of a running engine (H2SCOPE_TRACE_LISTEN); docs/TRACE_FORMAT.md, docs/TRACING.md.",
        subcommands = {TracePrintCommand.class, TraceFollowCommand.class, TraceExplainCommand.class,
                TraceLevelCommand.class, TraceRecordCommand.class, CommandLine.HelpCommand.class})
public final class TraceCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
