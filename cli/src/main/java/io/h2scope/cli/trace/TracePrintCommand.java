package io.h2scope.cli.trace;

import io.h2scope.cli.InputFile;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code h2scope trace print}: a JSONL recording in the text format of the {@code frames} category. */
@Command(name = "print", mixinStandardHelpOptions = true,
        description = {"Print a JSONL trace recording (version 1 or 2) in the text format, one line per event.",
                "Credential values and DATA bytes are hidden unless --reveal is given."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the recording was printed", "1:the file is not a JSONL trace (the line that is not is named)",
                "2:usage error (a bad option, a FILE that cannot be read)"})
public final class TracePrintCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", converter = InputFile.class, description = "the recording (H2SCOPE_TRACE_FILE)")
    Path file;

    @Option(names = "--stream", paramLabel = "N", description = "only events of stream N (0: the connection's frames and window)")
    Integer stream;

    @Option(names = "--type", paramLabel = "T", description = "only frames of type T (e.g. HEADERS, data, WINDOW_UPDATE)")
    String type;

    @Option(names = "--conn", paramLabel = "ID", description = "only events of connection ID")
    Long connection;

    @Option(names = "--hpack", description = "after each field block, show it field by field with the dynamic table (when recorded)")
    boolean hpack;

    @Mixin
    RevealOption reveal;

    @Override
    public Integer call() throws IOException {
        Integer typeCode = type == null ? null : typeCode(type);
        List<TraceEvent> events = JsonlTraceReader.read(file);
        PrintWriter out = spec.commandLine().getOut();
        for (TraceEvent e : events) {
            if ((stream != null && e.streamId() != stream)
                    || (typeCode != null && !(e instanceof FrameEvent f && f.header().typeCode() == typeCode))
                    || (connection != null && e.connectionId() != connection)) {
                continue;
            }
            out.println(TraceText.line(e, reveal.reveal()));
            if (hpack && e instanceof FrameEvent f && f.hpack() != null) {
                out.println(TraceText.hpackBlock(f, reveal.reveal()));
            }
        }
        out.flush();
        return 0;
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
