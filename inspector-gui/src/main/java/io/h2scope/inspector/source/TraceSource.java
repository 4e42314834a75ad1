package io.h2scope.inspector.source;

import io.h2scope.inspector.model.EventReloader;

/**
 * Somewhere trace events come from: a recording, a file being written, a running engine, the GUI's own client, a
 * conformance run, the recording proxy. All of them feed the same {@link io.h2scope.inspector.model.Recording}.
 */
public interface TraceSource extends AutoCloseable {

    /** Shown to the user: "trace.jsonl", "attach 127.0.0.1:7070". */
    String name();

    /**
     * Reads an event again from the position given with it ({@link SourceSink#events(List, long[])}), or null when
     * the source cannot (a socket): then the recording keeps its events.
     */
    default EventReloader reloader() {
        return null;
    }

    /** Starts delivering to {@code sink} from the source's own thread; returns at once. Called once. */
    void start(SourceSink sink);

    /**
     * Stops reading where it is, keeps what was delivered and {@link SourceSink#ended ends} saying so ("cancelled
     * after 120000 events"); false when the source cannot be cancelled (it is not loading anything of known size).
     */
    default boolean cancel() {
        return false;
    }

    /** Stops delivering and lets go of files, sockets and threads; no call to the sink follows. Idempotent. */
    @Override
    void close();
}
