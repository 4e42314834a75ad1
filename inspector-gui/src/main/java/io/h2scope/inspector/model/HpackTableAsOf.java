package io.h2scope.inspector.model;

import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.StaticTable;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.HpackContext;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.TraceEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * One HPACK dynamic table (RFC 7541 §2.3.2) as of one frame: its entries just after the frame, newest first with
 * the index a field block uses for each (the static table's 61 come first, so the newest is 62), the entries that
 * the frame's field block inserted and those it evicted, the table's size (§4.1) and its limit (§4.2).
 */
public record HpackTableAsOf(HpackContext context, List<Row> rows, int size, int maxSize, boolean resized) {

    /** What the selected block did to an entry. */
    public enum Change {
        KEPT, INSERTED, EVICTED
    }

    /**
     * One entry. An evicted one is no longer in the table: its {@code index} is the one it had just before the block
     * (or -1 if the block itself inserted it before evicting it).
     */
    public record Row(int index, String name, String value, int size, Change change) {
    }

    /** The table {@code context} of {@code connection} as of frame {@code frameNumber}. */
    public static HpackTableAsOf of(ConnectionHistory connection, int frameNumber, HpackContext context) {
        Recording recording = connection.recording();
        int frameEvent = recording.frameEvent(frameNumber);
        List<TraceEvent> block = new ArrayList<>();
        int firstChange = -1;
        for (int index : connection.hpackEventsOf(frameNumber)) {
            TraceEvent e = recording.event(index);
            if (context == tableOf(e)) {
                block.add(e);
                firstChange = firstChange < 0 ? index : firstChange;
            }
        }
        ConnectionSnapshot after = connection.stateAt(frameEvent).snapshot();
        List<HeaderField> now = table(after, context);
        int maxSize = context == HpackContext.DECODER ? after.decoderMaxSize() : after.encoderMaxSize();

        // replay the block over the table before it: what it evicted is known only there
        Deque<HeaderField> table = new ArrayDeque<>(firstChange < 0 ? now
                : table(connection.stateAt(firstChange - 1).snapshot(), context));
        int inserted = 0;
        List<Row> evicted = new ArrayList<>();
        boolean resized = false;
        for (TraceEvent e : block) {
            if (e instanceof HpackEntryAdded added) {
                table.addFirst(new HeaderField(added.name(), added.value()));
                inserted++;
            } else if (e instanceof HpackEntriesEvicted ev) {
                for (int i = 0; i < ev.count() && !table.isEmpty(); i++) {
                    HeaderField gone = table.pollLast();
                    // position from the newest end: entries older than the block keep their pre-block index
                    int fromNewest = table.size();
                    evicted.add(new Row(fromNewest >= inserted ? StaticTable.LENGTH + 1 + fromNewest - inserted : -1,
                            gone.name(), gone.value(), gone.size(), Change.EVICTED));
                }
            } else if (e instanceof HpackTableResized) {
                resized = true;
            }
        }
        int newRows = Math.min(inserted, now.size());
        List<Row> rows = new ArrayList<>(now.size() + evicted.size());
        int size = 0;
        for (int i = 0; i < now.size(); i++) {
            HeaderField f = now.get(i);
            size += f.size();
            rows.add(new Row(StaticTable.LENGTH + 1 + i, f.name(), f.value(), f.size(),
                    i < newRows ? Change.INSERTED : Change.KEPT));
        }
        rows.addAll(evicted);
        return new HpackTableAsOf(context, List.copyOf(rows), size, maxSize, resized);
    }

    private static HpackContext tableOf(TraceEvent e) {
        if (e instanceof HpackEntryAdded a) {
            return a.table();
        }
        if (e instanceof HpackEntriesEvicted ev) {
            return ev.table();
        }
        if (e instanceof HpackTableResized r) {
            return r.table();
        }
        return null;
    }

    private static List<HeaderField> table(ConnectionSnapshot snapshot, HpackContext context) {
        return context == HpackContext.DECODER ? snapshot.decoderTable() : snapshot.encoderTable();
    }

    /** The entries in the table now (the evicted ones left out). */
    public List<Row> entries() {
        return rows.stream().filter(r -> r.change() != Change.EVICTED).toList();
    }
}
