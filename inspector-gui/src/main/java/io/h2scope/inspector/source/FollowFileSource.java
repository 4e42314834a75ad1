package io.h2scope.inspector.source;

import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceFileFollower;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A recording that a running engine is writing ({@code H2SCOPE_TRACE_FILE}), followed as it grows and across its
 * rolls ({@link TraceFileFollower}): what the file holds first, then each new line. A corrupt line is skipped with a
 * notice; a line of a newer format version stops the follow with what to do. Runs until closed.
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
        List<TraceEvent> batch = new ArrayList<>();
        boolean waiting = false;
        try (TraceFileFollower follower = new TraceFileFollower(file)) {
            while (!closed) {
                long lines;
                try {
                    lines = follower.poll((octets, from, to, number, where) -> {
                        try {
                            TraceEvent event = JsonlLineDecoder.decode(octets, from, to, number);
                            if (event != null) {
                                batch.add(event);
                                if (batch.size() >= BATCH) {
                                    deliver(sink, batch);
                                }
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
                        waiting = true;
                    }
                    lines = 0;
                }
                deliver(sink, batch);
                if (lines == 0) {
                    Thread.sleep(POLL_MILLIS);
                }
            }
        } catch (TraceFormatException e) {
            deliver(sink, batch);
            sink.ended(file.getFileName() + " " + e.getMessage());
        } catch (IOException e) {
            if (!closed) {
                deliver(sink, batch);
                sink.ended("cannot follow " + file + ": " + e.getMessage() + "; check the path and its permissions");
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private void deliver(SourceSink sink, List<TraceEvent> batch) {
        if (!batch.isEmpty() && !closed) {
            sink.events(new ArrayList<>(batch));
        }
        batch.clear();
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
