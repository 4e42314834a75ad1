package io.h2scope.inspector.model;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.inspector.RecordedExchange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Following a window's series as the recording grows gives, batch by batch, exactly the series read whole. */
class WindowSeriesTailTest {

    @Test
    void eachBatchGivesOnlyTheNewPointsAndTogetherTheyAreTheWholeSeries() throws Exception {
        List<TraceEvent> exchange = RecordedExchange.clientEvents(200_000);
        Recording recording = new Recording();
        int source = recording.addSource("exchange");
        int step = exchange.size() / 7 + 1;
        recording.append(source, exchange.subList(0, step));
        ConnectionHistory connection = recording.connection(0);
        List<WindowSeriesTail> tails = List.of(new WindowSeriesTail(connection, 0, WindowSide.SEND),
                new WindowSeriesTail(connection, 0, WindowSide.RECEIVE), new WindowSeriesTail(connection, 1,
                        WindowSide.SEND), new WindowSeriesTail(connection, 1, WindowSide.RECEIVE));
        List<List<WindowPoint>> points = new ArrayList<>();
        List<List<WindowUpdateCause>> causes = new ArrayList<>();
        tails.forEach(t -> {
            points.add(new ArrayList<>());
            causes.add(new ArrayList<>());
        });
        int batches = 0;
        for (int from = step; ; from += step) {
            int seen = recording.eventCount();
            for (int i = 0; i < tails.size(); i++) {
                WindowSeriesTail.Growth g = tails.get(i).next();
                for (WindowPoint p : g.points()) {
                    assertTrue(points.get(i).isEmpty() || p.eventIndex() > points.get(i).get(points.get(i).size() - 1)
                            .eventIndex(), "a point given twice or out of order");
                    assertTrue(p.eventIndex() < seen);
                }
                points.get(i).addAll(g.points());
                causes.get(i).addAll(g.updates());
                for (WindowUpdateCause r : g.resolved()) {
                    causes.get(i).replaceAll(c -> c.update().equals(r.update()) ? r : c);
                }
            }
            batches++;
            if (from >= exchange.size()) {
                break;
            }
            recording.append(source, exchange.subList(from, Math.min(exchange.size(), from + step)));
        }
        assertTrue(batches >= 7);
        for (int i = 0; i < tails.size(); i++) {
            WindowSeriesTail t = tails.get(i);
            List<WindowPoint> whole = connection.windowSeries(t.streamId(), t.side());
            assertEquals(whole, points.get(i), "stream " + t.streamId() + " " + t.side());
            assertEquals(whole, t.points());
            assertEquals(WindowUpdateCause.of(connection, t.streamId(), t.side(), whole), causes.get(i));
            assertEquals(WindowStall.of(whole), t.stalls());
        }
        assertTrue(points.get(0).size() > 2, "the connection's send window moved: " + points.get(0));
    }

    @Test
    void anUpdateWhoseFrameHasNotArrivedIsResolvedWhenItDoes() throws Exception {
        List<TraceEvent> exchange = RecordedExchange.clientEvents(200_000);
        int cut = -1;
        for (int i = 0; i < exchange.size() && cut < 0; i++) {
            if (exchange.get(i) instanceof WindowChanged w && w.cause() == WindowCause.WINDOW_UPDATE) {
                cut = i + 1; // the window changed; the event of its WINDOW_UPDATE frame comes after (a frame's event
                             // follows the changes it made)
            }
        }
        assertTrue(cut > 0, "the exchange has a WINDOW_UPDATE");
        WindowChanged change = (WindowChanged) exchange.get(cut - 1);
        Recording recording = new Recording();
        int source = recording.addSource("exchange");
        recording.append(source, exchange.subList(0, cut));
        WindowSeriesTail tail = new WindowSeriesTail(recording.connection(0), change.streamId(), change.side());
        WindowSeriesTail.Growth first = tail.next();
        WindowUpdateCause early = first.updates().get(first.updates().size() - 1);
        assertEquals(-1, early.updateFrame(), "its frame is not recorded yet");
        recording.append(source, exchange.subList(cut, exchange.size()));
        WindowSeriesTail.Growth second = tail.next();
        assertEquals(1, second.resolved().size());
        WindowUpdateCause whole = WindowUpdateCause.of(recording.connection(0), change.streamId(), change.side(),
                recording.connection(0).windowSeries(change.streamId(), change.side())).stream()
                .filter(c -> c.update().equals(early.update())).findFirst().orElseThrow();
        assertEquals(whole, second.resolved().get(0));
        assertTrue(whole.updateFrame() >= 0);
    }
}
