package io.h2scope.engine.core.limits;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenBucketTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void burstThenRefillInProportionToElapsedTime() {
        long t = 123;
        TokenBucket b = TokenBucket.perSecond(1000, 33, t);
        for (int i = 0; i < 1000; i++) {
            assertTrue(b.tryTake(t));
        }
        assertFalse(b.tryTake(t));
        t += SECOND / 2;
        assertEquals(16, b.available(t));
        t += SECOND / 2;
        assertEquals(33, b.available(t), "fractions are kept, not lost");
    }

    @Test
    void neverExceedsCapacityAfterLongIdleAndWrappingClock() {
        long t = Long.MAX_VALUE - SECOND;
        TokenBucket b = new TokenBucket(5, 5, 30 * SECOND, t);
        for (int i = 0; i < 5; i++) {
            assertTrue(b.tryTake(t));
        }
        t += 1000 * SECOND; // wraps around
        assertEquals(5, b.available(t));
    }

    @Test
    void zeroRefillIsAFixedBudget() {
        TokenBucket b = new TokenBucket(2, 0, SECOND, 0);
        assertTrue(b.tryTake(0));
        assertTrue(b.tryTake(10 * SECOND));
        assertFalse(b.tryTake(100 * SECOND));
    }
}
