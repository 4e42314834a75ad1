package io.h2scope.inspector.model;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One window's series of a growing connection, followed: each {@link #next} reads only the stream's events that
 * arrived since the last, and gives the new points with their WINDOW_UPDATE causes, so a chart appends instead of
 * starting again. The points so far are kept (they are small), so nothing is read twice.
 */
public final class WindowSeriesTail {

    /**
     * What arrived since the last {@link #next}.
     *
     * @param points   the new points, in order
     * @param updates  the causes of the new WINDOW_UPDATE points
     * @param resolved causes given before without their WINDOW_UPDATE frame (not yet recorded then), now with it
     */
    public record Growth(List<WindowPoint> points, List<WindowUpdateCause> updates, List<WindowUpdateCause> resolved) {
        public boolean isEmpty() {
            return points.isEmpty() && resolved.isEmpty();
        }
    }

    private final ConnectionHistory connection;
    private final int streamId;
    private final WindowSide side;
    private final WindowUpdateCause.Pairing pairing;
    private final List<WindowPoint> points = new ArrayList<>();
    private final List<WindowUpdateCause> unresolved = new ArrayList<>();
    private int position;

    public WindowSeriesTail(ConnectionHistory connection, int streamId, WindowSide side) {
        this.connection = connection;
        this.streamId = streamId;
        this.side = side;
        this.pairing = new WindowUpdateCause.Pairing(connection, streamId, side);
    }

    public ConnectionHistory connection() {
        return connection;
    }

    public int streamId() {
        return streamId;
    }

    public WindowSide side() {
        return side;
    }

    /** Reads what the connection has added since the last call. */
    public Growth next() {
        List<WindowUpdateCause> resolved = new ArrayList<>();
        for (int i = unresolved.size() - 1; i >= 0; i--) {
            WindowUpdateCause now = pairing.resolve(unresolved.get(i));
            if (now.updateFrame() >= 0) {
                resolved.add(0, now);
                unresolved.remove(i);
            }
        }
        List<WindowPoint> added = new ArrayList<>();
        position = connection.windowSeries(streamId, side, position, added);
        List<WindowUpdateCause> updates = new ArrayList<>();
        for (WindowPoint p : added) {
            if (p.cause() == WindowCause.WINDOW_UPDATE) {
                WindowUpdateCause cause = pairing.pair(p);
                updates.add(cause);
                if (cause.updateFrame() < 0) {
                    unresolved.add(cause);
                }
            }
        }
        points.addAll(added);
        return new Growth(added, updates, resolved);
    }

    /** Every point read so far. */
    public List<WindowPoint> points() {
        return Collections.unmodifiableList(points);
    }

    /** The stalls so far, the last one still open (no end) when the window is closed now. */
    public List<WindowStall> stalls() {
        return WindowStall.of(points); // from the points kept: no event read again
    }
}
