package io.h2scope.cli.trace;

import io.h2scope.cli.options.InputFile;
import io.h2scope.cli.options.AttachOptions;
import io.h2scope.cli.options.RevealOption;
import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceFileFollower;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.ConnectionClosed;
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
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code h2scope trace follow}: events as they come, from a growing recording or a live attach, as text. */
@Command(name = "follow", mixinStandardHelpOptions = true,
        description = {"Print trace events as they come, in the text format: from a recording being written "
                + "(H2SCOPE_TRACE_FILE; until interrupted) or attached to a running engine (H2SCOPE_TRACE_LISTEN; "
                + "until it closes). Each line has its clock time (UTC unless --local), under a line naming the date; "
                + "a connection whose opening came before the follow began shows seconds since it started.",
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
        @Parameters(paramLabel = "FILE", converter = InputFile.class, description = "a JSONL recording, followed as it grows")
        Path file;

        @Option(names = "--attach", paramLabel = "SOCKET|HOST:PORT", description = "the engine's H2SCOPE_TRACE_LISTEN")
        String attach;
    }

    @Mixin
    AttachOptions attachOptions;

    @Mixin
    RevealOption reveal;

    @Mixin
    ClockOptions clock;

    /** The openings of the connections seen open, which turn their events' times into clock times. */
    private final Map<Long, ConnectionOpened> openings = new HashMap<>();
    private ClockColumn column;

    private ReaderRedaction reading;
    private boolean told;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        reading = new ReaderRedaction(reveal.redaction());
        column = clock.column();
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

    private int follow(PrintWriter out) throws IOException {
        try (TraceFileFollower follower = new TraceFileFollower(source.file)) {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    follower.poll((octets, from, to, number, file) ->
                            JsonlLineDecoder.decode(octets, from, to, number, event -> print(out, event)));
                } catch (TraceFormatException e) {
                    notATraceEvent("line " + e.line() + " of " + source.file + ": " + e.detail()); // as trace print names it
                    return 1;
                } catch (ClosedByInterruptException e) {
                    break; // asked to stop while reading: the whole lines read so far are printed
                }
                out.flush();
                try {
                    Thread.sleep(200); // a recording grows by whole lines; wait for the next
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // asked to stop: the lines so far are printed
                }
            }
            out.flush();
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
        out.println(TraceText.line(event, reading.of(event.connectionId()), reveal.reveal(),
                column.time(event, clockOf(recorded), out)));
        out.flush();
    }

    /** The event's clock time, when its connection's opening was seen and carries one. */
    private Instant clockOf(TraceEvent event) {
        if (event instanceof ConnectionOpened opened) {
            openings.put(opened.connectionId(), opened);
        }
        ConnectionOpened opened = event instanceof ConnectionClosed
                ? openings.remove(event.connectionId()) : openings.get(event.connectionId());
        return opened == null ? null : opened.clockAt(event.nanosSinceStart());
    }

    private void notATraceEvent(String where) {
        spec.commandLine().getErr().println("h2scope trace follow: not a trace event: " + where);
        spec.commandLine().getErr().flush();
    }
}
