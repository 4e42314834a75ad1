package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;

import java.util.List;

/** Where a {@link TraceSource} delivers, from its own thread; calls from one source never overlap. */
public interface SourceSink {

    /** The next events, in order. */
    void events(List<TraceEvent> batch);

    /**
     * The next events, of a source with an {@link TraceSource#reloader()}: {@code positions[i]} is where it can read
     * {@code batch.get(i)} again, so the recording need not keep the events themselves.
     */
    default void events(List<TraceEvent> batch, long[] positions) {
        events(batch);
    }

    /**
     * Something the user must see, in one line that says what is wrong and what to do ("line 17 is not a trace
     * event: ..."). The source goes on where it can (a corrupt line is skipped) and calls {@link #ended} where not.
     */
    void problem(String line);

    /** How far a source of known size has got ({@code done} of {@code total} octets read); told now and then. */
    default void progress(long done, long total) {
    }

    /**
     * What the source is doing now, in one line for the status line ("attached to 127.0.0.1:7070 since 03:12:40: 812
     * events, 3 connections"); replaces the last one; told now and then until {@link #ended}.
     */
    default void state(String line) {
    }

    /**
     * What the window hides: a source that runs an engine of its own (the client, the proxy) hides it before its
     * events are delivered, field blocks over CONTINUATION frames included.
     */
    default Redaction redaction() {
        return Redaction.DEFAULT;
    }

    /**
     * The events from here on come from a new run of the source's producer (an engine that restarted: its connection
     * ids start again), named {@code name}: numbered apart from those before, which end here.
     */
    default void restarted(String name) {
    }

    /** Nothing more will come (end of the recording, the engine went away); {@code why} in one line. */
    void ended(String why);
}
