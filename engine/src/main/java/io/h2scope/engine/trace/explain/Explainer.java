package io.h2scope.engine.trace.explain;

import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Explains a recording: fed its {@link TraceEvent}s in order (a file's, or a live attach stream's, snapshots
 * included), it finds what went wrong on each connection and hands every {@link Finding} to the sink as soon as it
 * is sure of it. Sans-IO and streaming: it holds the state of the connections still open and a bounded history of
 * each ({@link ExplainLimits}), so a recording of any length costs what its busiest moment costs. Not thread-safe.
 */
public final class Explainer {

    private final ExplainLimits limits;
    private final Consumer<Finding> sink;
    private final Map<Long, ConnectionWatch> open = new HashMap<>();

    public Explainer(ExplainLimits limits, Consumer<Finding> sink) {
        this.limits = limits;
        this.sink = sink;
    }

    /** Every finding of {@code events} (a whole recording), ranked: most severe first ({@link Finding#RANKING}). */
    public static List<Finding> explain(Iterable<? extends TraceEvent> events, ExplainLimits limits) {
        List<Finding> findings = new ArrayList<>();
        Explainer explainer = new Explainer(limits, findings::add);
        events.forEach(explainer::accept);
        explainer.finish();
        findings.sort(Finding.RANKING);
        return findings;
    }

    /** The next event. A connection's opening starts it afresh (runs appended to one file may use an id again). */
    public void accept(TraceEvent event) {
        long id = event.connectionId();
        ConnectionWatch watch = open.get(id);
        if (watch == null || event instanceof ConnectionOpened) {
            if (watch != null) {
                watch.finish();
            }
            watch = new ConnectionWatch(id, limits, sink);
            open.put(id, watch);
        }
        watch.accept(event);
        if (event instanceof ConnectionClosed) {
            open.remove(id);
        }
    }

    /** The recording ended: what went wrong on the connections it left open, as far as it goes. */
    public void finish() {
        open.values().forEach(ConnectionWatch::finish);
        open.clear();
    }

    /** How many connections are open (each holds its state and history). */
    public int openConnections() {
        return open.size();
    }
}
