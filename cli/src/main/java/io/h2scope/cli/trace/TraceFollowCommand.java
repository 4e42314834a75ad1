package io.h2scope.cli.trace;

import io.h2scope.engine.trace.attach.AttachException;
import io.h2scope.engine.trace.attach.AttachReader;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.TraceText;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code h2scope trace follow}: events as they come, from a growing recording or a live attach, as text. */
@Command(name = "follow", mixinStandardHelpOptions = true,
        description = {"Print trace events as they come, in the text format: from a recording being written "
                + "(H2SCOPE_TRACE_FILE; until interrupted) or attached to a running engine (H2SCOPE_TRACE_LISTEN; "
                + "until it closes).",
                "Credential values and DATA bytes are hidden unless --reveal is given."},
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

    @Option(names = "--token", paramLabel = "TOKEN", description = "the token the engine printed (TCP attach)")
    String token;

    @Option(names = "--reveal", description = "show credential header values and DATA bytes")
    boolean reveal;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        return source.attach != null ? attach(out) : follow(out);
    }

    private int attach(PrintWriter out) throws IOException {
        ListenAddress address;
        try {
            address = ListenAddress.parse(source.attach);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--attach " + source.attach + ": "
                    + e.getMessage());
        }
        try (AttachReader reader = AttachReader.connect(address, token)) {
            reader.readAll(new AttachReader.Listener() {
                @Override
                public void event(TraceEvent event) {
                    out.println(TraceText.line(event, reveal));
                    out.flush();
                }

                @Override
                public void gap(long dropped) {
                    out.println("[gap: " + dropped + " events dropped: this reader was too slow]");
                    out.flush();
                }
            });
            return 0;
        } catch (AttachException e) {
            out.flush(); // every event before the bad line is printed
            spec.commandLine().getErr().println("h2scope trace follow: " + (e.refused()
                    ? e.detail() + "; give the token it printed with --token" : e.getMessage()));
            return 1;
        }
    }

    private int follow(PrintWriter out) throws IOException, InterruptedException {
        try (RandomAccessFile in = new RandomAccessFile(source.file.toFile(), "r")) {
            StringBuilder pending = new StringBuilder();
            long number = 0;
            byte[] buffer = new byte[64 * 1024];
            while (!Thread.currentThread().isInterrupted()) {
                int n = in.read(buffer);
                if (n <= 0) {
                    out.flush();
                    Thread.sleep(200); // a recording grows by whole lines; wait for the next
                    continue;
                }
                pending.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                int end;
                while ((end = pending.indexOf("\n")) >= 0) {
                    number++;
                    if (!print(out, pending.substring(0, end), "line " + number + " of " + source.file)) {
                        return 1;
                    }
                    pending.delete(0, end + 1);
                }
            }
            return 0;
        }
    }

    /** Prints one line; false (after an error line on stderr) when it is not a trace event. */
    @SuppressWarnings("unchecked")
    private boolean print(PrintWriter out, String line, String where) {
        if (line.isBlank()) {
            return true;
        }
        try {
            Map<String, Object> o = (Map<String, Object>) Json.parse(line);
            if ("gap".equals(o.get("kind"))) {
                out.println("[gap: " + o.get("dropped") + " events dropped: this reader was too slow]");
            } else if ("refused".equals(o.get("kind"))) {
                spec.commandLine().getErr().println("h2scope trace follow: the engine refused the attach: "
                        + o.get("detail") + "; give the token it printed with --token");
                return false;
            } else {
                TraceEvent event = TraceEventJson.read(o);
                if (event != null) {
                    out.println(TraceText.line(event, reveal));
                }
            }
            out.flush();
            return true;
        } catch (IllegalArgumentException | ClassCastException e) {
            spec.commandLine().getErr().println("h2scope trace follow: not a trace event: " + where + ": "
                    + e.getMessage());
            return false;
        }
    }
}
