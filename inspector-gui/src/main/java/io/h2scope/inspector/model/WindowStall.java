package io.h2scope.inspector.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A stretch of time a window was closed (size at or below 0): its sender could not send DATA until a
 * WINDOW_UPDATE (or a larger SETTINGS_INITIAL_WINDOW_SIZE) opened it again (RFC 9113 §6.9, §6.9.2).
 *
 * @param start the point that closed it
 * @param end   the point that opened it again, or null when it was still closed at the series' end
 */
public record WindowStall(WindowPoint start, WindowPoint end) {

    /** When it ended, or {@code otherwise} while it lasts. */
    public long endNanos(long otherwise) {
        return end == null ? otherwise : end.nanos();
    }

    /** The stalls of one window's series, in order. */
    public static List<WindowStall> of(List<WindowPoint> series) {
        List<WindowStall> stalls = new ArrayList<>();
        WindowPoint closedAt = null;
        for (WindowPoint p : series) {
            if (p.stalled() && closedAt == null) {
                closedAt = p;
            } else if (!p.stalled() && closedAt != null) {
                stalls.add(new WindowStall(closedAt, p));
                closedAt = null;
            }
        }
        if (closedAt != null) {
            stalls.add(new WindowStall(closedAt, null));
        }
        return stalls;
    }
}
