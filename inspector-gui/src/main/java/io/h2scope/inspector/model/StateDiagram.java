package io.h2scope.inspector.model;

import io.h2scope.engine.stream.StreamState;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The edges of the RFC 9113 §5.1 stream state diagram, each labelled as the RFC labels it, and which of them a
 * stream's timeline took. The streams view draws these; the labels use the RFC's abbreviations (H: HEADERS,
 * PP: PUSH_PROMISE, ES: END_STREAM, R: RST_STREAM; "send" and "recv" are the recording endpoint's).
 */
public final class StateDiagram {

    /** One arrow of the diagram. {@code implicit}: not drawn in the RFC's figure but stated in its text. */
    public record Edge(StreamState from, StreamState to, String label, boolean implicit) {
    }

    /** One edge as a timeline took it: {@code step} counts from 1 in timeline order. */
    public record Step(int step, Edge edge, StreamTransition transition) {
    }

    public static final List<Edge> EDGES = List.of(
            new Edge(StreamState.IDLE, StreamState.RESERVED_LOCAL, "send PP", false),
            new Edge(StreamState.IDLE, StreamState.RESERVED_REMOTE, "recv PP", false),
            new Edge(StreamState.IDLE, StreamState.OPEN, "send H / recv H", false),
            new Edge(StreamState.RESERVED_LOCAL, StreamState.HALF_CLOSED_REMOTE, "send H", false),
            new Edge(StreamState.RESERVED_REMOTE, StreamState.HALF_CLOSED_LOCAL, "recv H", false),
            new Edge(StreamState.OPEN, StreamState.HALF_CLOSED_LOCAL, "send ES", false),
            new Edge(StreamState.OPEN, StreamState.HALF_CLOSED_REMOTE, "recv ES", false),
            new Edge(StreamState.OPEN, StreamState.CLOSED, "send R / recv R", false),
            new Edge(StreamState.HALF_CLOSED_LOCAL, StreamState.CLOSED, "recv ES / send R / recv R", false),
            new Edge(StreamState.HALF_CLOSED_REMOTE, StreamState.CLOSED, "send ES / send R / recv R", false),
            new Edge(StreamState.RESERVED_LOCAL, StreamState.CLOSED, "send R / recv R", false),
            new Edge(StreamState.RESERVED_REMOTE, StreamState.CLOSED, "send R / recv R", false),
            // §5.1.1: opening a higher-numbered stream closes every idle stream with a lower id
            new Edge(StreamState.IDLE, StreamState.CLOSED, "higher id opened (§5.1.1)", true));

    private StateDiagram() {
    }

    /** The diagram's edge from {@code from} to {@code to}, if the diagram has one. */
    public static Optional<Edge> edge(StreamState from, StreamState to) {
        return EDGES.stream().filter(e -> e.from() == from && e.to() == to).findFirst();
    }

    /**
     * The edges a timeline took, numbered in order; a move the diagram has no edge for (a recording from an endpoint
     * that moved wrongly) gets an edge of its own, labelled with its input, so that nothing is hidden.
     */
    public static List<Step> steps(List<StreamTransition> timeline) {
        List<Step> steps = new ArrayList<>(timeline.size());
        for (StreamTransition t : timeline) {
            Edge edge = edge(t.change().from(), t.change().to()).orElseGet(() -> new Edge(t.change().from(),
                    t.change().to(), t.change().input().name().toLowerCase(), true));
            steps.add(new Step(steps.size() + 1, edge, t));
        }
        return steps;
    }

    /** The states a timeline was in, in order of first visit (idle first when it has any move). */
    public static Set<StreamState> visited(List<StreamTransition> timeline) {
        Set<StreamState> states = new LinkedHashSet<>();
        for (StreamTransition t : timeline) {
            states.add(t.change().from());
            states.add(t.change().to());
        }
        return states;
    }
}
