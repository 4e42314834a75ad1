package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.inspector.HandEvents;
import io.h2scope.inspector.RecordedExchange;
import io.h2scope.inspector.model.HpackTableAsOf.Change;
import io.h2scope.inspector.model.HpackTableAsOf.Row;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The HPACK view's model: a table as of a frame, with that frame's block's insertions and evictions. */
class HpackTableAsOfTest {

    private static Recording recordingOf(List<TraceEvent> events) {
        Recording r = new Recording();
        r.append(r.addSource("test"), events);
        return r;
    }

    @Test
    void eachRequestsHeadersAddToOurEncodersTableAndEarlierFramesShowItSmaller() throws Exception {
        Recording r = recordingOf(RecordedExchange.clientEvents(1_000));
        ConnectionHistory c = r.connection(0);
        List<Integer> sentHeaders = new ArrayList<>();
        for (int f = 0; f < r.frameCount(); f++) {
            if (r.frame(f).frame() instanceof HeadersFrame && r.frame(f).direction() == Direction.OUTBOUND) {
                sentHeaders.add(f);
            }
        }
        HpackTableAsOf first = HpackTableAsOf.of(c, sentHeaders.get(0), HpackContext.ENCODER);
        HpackTableAsOf last = HpackTableAsOf.of(c, sentHeaders.get(sentHeaders.size() - 1), HpackContext.ENCODER);
        assertTrue(first.entries().size() < last.entries().size(), first + " / " + last);
        assertEquals(62, first.entries().get(0).index(), "the newest entry follows the 61 static ones");
        assertTrue(first.entries().stream().allMatch(e -> e.change() == Change.INSERTED), "the first block made them all");
        // what the last block inserted is what its HpackEntryAdded events say, newest first
        List<String> added = new ArrayList<>();
        for (int e : c.hpackEventsOf(sentHeaders.get(sentHeaders.size() - 1))) {
            if (r.event(e) instanceof HpackEntryAdded a && a.table() == HpackContext.ENCODER) {
                added.add(0, a.name() + ": " + a.value());
            }
        }
        assertEquals(added, last.rows().stream().filter(e -> e.change() == Change.INSERTED)
                .map(e -> e.name() + ": " + e.value()).toList());
        assertEquals(last.entries().stream().mapToInt(Row::size).sum(), last.size());
        assertEquals(4096, last.maxSize());
        // the oldest entry keeps its name and moves down as newer ones arrive
        Row oldest = last.entries().get(last.entries().size() - 1);
        assertEquals(first.entries().get(0).name(), oldest.name());
        assertNotEquals(62, oldest.index());
    }

    @Test
    void evictedEntriesAreListedWithTheIndexTheyHadBeforeTheBlock() {
        HandEvents h = new HandEvents();
        h.add(new HpackEntryAdded(HandEvents.CONNECTION, h.next(), HpackContext.DECODER, "a", "1", 34));
        h.add(new HpackEntryAdded(HandEvents.CONNECTION, h.next(), HpackContext.DECODER, "b", "2", 34));
        h.headers(Direction.INBOUND, 1, true);
        h.add(new HpackTableResized(HandEvents.CONNECTION, h.next(), HpackContext.DECODER, 80));
        h.add(new HpackEntriesEvicted(HandEvents.CONNECTION, h.next(), HpackContext.DECODER, 1));
        h.add(new HpackEntryAdded(HandEvents.CONNECTION, h.next(), HpackContext.DECODER, "c", "3", 34));
        h.headers(Direction.INBOUND, 3, true);
        Recording r = recordingOf(h.events());
        HpackTableAsOf t = HpackTableAsOf.of(r.connection(0), 1, HpackContext.DECODER);
        assertEquals(List.of(new Row(62, "c", "3", 34, Change.INSERTED), new Row(63, "b", "2", 34, Change.KEPT),
                new Row(63, "a", "1", 34, Change.EVICTED)), t.rows(), "a was 63, below b, before the block");
        assertEquals(80, t.maxSize());
        assertTrue(t.resized());
        assertEquals(68, t.size());
        HpackTableAsOf before = HpackTableAsOf.of(r.connection(0), 0, HpackContext.DECODER);
        assertEquals(List.of("b", "a"), before.entries().stream().map(Row::name).toList(), "time travel: the table then");
        assertTrue(HpackTableAsOf.of(r.connection(0), 1, HpackContext.ENCODER).rows().isEmpty());
    }
}
