package io.h2scope.cli.trace;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code h2scope trace record}: a JSONL recording started or stopped in a running engine. */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = {"Start or stop a JSONL recording in a running engine (H2SCOPE_TRACE_LISTEN), without a "
                + "restart; prints what is then in force. A recording started so begins with the opening and a "
                + "snapshot of each connection open then; without --start or --stop it only prints what is in force.",
                "The file is written by the engine's process (created rw-------, rolled at H2SCOPE_TRACE_MAX_BYTES); "
                        + "a relative FILE is taken from this directory."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:the engine refused (a wrong token, a recording already running, nothing to "
                + "stop, a file it cannot open), or nothing listens there", "2:usage error"})
public final class TraceRecordCommand implements Callable<Integer> {

    @Mixin
    LiveReply engine;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @ArgGroup(exclusive = true)
    Action action;

    static final class Action {
        @Option(names = "--start", paramLabel = "FILE", description = "record every traced connection to FILE")
        Path start;

        @Option(names = "--stop", description = "stop the recording")
        boolean stop;
    }

    @Override
    public Integer call() {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("cmd", "record");
        if (action != null && action.start != null) {
            if (action.start.toString().isBlank() || java.nio.file.Files.isDirectory(action.start)) {
                // '' was this directory, and the engine said only "the recording cannot be opened: DIR: Is a directory"
                throw new CommandLine.ParameterException(spec.commandLine(), "--start '" + action.start
                        + "' is no file name: give the file to record to, e.g. --start trace.jsonl");
            }
            request.put("start", action.start.toAbsolutePath().toString()); // the engine runs elsewhere
        } else if (action != null && action.stop) {
            request.put("stop", true);
        }
        return engine.send(request);
    }
}
