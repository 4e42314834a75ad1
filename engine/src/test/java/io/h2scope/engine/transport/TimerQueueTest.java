package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A loop's timers on a virtual clock: the order they run in, whatever the order they were armed in. */
class TimerQueueTest {

    private final TimerQueue timers = new TimerQueue();
    private final List<String> ran = new ArrayList<>();

    private Cancellable at(long deadline, String name) {
        return timers.add(deadline, () -> ran.add(name));
    }

    @Test
    void dueTimersRunInDeadlineOrderAndEqualDeadlinesInTheOrderArmed() {
        at(300, "300");
        at(100, "100");
        Cancellable cancelled = at(150, "cancelled");
        at(200, "200");
        at(0, "0-a");
        at(0, "0-b");
        assertTrue(cancelled.cancel());
        assertEquals(200, timers.nanosUntilNext(-200), "the earliest live deadline, counted from now");
        assertEquals(3, timers.runDue(100));
        assertEquals(List.of("0-a", "0-b", "100"), ran);
        assertEquals(2, timers.runDue(1_000));
        assertEquals(List.of("0-a", "0-b", "100", "200", "300"), ran);
        assertEquals(-1, timers.nanosUntilNext(1_000), "nothing left");
    }

    @Test
    void aTimerArmedWhileTimersRunWaitsForTheNextRunEvenIfDue() {
        timers.add(10, () -> {
            ran.add("first");
            at(0, "armed by the first");
        });
        assertEquals(1, timers.runDue(10));
        assertEquals(List.of("first"), ran, "a task rescheduling itself at once cannot spin one run");
        assertEquals(0, timers.nanosUntilNext(10));
        assertEquals(1, timers.runDue(10));
        assertEquals(List.of("first", "armed by the first"), ran);
    }

    @Test
    void deadlinesCompareAcrossTheNanoTimeWrap() {
        at(Long.MAX_VALUE, "before the wrap");
        at(Long.MIN_VALUE + 10, "after the wrap");
        assertEquals(1, timers.runDue(Long.MAX_VALUE));
        assertEquals(1, timers.runDue(Long.MIN_VALUE + 10));
        assertEquals(List.of("before the wrap", "after the wrap"), ran);
    }
}
