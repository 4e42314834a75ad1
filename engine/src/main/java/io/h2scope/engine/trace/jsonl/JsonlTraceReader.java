package io.h2scope.engine.trace.jsonl;

import io.h2scope.engine.trace.model.TraceEvent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads a whole JSONL trace (version 1 or 2) back into the {@link TraceEvent}s that were written. Lines of kinds
 * this reader does not know (a later writer may add some) and blank lines are skipped; a line that is not
 * UTF-8, not valid JSON or lacks a field is a {@link TraceFormatException} naming its line number. A last
 * line cut short (the writer was killed mid-write: it starts like an object but does not end) is skipped too.
 * Readers that go on past a bad line, or read as the file grows, use {@link JsonlLineSplitter} and
 * {@link JsonlLineDecoder} directly.
 */
public final class JsonlTraceReader {

    private JsonlTraceReader() {
    }

    public static List<TraceEvent> read(Path path) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        read(path, events::add);
        return events;
    }

    /**
     * Hands each event of the file at {@code path} to {@code each} as it is read, holding no more of the file than a
     * chunk: for a reader that keeps what it needs of a recording larger than memory.
     *
     * @return the number of the last line when it was cut short and left out (for the reader to say so), else 0
     */
    public static long read(Path path, Consumer<TraceEvent> each) throws IOException {
        try (InputStream in = Files.newInputStream(path)) {
            Collector collector = new Collector(each);
            JsonlLineSplitter lines = new JsonlLineSplitter();
            byte[] chunk = new byte[1 << 16];
            int n;
            while ((n = in.read(chunk)) > 0) {
                lines.feed(chunk, 0, n, collector::bytes);
            }
            lines.finish(collector::bytes);
            return collector.cut == null ? 0 : collector.cut.line();
        } catch (TraceFormatException e) {
            throw e.in(path);
        }
    }

    public static List<TraceEvent> read(BufferedReader reader) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        Collector collector = new Collector(events::add);
        long number = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            collector.text(line, ++number);
        }
        return events;
    }

    /** Hands on each event; a line that is not JSON but starts like an object is forgiven if nothing follows it. */
    private static final class Collector {
        private final Consumer<TraceEvent> each;
        private TraceFormatException cut;

        Collector(Consumer<TraceEvent> each) {
            this.each = each;
        }

        void bytes(byte[] octets, int from, int to, long number) throws TraceFormatException {
            text(JsonlLineDecoder.text(octets, from, to, number), number);
        }

        void text(String line, long number) throws TraceFormatException {
            if (cut != null) {
                throw cut;
            }
            try {
                JsonlLineDecoder.decode(line, number, each);
            } catch (TraceFormatException e) {
                if (!line.startsWith("{") || !e.detail().startsWith("not JSON")) {
                    throw e;
                }
                cut = e; // the writer stopped mid-line, if this is the last line
            }
        }
    }
}
