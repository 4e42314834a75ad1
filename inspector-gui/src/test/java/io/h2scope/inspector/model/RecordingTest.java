package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.inspector.RecordedExchange;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RecordingTest {

    private static List<TraceEvent> exchange;

    @BeforeAll
    static void record() throws Exception {
        exchange = RecordedExchange.clientEvents(100_000);
    }

    private static Recording recordingOf(List<TraceEvent> events) {
        Recording r = new Recording();
        r.append(r.addSource("test"), events);
        return r;
    }

    @Test
    void aSourceWithAReloaderKeepsPositionsAndTheModelStillComesFromItsEvents() {
        java.util.concurrent.atomic.AtomicInteger reloads = new java.util.concurrent.atomic.AtomicInteger();
        Recording r = new Recording();
        int source = r.addSource("file", position -> {
            reloads.incrementAndGet();
            return exchange.get((int) position / 10);
        });
        long[] positions = new long[exchange.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i * 10L;
        }
        r.appendPositions(source, exchange, positions);
        assertEquals(0, reloads.get(), "the model is built from the events given, not read again");
        assertEquals(List.of(1, 3, 5), r.connection(0).streamIds());
        assertEquals(exchange.get(7), r.event(7));
        assertEquals(exchange.get(7), r.event(7));
        assertEquals(1, reloads.get(), "an event read lately is not read again");
        assertEquals(exchange.get(r.frameEvent(2)), r.frame(2));
        assertEquals(exchange.subList(0, 3), List.of(r.event(0), r.event(1), r.event(2)));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> r.appendPositions(r.addSource("socket"), exchange, positions), "a source without a reloader");
    }

    @Test
    void numbersEveryEventAndEveryFrameInArrivalOrder() {
        Recording r = recordingOf(exchange);
        assertEquals(exchange.size(), r.eventCount());
        long frames = exchange.stream().filter(e -> e instanceof FrameEvent).count();
        assertEquals(frames, r.frameCount());
        for (int f = 0; f < r.frameCount(); f++) {
            assertInstanceOf(FrameEvent.class, r.event(r.frameEvent(f)));
            assertEquals(f, r.frameAtOrBefore(r.frameEvent(f)));
        }
        assertEquals(1, r.connectionCount(), "one connection for the three requests");
        ConnectionHistory c = r.connection(0);
        assertEquals(frames, c.framesSent() + c.framesReceived());
        assertTrue(c.opened() != null && c.closed() != null, "the client's connection opened and closed");
        assertEquals(List.of(1, 3, 5), c.streamIds());
    }

    @Test
    void aStreamsTimelineRunsFromIdleToClosedEachMoveWithItsFrame() {
        ConnectionHistory c = recordingOf(exchange).connection(0);
        List<StreamTransition> moves = c.streamTimeline(1);
        assertFalse(moves.isEmpty());
        assertEquals(StreamState.IDLE, moves.get(0).change().from());
        assertEquals(StreamState.CLOSED, moves.get(moves.size() - 1).change().to());
        FrameEvent opening = c.recording().frame(moves.get(0).frameNumber());
        assertInstanceOf(HeadersFrame.class, opening.frame(), "the request's HEADERS opened stream 1");
        assertEquals(1, opening.streamId());
    }

    @Test
    void theUploadDrainsTheSendWindowAndUpdatesRefillIt() {
        ConnectionHistory c = recordingOf(exchange).connection(0);
        List<WindowPoint> send = c.windowSeries(0, WindowSide.SEND);
        assertTrue(send.stream().anyMatch(p -> p.cause() == WindowCause.DATA && p.size() < p.oldSize()), "DATA spent it");
        assertTrue(send.stream().anyMatch(p -> p.cause() == WindowCause.WINDOW_UPDATE && p.size() > p.oldSize()), "updates refilled it");
    }

    @Test
    void stateAtAnEventIsTheStateTheEventsUpToItBuild() {
        Recording r = recordingOf(exchange);
        ConnectionHistory c = r.connection(0);
        for (int i = 0; i < r.eventCount(); i += 7) {
            ConnectionModel expected = ConnectionModel.of(exchange.get(0).connectionId(), exchange.subList(0, i + 1));
            assertEquals(expected.snapshot(), c.stateAt(i).snapshot(), "after event " + i);
        }
    }

    @Test
    void stateAtFarIntoALongConnectionComesFromACheckpoint() {
        List<TraceEvent> events = new ArrayList<>();
        int size = 65_535;
        for (int i = 0; i < 3 * ConnectionHistory.CHECKPOINT_EVERY + 100; i++) {
            int next = size - (i % 10) - 1;
            events.add(new WindowChanged(9, i, 0, WindowSide.SEND, size, next, WindowCause.DATA));
            size = next;
        }
        Recording r = recordingOf(events);
        ConnectionHistory c = r.connection(0);
        for (int i : new int[] {0, 2047, 2048, 4100, events.size() - 1}) {
            assertEquals(((WindowChanged) events.get(i)).newSize(), c.stateAt(i).snapshot().connectionSendWindow(), "event " + i);
        }
    }

    @Test
    void theTableChangesOfAFieldBlockAreThoseBetweenItsFrameAndTheFrameBefore() {
        Recording r = recordingOf(exchange);
        ConnectionHistory c = r.connection(0);
        int firstHeaders = -1;
        for (int f = 0; f < r.frameCount(); f++) {
            if (r.frame(f).frame() instanceof HeadersFrame) {
                firstHeaders = f;
                break;
            }
        }
        int[] changes = c.hpackEventsOf(firstHeaders);
        assertTrue(changes.length > 0, "the first request inserts fields into the encoder's table");
        for (int e : changes) {
            assertInstanceOf(HpackEntryAdded.class, r.event(e));
            assertTrue(e < r.frameEvent(firstHeaders));
        }
    }

    @Test
    void sourcesKeepTheirConnectionsApartAndListenersHearEachBatchOnce() {
        Recording r = new Recording();
        AtomicInteger told = new AtomicInteger();
        r.addListener((from, to) -> told.addAndGet(to - from));
        r.append(r.addSource("a"), exchange);
        r.append(r.addSource("b"), exchange);
        assertEquals(2, r.connectionCount(), "connection ids repeat across sources, connections do not");
        assertEquals(2 * exchange.size(), told.get());
        assertEquals(1, r.connection(1).key().source());
        assertThrows(IllegalArgumentException.class, () -> r.append(7, exchange));
    }

    @Test
    void eachConnectionHasANumberOfItsOwnInTheWindowTheFirstKeepingItsId() {
        Recording r = new Recording();
        r.append(r.addSource("file"), exchange);
        r.append(r.addSource("client"), exchange); // the Client tab's connection 1, beside the file's
        r.append(r.addSource("another"), exchange);
        long id = exchange.get(0).connectionId();
        assertEquals(List.of(id, id + 1, id + 2), r.connections().stream().map(ConnectionHistory::number).toList());
        assertEquals(id, r.connection(1).key().connectionId(), "the key keeps the source's own id");
    }
}
