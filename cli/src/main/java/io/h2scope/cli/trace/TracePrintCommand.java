package io.h2scope.cli.trace;

import io.h2scope.cli.options.InputFile;
import io.h2scope.cli.options.RevealOption;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.redact.ReaderRedaction;
import io.h2scope.engine.trace.text.ClockBound;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.text.TraceText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code h2scope trace print}: a JSONL recording in the text format of the {@code frames} category, on the clock. */
@Command(name = "print", mixinStandardHelpOptions = true,
        description = {"Print a JSONL trace recording (version 1 or 2) in the text format, one line per event: "
                + "every connection merged in time order (FILE.1, the part a roll moved away, first when it is there), "
                + "each line with its clock time (UTC unless --local), under a line naming the date.",
                "Filters combine: each one given must hold. Credential values and DATA bytes are hidden unless "
                        + "--reveal is given (a recording holds credentials only when made with H2SCOPE_TRACE_REVEAL=1, "
                        + "DATA only with H2SCOPE_TRACE_DATA=on)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the recording was printed", "1:the file is empty or not a JSONL trace (the line that is not is named)",
                "2:usage error (a bad option, a FILE that cannot be read, a time filter on a recording without clock "
                        + "time)"})
public final class TracePrintCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", converter = InputFile.class, description = "the recording (H2SCOPE_TRACE_FILE)")
    Path file;

    @Mixin
    ClockOptions clock;

    @Option(names = "--since", paramLabel = "TIME", converter = ClockTimeValue.class,
            description = "only events at or after TIME: a time of day (14:03:20.5, on the date the recording "
                    + "begins), a date (2025-06-01), both (2025-06-01T14:03), or an ISO 8601 time with a zone "
                    + "(2025-06-01T14:03:00Z); UTC unless --local")
    ClockBound since;

    @Option(names = "--until", paramLabel = "TIME", converter = ClockTimeValue.class,
            description = "only events before TIME (as --since)")
    ClockBound until;

    @Option(names = "--conn", paramLabel = "ID", description = "only events of connection ID")
    Long connection;

    @Option(names = "--peer", paramLabel = "ADDRESS", converter = PeerValue.class,
            description = "only connections with the peer at ADDRESS (10.1.2.3, 10.1.2.3:51000, [::1]:8443)")
    PeerValue.Peer peer;

    @Option(names = "--stream", paramLabel = "N", description = "only events of stream N (0: the connection's frames and window)")
    Integer stream;

    @Option(names = "--type", paramLabel = "T", description = "only frames of type T (e.g. HEADERS, data, WINDOW_UPDATE)")
    String type;

    @Option(names = "--error", paramLabel = "CODE", converter = ErrorCodeValue.class,
            description = "only events that carry error code CODE (PROTOCOL_ERROR, 0x1): RST_STREAM, GOAWAY, an "
                    + "error raised, a rule broken, the close")
    Long errorCode;

    @Option(names = "--abnormal", description = "only connections that ended other than cleanly: a connection error, "
            + "a GOAWAY with an error code, a reset or failed socket, a peer that vanished, a close with streams "
            + "still open")
    boolean abnormal;

    @Option(names = "--hpack", description = "after each field block, show it field by field with the dynamic table (when recorded)")
    boolean hpack;

    @Mixin
    RevealOption reveal;

    /** What this reader hides of each connection: its own names and those each recording's opening names. */
    private ReaderRedaction reading;

    @Override
    public Integer call() throws IOException {
        if (stream != null && stream < 0) { // printed the events of no stream but the connection's own
            throw new IllegalArgumentException("--stream " + stream + " is no stream id: give 0 (the connection) or a "
                    + "stream's id, 1 to 2^31-1 (RFC 9113 \u00a75.1.1)");
        }
        if (connection != null && connection < 1) {
            throw new IllegalArgumentException("--conn " + connection + " is no connection id: give one the recording "
                    + "shows (conn=1, conn=2, ...)");
        }
        Integer typeCode = type == null ? null : typeCode(type);
        reading = new ReaderRedaction(reveal.redaction());
        List<TraceEvent> events = read();
        if (events.isEmpty()) { // else a note that it "has no clock time (it was recorded before ...)", and exit 0
            throw EmptyRecording.of(file);
        }
        Timeline timeline = Timeline.of(events);
        ZoneId zone = clock.zone();
        if (!timeline.clocked()) {
            if (since != null || until != null) {
                throw new IllegalArgumentException(file + " has no clock time (it was recorded before recordings "
                        + "carried one): --since and --until cannot apply; use --conn, --stream or --type");
            }
            spec.commandLine().getErr().println(spec.qualifiedName() + ": note: " + file + " has no clock time (it "
                    + "was recorded before recordings carried one): times are seconds since each connection started");
        }
        Instant start = timeline.start();
        LocalDate firstDate = start == null ? null : start.atZone(zone).toLocalDate();
        Instant from = since == null ? null : since.at(zone, firstDate);
        Instant to = until == null ? null : until.at(zone, firstDate);
        if (from != null && to != null && !to.isAfter(from)) {
            throw new IllegalArgumentException("--until " + until.text() + " is not after --since " + since.text()
                    + ": give a later --until (with a date, for another day)");
        }
        PrintFilter filter = new PrintFilter(from, to, connection, peer, stream, typeCode, errorCode, abnormal);
        print(timeline, filter);
        return 0;
    }

    /** The recording, after the part a roll moved to FILE.1 when that is there. */
    private List<TraceEvent> read() throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        RecordingFiles.read(file, events::add, spec);
        List<TraceEvent> shown = new ArrayList<>(events.size());
        for (TraceEvent recorded : events) {
            // text shows decoded values, never the octets; an opening as recorded (what its trace hid or revealed)
            TraceEvent read = reading.apply(recorded, false);
            shown.add(recorded instanceof ConnectionOpened ? recorded : read);
        }
        if (reading.recordedInClear()) {
            spec.commandLine().getErr().println(RevealNote.of(file.toString(), reveal.reveal()));
            spec.commandLine().getErr().flush();
        }
        return shown;
    }

    private void print(Timeline timeline, PrintFilter filter) {
        PrintWriter out = spec.commandLine().getOut();
        ClockColumn column = clock.column();
        for (Timeline.Entry entry : timeline.entries()) {
            if (!filter.shows(timeline, entry)) {
                continue;
            }
            TraceEvent e = entry.event();
            String time = column.time(e, entry.clock(), out);
            Redaction shown = reading.of(e.connectionId());
            out.println(TraceText.line(e, shown, reveal.reveal(), time));
            if (hpack && e instanceof FrameEvent f && f.hpack() != null) {
                out.println(TraceText.hpackBlock(f, shown, time));
            }
        }
        out.flush();
    }

    private static int typeCode(String name) {
        String wanted = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (FrameType t : FrameType.values()) {
            if (t.name().equals(wanted)) {
                return t.code();
            }
        }
        StringBuilder known = new StringBuilder();
        for (FrameType t : FrameType.values()) {
            known.append(known.length() == 0 ? "" : ", ").append(t.name());
        }
        throw new IllegalArgumentException("unknown frame type \"" + name + "\"; accepted: " + known);
    }
}
