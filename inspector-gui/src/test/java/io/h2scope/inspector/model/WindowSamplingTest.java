package io.h2scope.inspector.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.flow.WindowCause;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class WindowSamplingTest {

    @Test
    void aShortSeriesIsKeptWhole() {
        List<WindowPoint> series = List.of(new WindowPoint(0, 0, 0, 10, WindowCause.OPENED));
        assertSame(series, WindowSampling.sample(series, 4));
    }

    @Test
    void aLongSeriesKeepsEachRunsExtremesInOrderAndEveryStall() {
        List<WindowPoint> series = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            int size = i == 54_321 ? 0 : 1_000 + (i * 7919) % 5_000; // one stall among noise
            series.add(new WindowPoint(i, i * 10L, 0, size, WindowCause.DATA));
        }
        List<WindowPoint> kept = WindowSampling.sample(series, 1_000);
        assertTrue(kept.size() <= 1_000 && kept.size() > 500, "about the maximum: " + kept.size());
        assertTrue(kept.contains(series.get(54_321)), "the stall survives");
        for (int i = 1; i < kept.size(); i++) {
            assertTrue(kept.get(i - 1).nanos() < kept.get(i).nanos(), "in time order");
        }
        assertEquals(series.stream().mapToInt(WindowPoint::size).max().getAsInt(),
                kept.stream().mapToInt(WindowPoint::size).max().getAsInt(), "the highest point survives");
        assertThrows(IllegalArgumentException.class, () -> WindowSampling.sample(series, 3));
    }
}
