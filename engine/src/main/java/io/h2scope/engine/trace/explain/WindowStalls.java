package io.h2scope.engine.trace.explain;

import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The flow-control windows of one connection that stand at zero or below, and since when; a window that stayed
 * there for at least the stall time is a stall once it opens again, or its stream or the connection ends. Holds one
 * entry per window at zero, so no more than the connection's live streams.
 */
final class WindowStalls {

    /**
     * A window that stood at zero from {@code since} to {@code until}.
     *
     * @param how what ended it: {@link #CREDITED} (a WINDOW_UPDATE or a larger initial window), or the end of the
     *            stream, the connection or the recording
     */
    record Stall(int streamId, WindowSide side, long since, long until, String how) {
        long nanos() {
            return until - since;
        }
    }

    /** How a stall ended when the window opened again. */
    static final String CREDITED = "until credit came";

    private record Key(int streamId, WindowSide side) {
    }

    private final long stallNanos;
    private final Map<Key, Long> zeroSince = new HashMap<>();

    WindowStalls(long stallNanos) {
        this.stallNanos = stallNanos;
    }

    /** A window changed: the stall it ends, if it was one, else null. */
    Stall changed(WindowChanged e) {
        Key key = new Key(e.streamId(), e.side());
        if (e.newSize() <= 0) {
            zeroSince.putIfAbsent(key, e.nanosSinceStart());
            return null;
        }
        Long since = zeroSince.remove(key);
        return since == null ? null : stall(key, since, e.nanosSinceStart(), CREDITED);
    }

    /** Stream {@code streamId} closed: its windows' stalls. */
    List<Stall> streamClosed(int streamId, long now, String how) {
        List<Stall> ended = new ArrayList<>(2);
        for (WindowSide side : WindowSide.values()) {
            Long since = zeroSince.remove(new Key(streamId, side));
            Stall stall = since == null ? null : stall(new Key(streamId, side), since, now, how);
            if (stall != null) {
                ended.add(stall);
            }
        }
        return ended;
    }

    /** The connection (or the recording) ended: every window still at zero long enough. */
    List<Stall> end(long now, String how) {
        List<Stall> ended = new ArrayList<>();
        for (Iterator<Map.Entry<Key, Long>> it = zeroSince.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Key, Long> e = it.next();
            it.remove();
            Stall stall = stall(e.getKey(), e.getValue(), now, how);
            if (stall != null) {
                ended.add(stall);
            }
        }
        ended.sort((a, b) -> Long.compare(a.since(), b.since()));
        return ended;
    }

    private Stall stall(Key key, long since, long until, String how) {
        return until - since >= stallNanos ? new Stall(key.streamId(), key.side(), since, until, how) : null;
    }
}
