package io.h2scope.inspector.source;

import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceFileFollower;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.model.EventReloader;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A recording that a running engine is writing ({@code H2SCOPE_TRACE_FILE}), followed as it grows and across its
 * rolls ({@link TraceFileFollower}): what the file holds first, then each new line. Like a recording opened whole, it
 * is kept as positions in the files (held open while following, so a rolled-away file still reads) and the model is
 * built from summaries; a view reads an event whole again. The status line says since when it follows and the events
 * and connections seen. A corrupt line is skipped with a notice; a line of a newer format version stops the follow
 * with what to do. Runs until closed.
 */
public final class FollowFileSource implements TraceSource {

    /** How often the file is looked at when nothing new came. */
    static final long POLL_MILLIS = 50;
    /** Events per batch while catching up with a big file, so that it shows as it loads. */
    static final int BATCH = 16_384;

    private final Path file;
    private final String name;
    private volatile boolean closed;
    private volatile Thread thread;
    private volatile TraceFileFollower follower;

    public FollowFileSource(Path file) {
        this.file = Objects.requireNonNull(file, "file");
        this.name = "follow " + (file.getFileName() == null ? file : file.getFileName());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(SourceSink sink) {
        Thread t = new Thread(() -> follow(sink), "h2scope-" + name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    private void follow(SourceSink sink) {
        BadLines bad = new BadLines("of " + file.getFileName());
        Batch batch = new Batch();
        boolean waiting = false;
        String since = AttachStatus.time(Instant.now());
        boolean stated = false;
        try (TraceFileFollower follower = TraceFileFollower.keepingFiles(file)) {
            this.follower = follower;
            while (!closed) {
                long lines;
                boolean present = true;
                try {
                    lines = follower.poll((octets, from, to, number, where) -> {
                        try {
                            // the model needs summaries only: a view reads the whole event again at its position
                            int first = batch.size();
                            long position = follower.position();
                            JsonlLineDecoder.summary(octets, from, to, number, event -> batch.add(event, position));
                            batch.keepInMemory(first); // a frame line's changes: its position reads the frame again
                            if (batch.size() >= BATCH) {
                                batch.deliver(sink);
                            }
                        } catch (TraceFormatException e) {
                            if (e.newerVersion()) {
                                throw e;
                            }
                            bad.skipped(e, sink);
                        }
                    });
                } catch (NoSuchFileException e) {
                    if (!waiting) {
                        sink.problem("waiting for " + file + " to appear (is the engine running with "
                                + "H2SCOPE_TRACE_FILE=" + file + "?)");
                        sink.state("waiting for " + file + " to appear, since " + since);
                        waiting = true;
                    }
                    lines = 0;
                    present = false;
                }
                boolean any = batch.deliver(sink);
                if (present && (any || !stated)) {
                    stated = true;
                    // "following live.jsonl since 03:12:40: 812 events, 3 connections"
                    sink.state("following " + file.getFileName() + " since " + since + ": " + batch.events()
                            + " events, " + batch.connections.size() + " connections" + bad.summary());
                }
                if (lines == 0) {
                    Thread.sleep(POLL_MILLIS);
                }
            }
        } catch (TraceFormatException e) {
            batch.deliver(sink);
            sink.ended(file.getFileName() + " " + e.getMessage());
        } catch (IOException e) {
            if (!closed) {
                batch.deliver(sink);
                sink.ended("cannot follow " + file + ": " + e.getMessage() + "; check the path and its permissions");
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Events gathered for the sink, each with where the follower can read it again. */
    private final class Batch {
        private final List<TraceEvent> events = new ArrayList<>();
        private long[] positions = new long[256];
        /** The connections seen so far, and the events delivered: for the status line. */
        final Set<Long> connections = new HashSet<>();
        private long delivered;

        int add(TraceEvent event, long position) {
            if (events.size() == positions.length) {
                positions = Arrays.copyOf(positions, positions.length * 2);
            }
            positions[events.size()] = position;
            events.add(event);
            connections.add(event.connectionId());
            return events.size();
        }

        int size() {
            return events.size();
        }

        /** The events from {@code first} but the last came from one line before it: kept whole, not by position. */
        void keepInMemory(int first) {
            for (int i = first; i < events.size() - 1; i++) {
                positions[i] = -1;
            }
        }

        long events() {
            return delivered;
        }

        /** Passes the events gathered on; whether there were any. */
        boolean deliver(SourceSink sink) {
            boolean any = !events.isEmpty() && !closed;
            if (any) {
                sink.events(new ArrayList<>(events), Arrays.copyOf(positions, events.size()));
                delivered += events.size();
            }
            events.clear();
            return any;
        }
    }

    /** Reads an event again from the files followed (kept open while following, even after they roll away). */
    @Override
    public EventReloader reloader() {
        return position -> {
            TraceFileFollower f = follower;
            try {
                if (f == null) {
                    throw new IOException("not following yet");
                }
                byte[] line = f.lineAt(position);
                return JsonlLineDecoder.decode(line, 0, line.length, 0);
            } catch (IOException e) {
                throw new IllegalStateException("the event at " + position + " of " + file + " no longer reads ("
                        + e.getMessage() + "); open the file again", e);
            }
        };
    }

    @Override
    public void close() {
        closed = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
