package io.h2scope.cli.trace;

import io.h2scope.cli.AttachOptions;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceFileFollower;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.redact.ReaderRedaction;
import io.h2scope.engine.trace.text.TraceText;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code h2scope trace follow}: events as they come, from a growing recording or a live attach, as text. */
@Command(name = "follow", mixinStandardHelpOptions = true,
        description = {"Print trace events as they come, in the text format: from a recording being written "
                + "(H2SCOPE_TRACE_FILE; until interrupted) or attached to a running engine (H2SCOPE_TRACE_LISTEN; "
                + "until it closes).",
                "Credential values and DATA bytes are hidden unless --reveal is given (a recording holds credentials "
                        + "only when made with H2SCOPE_TRACE_REVEAL=1, DATA only with H2SCOPE_TRACE_DATA=on)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the stream ended", "1:a line is not a trace event (the line is named), or the engine "
                + "refused the token", "2:usage error"})
public final class TraceFollowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ArgGroup(multiplicity = "1")
    Source source;

    static final class Source {
        @Parameters(paramLabel = "FILE", description = "a JSONL recording, followed as it grows")
        Path file;

        @Option(names = "--attach", paramLabel = "SOCKET|HOST:PORT", description = "the engine's H2SCOPE_TRACE_LISTEN")
        String attach;
    }

    @Mixin
    AttachOptions attachOptions;

    @Mixin
    RevealOption reveal;

    private ReaderRedaction reading;
    private boolean told;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        reading = new ReaderRedaction(reveal.redaction());
        return source.attach != null ? attach(out) : follow(out);
    }

    private int attach(PrintWriter out) throws IOException {
        ListenAddress address = AttachOptions.address(spec, source.attach);
        try (AttachClient client = AttachClient.connect(address, attachOptions.token())) {
            client.read(new AttachClient.Handler() {
                @Override
                public void event(TraceEvent event) {
                    print(out, event);
                }

                @Override
                public void gap(long dropped) {
                    out.println("[gap: " + dropped + " events dropped: this reader was too slow]");
                    out.flush();
                }
            });
        } catch (AttachException e) {
            out.flush(); // every event before the bad line is printed
            spec.commandLine().getErr().println("h2scope trace follow: " + AttachOptions.failure(e));
            spec.commandLine().getErr().flush();
            return 1;
        }
        out.flush();
        return 0;
    }

    private int follow(PrintWriter out) throws IOException, InterruptedException {
        try (TraceFileFollower follower = new TraceFileFollower(source.file)) {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    follower.poll((octets, from, to, number, file) -> {
                        TraceEvent event = JsonlLineDecoder.decode(octets, from, to, number);
                        if (event != null) {
                            print(out, event);
                        }
                    });
                } catch (TraceFormatException e) {
                    notATraceEvent(e.getMessage() + " of " + source.file);
                    return 1;
                }
                out.flush();
                Thread.sleep(200); // a recording grows by whole lines; wait for the next
            }
            return 0;
        }
    }

    private void print(PrintWriter out, TraceEvent recorded) {
        // text shows decoded values, never the octets; an opening as recorded (what its trace hid or revealed)
        TraceEvent shown = reading.apply(recorded, false);
        TraceEvent event = recorded instanceof ConnectionOpened ? recorded : shown;
        if (!told && reading.recordedInClear()) {
            told = true;
            spec.commandLine().getErr().println(RevealNote.of(source.attach != null ? source.attach
                    : source.file.toString(), reveal.reveal()));
            spec.commandLine().getErr().flush();
        }
        out.println(TraceText.line(event, reading.of(event.connectionId()), reveal.reveal()));
        out.flush();
    }

    private void notATraceEvent(String where) {
        spec.commandLine().getErr().println("h2scope trace follow: not a trace event: " + where);
        spec.commandLine().getErr().flush();
    }
}
