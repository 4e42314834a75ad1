package io.h2scope.inspector.source;

import io.h2scope.engine.trace.jsonl.FileLines;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.SummaryLines;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.model.EventReloader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A JSONL recording (version 1 or 2), read in the background and delivered in batches as it loads, with the octets
 * read of the total as progress, so a big file shows while it opens. Chunks of whole lines are decoded on every core
 * and delivered in file order. The recording keeps where each line is ({@link #reloader()}): the model is built from
 * summaries of the frames (no payload decoded), and a view reading an event gets it whole from the file.
 *
 * <p>Bad input: a file whose first line is not a trace event is not a trace, and stops with one line; a later line
 * that is corrupt is skipped with a notice naming it, the good events kept; a line from a newer format version stops
 * there (the rest would not read either) and says what to do.
 */
public final class RecordingFileSource implements TraceSource {

    /** Octets per chunk handed to a decoding thread. */
    static final int CHUNK = 4 << 20;

    private final Path file;
    private final String name;
    private volatile boolean closed;
    private volatile boolean cancelled;
    private volatile Thread thread;
    private ExecutorService decoders;
    private FileChannel reading; // for reloads; guarded by this

    public RecordingFileSource(Path file) {
        this.file = Objects.requireNonNull(file, "file");
        this.name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(SourceSink sink) {
        Thread t = new Thread(() -> load(sink), "h2scope-open-" + name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** What one chunk decoded to: its events, its bad lines (numbered within the chunk), and its line count. */
    private record Decoded(List<TraceEvent> events, long[] positions, List<TraceFormatException> problems, long lines,
            boolean notATrace) {
    }

    private void load(SourceSink sink) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        decoders = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "h2scope-decode-" + name);
            t.setDaemon(true);
            return t;
        });
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long total = in.size();
            sink.progress(0, total);
            Delivery delivery = new Delivery(sink, total);
            ArrayDeque<Future<Decoded>> pending = new ArrayDeque<>();
            byte[] buffer = new byte[CHUNK];
            int filled = 0;
            long read = 0;
            boolean end = false;
            while (!end && !closed && !cancelled) {
                int n = in.read(ByteBuffer.wrap(buffer, filled, buffer.length - filled));
                end = n < 0;
                if (n > 0) {
                    filled += n;
                    read += n;
                }
                int cut = end ? filled : lastNewline(buffer, filled) + 1;
                if (cut == 0 && filled == buffer.length) {
                    buffer = Arrays.copyOf(buffer, buffer.length * 2); // one line longer than a chunk
                    continue;
                }
                if (cut > 0 && (filled == buffer.length || end)) {
                    // the buffer goes to the decoder as it is; only the unfinished line moves to a new one
                    byte[] chunk = buffer;
                    buffer = new byte[Math.max(CHUNK, filled - cut)];
                    System.arraycopy(chunk, cut, buffer, 0, filled - cut);
                    boolean first = delivery.lines == 0 && pending.isEmpty();
                    long at = read - filled;
                    int length = cut;
                    pending.add(decoders.submit(() -> decode(chunk, length, at, first)));
                    filled -= cut;
                    delivery.octets = read - filled;
                    while (pending.size() > threads || (!pending.isEmpty() && pending.peek().isDone())) {
                        if (!delivery.deliver(pending.poll().get())) {
                            return;
                        }
                    }
                }
            }
            while (!pending.isEmpty() && !closed && !cancelled) {
                if (!delivery.deliver(pending.poll().get())) {
                    return;
                }
            }
            if (!closed) {
                sink.ended(cancelled ? cancelledLine(delivery) : delivery.eventCount + " events read"
                        + delivery.bad.summary());
            }
        } catch (ClosedByInterruptException | InterruptedException e) {
            // closed
        } catch (IOException e) {
            if (!closed) {
                sink.ended("cannot read " + file + ": " + e.getMessage() + "; check the path and its permissions");
            }
        } catch (ExecutionException e) {
            if (!closed) {
                sink.ended("reading " + file + " failed: " + e.getCause());
            }
        } finally {
            decoders.shutdownNow();
        }
    }

    private String cancelledLine(Delivery delivery) {
        return "cancelled after " + delivery.eventCount + " events (" + delivery.octets / (1 << 20) + " of "
                + delivery.total / (1 << 20) + " MiB read); the events read are kept" + delivery.bad.summary();
    }

    /** Hands the decoded chunks on in order, numbering their lines. */
    private final class Delivery {
        final SourceSink sink;
        final long total;
        final BadLines bad = new BadLines("of " + name);
        long lines;
        long octets;
        long eventCount;

        Delivery(SourceSink sink, long total) {
            this.sink = sink;
            this.total = total;
        }

        /** False when reading stops here (not a trace, a newer version, closed). */
        boolean deliver(Decoded decoded) {
            if (closed) {
                return false;
            }
            if (cancelled) {
                return true; // decoded after the cancel: dropped, and the loops end
            }
            List<TraceEvent> events = decoded.events();
            if (decoded.notATrace()) {
                sink.ended(name + " is not a JSONL trace (" + decoded.problems().get(0).getMessage() + "): open a file "
                        + "recorded with H2SCOPE_TRACE_FILE (docs/TRACE_FORMAT.md)");
                return false;
            }
            for (TraceFormatException p : decoded.problems()) {
                TraceFormatException numbered = p.atLine(p.line() + lines);
                if (p.newerVersion()) {
                    deliverEvents(events, decoded.positions()); // decoding stopped at this line: these came before it
                    sink.ended(name + " " + numbered.getMessage());
                    return false;
                }
                bad.skipped(numbered, sink);
            }
            deliverEvents(events, decoded.positions());
            lines += decoded.lines();
            sink.progress(octets, total);
            return true;
        }

        private void deliverEvents(List<TraceEvent> events, long[] positions) {
            if (!events.isEmpty()) {
                eventCount += events.size();
                sink.events(events, Arrays.copyOf(positions, events.size()));
            }
        }
    }

    /**
     * Decodes one chunk of whole lines (its first {@code length} octets); stops at a newer version's line (the events
     * before it are kept).
     */
    private static Decoded decode(byte[] chunk, int length, long at, boolean first) throws IOException {
        List<TraceEvent> events = new ArrayList<>(length / 300);
        long[][] positions = {new long[length / 300 + 16]};
        List<TraceFormatException> problems = new ArrayList<>();
        boolean[] stop = new boolean[2]; // stop here; not a trace at all
        long number = 0;
        // the model needs no payload: the recording keeps positions, and a view gets the whole frame again
        SummaryLines lines = new SummaryLines(chunk, 0, length);
        while (lines.hasNext() && !stop[0]) {
            number++;
            try {
                int lineFirst = events.size();
                lines.next(number, event -> {
                    if (events.size() == positions[0].length) {
                        positions[0] = Arrays.copyOf(positions[0], positions[0].length * 2);
                    }
                    positions[0][events.size()] = at + lines.lineStart();
                    events.add(event);
                });
                for (int i = lineFirst; i < events.size() - 1; i++) {
                    positions[0][i] = -1; // a frame line's changes, kept whole: the line's position reads its frame
                }
            } catch (TraceFormatException e) {
                problems.add(e);
                stop[1] = first && events.isEmpty() && problems.size() == 1 && !e.newerVersion();
                stop[0] = e.newerVersion() || stop[1];
            }
        }
        return new Decoded(events, positions[0], problems, number, stop[1]);
    }

    private static int lastNewline(byte[] buffer, int filled) {
        for (int i = filled - 1; i >= 0; i--) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Reads the line at a position again (the recording keeps positions, not events). */
    @Override
    public EventReloader reloader() {
        return this::reload;
    }

    private TraceEvent reload(long position) {
        try {
            byte[] line = FileLines.lineAt(reading(), position);
            return JsonlLineDecoder.decode(line, 0, line.length, 0);
        } catch (IOException e) {
            throw new IllegalStateException(file + " changed or went away while open: the event at offset " + position
                    + " no longer reads (" + e.getMessage() + "); open the file again", e);
        }
    }

    private synchronized FileChannel reading() throws IOException {
        if (reading == null) {
            reading = FileChannel.open(file, StandardOpenOption.READ);
        }
        return reading;
    }

    @Override
    public boolean cancel() {
        cancelled = true;
        return true;
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            if (reading != null) {
                try {
                    reading.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
