package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class IntervalLogTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final List<String> lines = new ArrayList<>();
    private final IntervalLog log = new IntervalLog(lines::add, 10_000_000_000L, now::get);

    @Test
    void aBurstGivesOneLineAndTheNextIntervalOneMoreWithTheCount() {
        for (int i = 0; i < 100_000; i++) {
            log.record("accept failed: Too many open files");
        }
        assertEquals(List.of("accept failed: Too many open files"), lines);
        now.addAndGet(10_000_000_000L);
        log.record("accept failed: Too many open files");
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).contains("100000 times in the last 10000 ms, 100001 in all"), lines.get(1));
        assertEquals(100_001, log.total());
    }

    @Test
    void aBurstThatStopsIsToldByTheFlushAfterTheInterval() {
        assertFalse(log.record("shedding 127.0.0.1:1"), "logged at once: nothing held back");
        assertTrue(log.record("shedding 127.0.0.1:2"), "the first held back: the caller schedules a flush");
        assertFalse(log.record("shedding 127.0.0.1:3"), "already held back: one flush is enough");
        log.flush();
        assertEquals(1, lines.size(), "before the interval has passed a flush writes nothing");
        now.addAndGet(10_000_000_000L);
        log.flush();
        assertEquals(List.of("shedding 127.0.0.1:1", "shedding 127.0.0.1:3 (2 times in the last 10000 ms, 3 in all)"), lines);
        log.flush();
        assertEquals(2, lines.size(), "nothing more held back");
    }

    @Test
    void aLoneEventAfterAQuietIntervalIsLoggedPlainly() {
        log.record("x");
        now.addAndGet(20_000_000_000L);
        log.record("y");
        assertEquals(List.of("x", "y"), lines);
    }

    @Test
    void aZeroIntervalIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new IntervalLog(lines::add, 0, now::get));
        assertTrue(e.getMessage().contains("log interval must be positive"), e.getMessage());
    }
}
