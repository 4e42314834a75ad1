package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static io.h2scope.engine.core.ConnectionPair.get;
import static io.h2scope.engine.core.ConnectionPair.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A connection builds a window, state, settings or table event only for a sink that wants its kind. */
class TraceKindsWantedTest {

    private static final Set<Class<?>> CHANGES = Set.of(WindowChanged.class, StreamStateChanged.class,
            HpackEntryAdded.class, SettingsAnnounced.class, SettingsAcknowledged.class, SettingsInForce.class);

    /** Records what it is given; wants only the kinds in {@code wanted} among those the connection asks about. */
    private static final class Sink implements TraceSink {
        final List<TraceEvent> events = new ArrayList<>();
        final Set<Class<?>> wanted;
        final Set<Class<?>> asked = new java.util.HashSet<>();

        Sink(Set<Class<?>> wanted) {
            this.wanted = wanted;
        }

        @Override
        public void onEvent(TraceEvent event) {
            events.add(event);
        }

        @Override
        public boolean wants(Class<? extends TraceEvent> kind) {
            asked.add(kind);
            return wanted.contains(kind);
        }

        long count(Class<?> kind) {
            return events.stream().filter(kind::isInstance).count();
        }
    }

    private static Sink exchange(Set<Class<?>> wanted) {
        Sink server = new Sink(wanted);
        ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS,
                ConnectionConfig.DEFAULTS.withTraceSink(2, server));
        p.serverEvents.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                p.server.sendHeaders(h.streamId(), status(200), true);
            }
        };
        p.pump();
        p.client.openStream(get("/wanted"), true); // a literal with indexing: a table entry on the server's decoder
        p.pump();
        p.server.transportClosed(0);
        return server;
    }

    @Test
    void aSinkOfFramesAloneGetsFramesAndTheCloseButNoChangeEvent() {
        Sink frames = exchange(Set.of());
        assertTrue(frames.count(FrameEvent.class) >= 4, "SETTINGS both ways, the request, the answer: " + frames.events);
        assertEquals(1, frames.count(ConnectionClosed.class), frames.events.toString());
        for (Class<?> kind : CHANGES) {
            assertEquals(0, frames.count(kind), kind.getSimpleName() + " built for a sink that does not want it");
        }
        assertTrue(frames.asked.containsAll(Set.of(WindowChanged.class, StreamStateChanged.class)), frames.asked.toString());
    }

    @Test
    void aSinkThatWantsEveryKindGetsEachChange() {
        Sink all = exchange(CHANGES);
        for (Class<?> kind : List.of(WindowChanged.class, StreamStateChanged.class, HpackEntryAdded.class,
                SettingsInForce.class)) {
            assertTrue(all.count(kind) > 0, "no " + kind.getSimpleName() + ": " + all.events);
        }
    }

    @Test
    void aSinkThatWantsStatesOnlyGetsStatesOnly() {
        Sink states = exchange(Set.of(StreamStateChanged.class));
        assertEquals(3, states.count(StreamStateChanged.class), states.events.toString());
        assertEquals(0, states.count(WindowChanged.class), states.events.toString());
    }
}
