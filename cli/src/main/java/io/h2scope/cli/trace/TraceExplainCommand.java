package io.h2scope.cli.trace;

import io.h2scope.cli.options.AttachOptions;
import io.h2scope.cli.options.DurationValue;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.explain.ExplainLimits;
import io.h2scope.engine.trace.explain.Explainer;
import io.h2scope.engine.trace.explain.Finding;
import io.h2scope.engine.trace.explain.FindingJson;
import io.h2scope.engine.trace.explain.FindingText;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * {@code h2scope trace explain}: what went wrong in a recording, or on a running engine, in words: the engine's
 * {@link Explainer} fed the events, its findings printed ranked (a file) or as they come (an attach).
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Explain what went wrong in a JSONL trace recording (FILE.1, the part a roll moved away, "
                + "first when it is there) or on a running engine (--attach): every connection that ended other than "
                + "cleanly and every stream reset, with who ended it, with which frame and code, the rule broken (id, "
                + "RFC section and sentence), the frames that led to it, and what else looked wrong before it "
                + "(stalls, SETTINGS or PINGs unanswered, a GOAWAY below streams in use, an idle timeout).",
                "A file's findings are ranked, most severe first; an attach prints each as soon as it is sure of it, "
                        + "until the engine closes the stream (or connection --conn closes). Times are clock times "
                        + "(UTC unless --local); docs/TRACING.md shows how to read an explanation."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the recording was explained (findings or none)", "1:the file is empty or not a JSONL "
                + "trace (the line that is not is named), no engine answers at the attach address, or it refused the "
                + "token", "2:usage error (a bad option, a FILE that cannot be read)"})
public final class TraceExplainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ArgGroup(multiplicity = "1")
    Source source;

    static final class Source {
        @Parameters(paramLabel = "FILE", converter = io.h2scope.cli.options.InputFile.class,
                description = "the recording (H2SCOPE_TRACE_FILE)")
        Path file;

        @Option(names = "--attach", paramLabel = "SOCKET|HOST:PORT", description = "the engine's H2SCOPE_TRACE_LISTEN")
        String attach;
    }

    @Mixin
    AttachOptions attachOptions;

    @Option(names = "--conn", paramLabel = "ID", description = "only connection ID (with --attach: until it closes)")
    Long connection;

    @ArgGroup(exclusive = true)
    Form form = new Form();

    static final class Form {
        @Option(names = "--brief", description = "one line per finding")
        boolean brief;

        @Option(names = "--json", description = "one JSON object per finding and line (docs/TRACE_FORMAT.md, "
                + "\"Explanations\")")
        boolean json;
    }

    @Option(names = "--local", description = "clock times in this machine's time zone instead of UTC")
    boolean local;

    @Option(names = "--history", paramLabel = "N", description = "frames kept per connection, the most an account "
            + "shows of what led to it (default: ${DEFAULT-VALUE})")
    int history = ExplainLimits.DEFAULT_HISTORY;

    @Option(names = "--stall", paramLabel = "DURATION", converter = DurationValue.class, defaultValue = "1s",
            description = "how long a flow-control window must stay at 0 to be a stall (default: ${DEFAULT-VALUE})")
    Duration stall = Duration.ofNanos(ExplainLimits.DEFAULT_STALL_NANOS);

    @Option(names = "--unanswered", paramLabel = "DURATION", converter = DurationValue.class, defaultValue = "1s",
            description = "how long a SETTINGS or PING may wait for its ACK (default: ${DEFAULT-VALUE})")
    Duration unanswered = Duration.ofNanos(ExplainLimits.DEFAULT_ANSWER_NANOS);

    private int connectionsSeen;

    @Override
    public Integer call() throws IOException {
        ExplainLimits limits = limits();
        PrintWriter out = spec.commandLine().getOut();
        ZoneId zone = local ? ZoneId.systemDefault() : ZoneOffset.UTC;
        return source.attach != null ? attach(limits, out, zone) : file(limits, out, zone);
    }

    /** The limits the flags give. */
    ExplainLimits limits() {
        if (history < 1) {
            throw new IllegalArgumentException("--history " + history + ": keep at least 1 frame per connection");
        }
        if (stall.isZero() || stall.isNegative() || unanswered.isZero() || unanswered.isNegative()) {
            throw new IllegalArgumentException("--stall and --unanswered take a time above 0, like 500ms or 2s");
        }
        return new ExplainLimits(history, stall.toNanos(), unanswered.toNanos());
    }

    private int file(ExplainLimits limits, PrintWriter out, ZoneId zone) throws IOException {
        List<Finding> findings = new ArrayList<>();
        Explainer explainer = new Explainer(limits, findings::add);
        long[] events = {0};
        Consumer<TraceEvent> feed = e -> {
            events[0]++;
            accept(explainer, e);
        };
        RecordingFiles.read(source.file, feed, spec);
        if (events[0] == 0) {
            throw EmptyRecording.of(source.file);
        }
        explainer.finish();
        findings.sort(Finding.RANKING);
        findings.forEach(f -> print(out, f, zone));
        if (findings.isEmpty() && !form.json) {
            out.println("Nothing to explain: " + connectionsSeen + (connectionsSeen == 1 ? " connection" : " connections")
                    + (connection == null ? "" : " numbered " + connection) + ", none ended other than cleanly, no "
                    + "stream was reset, nothing stalled or went unanswered.");
        }
        out.flush();
        return 0;
    }

    private int attach(ExplainLimits limits, PrintWriter out, ZoneId zone) throws IOException {
        ListenAddress address = AttachOptions.address(spec, source.attach);
        boolean[] done = {false};
        try (AttachClient client = AttachClient.connect(address, attachOptions.token())) {
            Explainer explainer = new Explainer(limits, f -> print(out, f, zone));
            try {
                client.read(new AttachClient.Handler() {
                    @Override
                    public void event(TraceEvent event) throws IOException {
                        accept(explainer, event);
                        if (connection != null && event instanceof ConnectionClosed c
                                && c.connectionId() == connection) {
                            done[0] = true;
                            client.close(); // the one connection asked for is over
                        }
                    }

                    @Override
                    public void gap(long dropped) {
                        out.println("[gap: " + dropped + " events dropped: this reader was too slow; what they held "
                                + "is not explained]");
                        out.flush();
                    }
                });
            } catch (ClosedChannelException e) {
                if (!done[0]) {
                    throw e;
                }
            }
            explainer.finish();
        } catch (AttachException e) {
            out.flush();
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + AttachOptions.failure(e));
            spec.commandLine().getErr().flush();
            return 1;
        }
        out.flush();
        return 0;
    }

    private void accept(Explainer explainer, TraceEvent event) {
        if (connection != null && event.connectionId() != connection) {
            return;
        }
        if (event instanceof ConnectionOpened) {
            connectionsSeen++;
        }
        explainer.accept(event);
    }

    private void print(PrintWriter out, Finding f, ZoneId zone) {
        if (form.json) {
            out.println(FindingJson.write(f));
        } else if (form.brief) {
            out.println(FindingText.brief(f, zone));
        } else {
            out.print(FindingText.full(f, zone));
            out.println();
        }
        out.flush();
    }
}
