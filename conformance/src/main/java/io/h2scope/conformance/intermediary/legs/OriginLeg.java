package io.h2scope.conformance.intermediary.legs;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One origin connection's sink, which the intermediary may share among cases running at once: each event goes to the
 * case that owns it by marker, never by time. An h2 stream belongs to the case whose marker its request's fields
 * carry, an HTTP/1.1 message to the case whose marker its request head carries ({@link #claim}); an unmarked request
 * (the second half of a desync) to the case that owned the one before it on this connection, as
 * {@link io.h2scope.conformance.intermediary.origin.Arrivals} routes it. What belongs to no stream (SETTINGS, PING, a
 * GOAWAY) goes to that last owner while it runs, else to the one case running, else waits for the next owner;
 * events that only prepare a frame (HPACK, stream states, windows) go with that frame. Used by the connection's one
 * thread.
 */
final class OriginLeg implements TraceSink {

    /** The most events held for an owner yet unknown: a connection that carries nobody's request keeps no more. */
    private static final int MAX_HELD = 256;

    private final LegRecorder recorder;
    private final ConnectionOpened opened;
    private final long startNanos;
    /** Each h2 stream's owner, from its request's HEADERS on. */
    private final Map<Integer, CaseLegs> streams = new HashMap<>();
    /** The owner of the last request on this connection: the owner of what follows it unmarked. */
    private CaseLegs last;
    /** Events waiting for the frame they prepare, or for a connection-level event's owner. */
    private final Deque<TraceEvent> held = new ArrayDeque<>();

    /**
     * @param opened     the connection's opening, given to each case it carries something for
     * @param startNanos the {@link System#nanoTime()} its events are timed from
     */
    OriginLeg(LegRecorder recorder, ConnectionOpened opened, long startNanos) {
        this.recorder = recorder;
        this.opened = opened;
        this.startNanos = startNanos;
    }

    ConnectionOpened opened() {
        return opened;
    }

    long startNanos() {
        return startNanos;
    }

    /**
     * An HTTP/1.1 request head (or what followed it) as it came: its marker makes its case the owner of it and of
     * what the connection carries next; no marker leaves the owner as it was.
     */
    void claim(String head) {
        recorder.markerIn(head).ifPresent(m -> last = recorder.owner(m));
    }

    @Override
    public void onEvent(TraceEvent event) {
        if (event instanceof ConnectionOpened) {
            return; // each case is given it when the connection first carries something for it
        }
        if (event instanceof Http1Head) {
            deliver(running(last), event, false);
        } else if (event instanceof FrameEvent frame && frame.streamId() > 0) {
            deliver(streamOwner(frame), event, false);
        } else if (event instanceof FrameEvent) {
            deliver(connectionOwner(), event, true);
        } else {
            hold(event);
        }
    }

    /** The owner of {@code frame}'s stream: named by the marker of the request's HEADERS, kept for the stream. */
    private CaseLegs streamOwner(FrameEvent frame) {
        int stream = frame.streamId();
        if (!streams.containsKey(stream) && frame.headers() != null && !frame.headers().isEmpty()) {
            CaseLegs owner = marker(frame).map(recorder::owner).orElse(last);
            streams.put(stream, owner);
            last = owner;
        }
        return running(streams.get(stream));
    }

    private Optional<String> marker(FrameEvent frame) {
        for (HeaderField f : frame.headers()) {
            Optional<String> m = recorder.markerIn(f.value());
            if (m.isPresent()) {
                return m;
            }
        }
        return Optional.empty();
    }

    /** Whose a connection-level event is: the last owner while it runs, else the case running alone, else nobody yet. */
    private CaseLegs connectionOwner() {
        CaseLegs owner = running(last);
        return owner != null ? owner : recorder.onlyRunning();
    }

    private CaseLegs running(CaseLegs legs) {
        return legs != null && recorder.isRunning(legs) ? legs : null;
    }

    /**
     * {@code event} and what was held before it to {@code owner}. Without one, a connection-level event is held for
     * the next owner ({@code orHold}); a stream's or a message's, whose owner has ended or is nobody, is dropped with
     * what prepared it.
     */
    private void deliver(CaseLegs owner, TraceEvent event, boolean orHold) {
        if (owner == null) {
            if (orHold) {
                hold(event);
            } else {
                held.removeIf(e -> !(e instanceof FrameEvent)); // what prepared it; held frames still wait
            }
            return;
        }
        TraceSink sink = owner.origin(this);
        while (!held.isEmpty()) {
            sink.onEvent(held.removeFirst());
        }
        sink.onEvent(event);
    }

    private void hold(TraceEvent event) {
        if (held.size() == MAX_HELD) {
            held.removeFirst();
        }
        held.addLast(event);
    }

    long id() {
        return opened.connectionId();
    }

    /** Time since the connection opened. */
    long now() {
        return System.nanoTime() - startNanos;
    }
}
