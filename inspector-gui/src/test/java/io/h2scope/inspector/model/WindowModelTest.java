package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.HandEvents;
import io.h2scope.inspector.RecordedExchange;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The flow-control view's model: stalls, and each WINDOW_UPDATE with the DATA it answers. */
class WindowModelTest {

    private static ConnectionHistory connectionOf(List<TraceEvent> events) {
        Recording r = new Recording();
        r.append(r.addSource("test"), events);
        return r.connection(0);
    }

    @Test
    void aStallRunsFromTheWindowClosingToItsReopening() {
        HandEvents h = new HandEvents()
                .window(1, WindowSide.SEND, 0, 100, WindowCause.OPENED)
                .window(1, WindowSide.SEND, 100, 0, WindowCause.DATA)
                .window(1, WindowSide.SEND, 0, -20, WindowCause.INITIAL_WINDOW_SIZE)
                .window(1, WindowSide.SEND, -20, 50, WindowCause.WINDOW_UPDATE)
                .window(1, WindowSide.SEND, 50, 0, WindowCause.DATA);
        List<WindowPoint> series = connectionOf(h.events()).windowSeries(1, WindowSide.SEND);
        List<WindowStall> stalls = WindowStall.of(series);
        assertEquals(2, stalls.size());
        assertEquals(series.get(1), stalls.get(0).start(), "closed by the DATA that took it to 0");
        assertEquals(series.get(3), stalls.get(0).end(), "a negative window is still closed; the update reopened it");
        assertEquals(series.get(4), stalls.get(1).start());
        assertNull(stalls.get(1).end(), "still closed at the end");
        assertEquals(777, stalls.get(1).endNanos(777));
        assertTrue(WindowStall.of(series.subList(0, 1)).isEmpty());
    }

    @Test
    void anUpdateThePeerSentAnswersTheLatestDataWeSentOnThatStream() throws Exception {
        ConnectionHistory c = connectionOf(RecordedExchange.clientEvents(200_000));
        Recording r = c.recording();
        List<WindowPoint> series = c.windowSeries(3, WindowSide.SEND);
        List<WindowUpdateCause> pairs = WindowUpdateCause.of(c, 3, WindowSide.SEND, series);
        assertFalse(pairs.isEmpty(), "200,000 octets up need the server's credit on stream 3");
        for (WindowUpdateCause p : pairs) {
            FrameEvent update = r.frame(p.updateFrame());
            assertInstanceOf(WindowUpdateFrame.class, update.frame());
            assertEquals(Direction.INBOUND, update.direction());
            assertEquals(3, update.streamId());
            assertEquals(((WindowUpdateFrame) update.frame()).increment(), p.increment());
            FrameEvent data = r.frame(p.dataFrame());
            assertInstanceOf(DataFrame.class, data.frame());
            assertEquals(Direction.OUTBOUND, data.direction());
            assertEquals(3, data.streamId());
            for (int f = p.dataFrame() + 1; f < p.updateFrame(); f++) {
                FrameEvent between = r.frame(f);
                assertFalse(between.frame() instanceof DataFrame && between.direction() == Direction.OUTBOUND
                        && between.streamId() == 3, "DATA No. " + f + " came later than the one paired");
            }
        }
    }

    @Test
    void anUpdateWithNoDataBeforeItIsInitialCredit() throws Exception {
        ConnectionHistory c = connectionOf(RecordedExchange.clientEvents(1_000));
        List<WindowUpdateCause> ours = WindowUpdateCause.of(c, 0, WindowSide.RECEIVE,
                c.windowSeries(0, WindowSide.RECEIVE));
        assertFalse(ours.isEmpty(), "the client enlarges the connection window at the start");
        assertEquals(-1, ours.get(0).dataFrame());
        assertEquals(Direction.OUTBOUND, c.recording().frame(ours.get(0).updateFrame()).direction());
    }
}
