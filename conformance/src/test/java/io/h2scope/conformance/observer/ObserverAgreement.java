package io.h2scope.conformance.observer;

import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.ErrorRaised;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.ViolationReceived;
import io.h2scope.engine.trace.model.WindowChanged;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Feeds {@link Http2Observer} the bytes one engine connection read and wrote, in the order it did, and checks
 * that the observer's events say what the engine's own said: the same frames each way, the same stream state
 * changes per stream, the same HPACK deltas per table, the same settings announced, ACKed and in force per side,
 * the same window moves per window, and, at every read the bytes leave between frames, the same state rebuilt.
 *
 * <p>Across directions the order may differ (the engine answers a frame before it reads the next one of the
 * same chunk; the observer reads the whole chunk first), so window moves are compared as a multiset per window
 * and the rebuilt state only at reads.
 */
final class ObserverAgreement {

    private ObserverAgreement() {
    }

    /** Asserts the agreement for a connection recorded from the engine's {@code role}; returns the observer's events. */
    static List<TraceEvent> assertAgrees(Role role, WireRecording.Connection recorded, String who) {
        List<TraceEvent> observed = new ArrayList<>();
        ConnectionModel observerModel = new ConnectionModel(recorded.id);
        Http2Observer observer = new Http2Observer(role, recorded.id, e -> {
            observed.add(e);
            observerModel.apply(e);
        }, 0);
        ConnectionModel engineModel = new ConnectionModel(recorded.id);
        int applied = 0;
        int compared = 0;
        String firstMismatch = null;
        long now = 0;
        for (int i = 0; i < recorded.chunks.size(); i++) {
            WireRecording.Chunk chunk = recorded.chunks.get(i);
            for (; applied < chunk.eventsBefore(); applied++) {
                engineModel.apply(recorded.events.get(applied));
            }
            boolean betweenFrames = observer.partialFrame(true).isEmpty() && observer.partialFrame(false).isEmpty();
            if (chunk.received() && betweenFrames && firstMismatch == null) {
                compared++;
                ConnectionSnapshot engine = engineModel.snapshot();
                ConnectionSnapshot seen = observerModel.snapshot();
                if (!engine.equals(seen)) {
                    firstMismatch = "before read " + i + " of " + recorded.chunks.size() + ":\n engine   " + engine
                            + "\n observer " + seen;
                }
            }
            now += 1_000;
            boolean fromClient = chunk.received() == (role == Role.SERVER);
            if (fromClient) {
                observer.clientBytes(ByteBuffer.wrap(chunk.bytes()), now);
            } else {
                observer.serverBytes(ByteBuffer.wrap(chunk.bytes()), now);
            }
        }
        observer.finish(now + 1_000);
        assertNull(firstMismatch, who + ": the state rebuilt from the observer differs from the engine's " + firstMismatch);
        assertTrue(compared > 0, who + ": the states were compared at some read");
        assertNull(firstDifference(facts(recorded.events), facts(observed)), who + ": the observer's events differ");
        assertEquals(ConnectionModel.of(recorded.id, recorded.events).snapshot(),
                ConnectionModel.of(recorded.id, observed).snapshot(), who + ": the state at the end");
        return observed;
    }

    /** The events as facts grouped where their order is the connection's own: per direction, stream, table, side. */
    static Map<String, List<String>> facts(List<TraceEvent> events) {
        Map<String, List<String>> facts = new TreeMap<>();
        for (TraceEvent e : events) {
            if (e instanceof FrameEvent f) {
                add(facts, "frames " + f.direction(), f.header() + " " + f.frame() + " " + f.headers());
            } else if (e instanceof StreamStateChanged s) {
                add(facts, "states of stream " + s.streamId(), s.from() + " -> " + s.to() + " by " + s.input());
            } else if (e instanceof WindowChanged w) {
                add(facts, "window moves of stream " + w.streamId() + " " + w.side(), w.cause() + " "
                        + ((long) w.newSize() - w.oldSize()));
            } else if (e instanceof SettingsAnnounced s) {
                add(facts, "settings " + s.side(), "announced " + s.entries());
            } else if (e instanceof SettingsAcknowledged s) {
                add(facts, "settings " + s.side(), "acknowledged");
            } else if (e instanceof SettingsInForce s) {
                add(facts, "settings " + s.side(), "in force " + s.settings());
            } else if (e instanceof HpackEntryAdded h) {
                add(facts, "hpack " + h.table(), "add " + h.name() + ": " + h.value() + " (" + h.size() + ")");
            } else if (e instanceof HpackEntriesEvicted h) {
                add(facts, "hpack " + h.table(), "evict " + h.count());
            } else if (e instanceof HpackTableResized h) {
                add(facts, "hpack " + h.table(), "max size " + h.maxSize());
            } else if (e instanceof ViolationReceived v) {
                add(facts, "violations", v.ruleId() + " " + v.header());
            } else if (e instanceof ErrorRaised r) {
                add(facts, "errors", r.ruleId() + " " + r.streamId());
            }
        }
        facts.forEach((key, list) -> {
            if (key.startsWith("window moves")) {
                Collections.sort(list);
            }
        });
        return facts;
    }

    /** The first fact that differs, briefly (the lists are long), or null. */
    static String firstDifference(Map<String, List<String>> engine, Map<String, List<String>> observer) {
        java.util.Set<String> keys = new java.util.TreeSet<>(engine.keySet());
        keys.addAll(observer.keySet());
        for (String key : keys) {
            List<String> a = engine.getOrDefault(key, List.of());
            List<String> b = observer.getOrDefault(key, List.of());
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                String x = i < a.size() ? a.get(i) : "(none)";
                String y = i < b.size() ? b.get(i) : "(none)";
                if (!x.equals(y)) {
                    return key + " #" + i + " (of " + a.size() + " and " + b.size() + "):\n engine   " + x
                            + "\n observer " + y;
                }
            }
        }
        return null;
    }

    private static void add(Map<String, List<String>> facts, String key, String fact) {
        facts.computeIfAbsent(key, k -> new ArrayList<>()).add(fact);
    }
}
