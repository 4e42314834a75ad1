package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceEvent;

import java.util.List;
import java.util.Objects;

/** Events already in memory (a finished conformance case's exchange, a test's recording), delivered as one batch. */
public final class EventListSource implements TraceSource {

    private final String name;
    private final List<TraceEvent> events;

    public EventListSource(String name, List<? extends TraceEvent> events) {
        this.name = Objects.requireNonNull(name, "name");
        this.events = List.copyOf(events);
    }

    @Override
    public String name() {
        return name;
    }

    /** Delivers on the calling thread: there is nothing to wait for. */
    @Override
    public void start(SourceSink sink) {
        sink.events(events);
        sink.ended(events.size() + " events");
    }

    @Override
    public void close() {
    }
}
