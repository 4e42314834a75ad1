package io.h2scope.inspector.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Fewer points for a window chart of a long connection: a chart of hundreds of thousands of points would stall the
 * screen. The series is cut into runs of consecutive points and each run keeps its lowest and its highest point,
 * in their order, so the chart keeps its shape and every stall (a run's lowest point when the window closed) stays.
 */
public final class WindowSampling {

    private WindowSampling() {
    }

    /** {@code series} itself when it has at most {@code max} points; else at most about {@code max} of them. */
    public static List<WindowPoint> sample(List<WindowPoint> series, int max) {
        if (max < 4) {
            throw new IllegalArgumentException("a chart needs at least 4 points to keep a shape, got max=" + max);
        }
        int n = series.size();
        if (n <= max) {
            return series;
        }
        int runs = max / 2;
        List<WindowPoint> kept = new ArrayList<>(max + 2);
        for (int r = 0; r < runs; r++) {
            int from = (int) ((long) r * n / runs);
            int to = (int) ((long) (r + 1) * n / runs);
            int low = from;
            int high = from;
            for (int i = from + 1; i < to; i++) {
                if (series.get(i).size() < series.get(low).size()) {
                    low = i;
                }
                if (series.get(i).size() > series.get(high).size()) {
                    high = i;
                }
            }
            kept.add(series.get(Math.min(low, high)));
            if (low != high) {
                kept.add(series.get(Math.max(low, high)));
            }
        }
        return kept;
    }
}
