package io.h2scope.cli.trace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code h2scope trace level}: a running engine's trace levels and filter, changed without a restart. */
@Command(name = "level", mixinStandardHelpOptions = true,
        description = {"Change the trace levels, and which connections are traced, in a running engine "
                + "(H2SCOPE_TRACE_LISTEN), without a restart; prints what is then in force. Connections already "
                + "open follow from their next event. Without LEVELS and --only it only prints what is in force.",
                "The engine logs each change, with who made it, on the h2scope.control logger."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:done", "1:the engine refused (a wrong token, a bad level or filter; one line says why), "
                + "or nothing listens there", "2:usage error"})
public final class TraceLevelCommand implements Callable<Integer> {

    @Mixin
    LiveReply engine;

    @Parameters(arity = "0..1", paramLabel = "LEVELS", description = "as H2SCOPE_LOG: one level (off, error, warn, "
            + "info, debug, trace) or category=level entries (frames, hpack, flow, state, conn), e.g. frames=debug,"
            + "conn=info; categories not named keep their level")
    String levels;

    @Option(names = "--only", paramLabel = "FILTER", description = "trace only the connections it matches, as "
            + "H2SCOPE_TRACE_ONLY: peer=ADDRESS[/BITS], authority=HOST[:PORT], path=/PREFIX, conn=ID (one kind's "
            + "entries: any; the kinds: all); 'all' for every connection")
    String only;

    @Override
    public Integer call() {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("cmd", "level");
        if (levels != null) {
            request.put("set", levels);
        }
        if (only != null) {
            request.put("only", only);
        }
        return engine.send(request);
    }
}
