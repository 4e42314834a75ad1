package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CallerSpinTest {

    @Test
    void noMoreCallersSpinThanTheCoresBarOneAndAnEndFreesAPlace() {
        assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), CallerSpin.MAX_SPINNING);
        int before = CallerSpin.spinning();
        int taken = 0;
        while (CallerSpin.tryStart(50_000)) {
            taken++;
            assertTrue(taken <= CallerSpin.MAX_SPINNING, "more spinning callers than " + CallerSpin.MAX_SPINNING);
        }
        assertEquals(CallerSpin.MAX_SPINNING - before, taken);
        assertEquals(CallerSpin.MAX_SPINNING, CallerSpin.spinning(), "a refused caller is not counted");
        CallerSpin.end();
        assertTrue(CallerSpin.tryStart(50_000), "the place an end freed");
        for (int i = 0; i < taken; i++) {
            CallerSpin.end();
        }
        assertEquals(before, CallerSpin.spinning());
    }

    @Test
    void aSpinOfNothingIsNoSpin() {
        int before = CallerSpin.spinning();
        assertFalse(CallerSpin.tryStart(0));
        assertEquals(before, CallerSpin.spinning());
    }
}
