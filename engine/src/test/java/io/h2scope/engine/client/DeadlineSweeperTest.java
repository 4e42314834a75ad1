package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DeadlineSweeperTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final List<String> fired = new CopyOnWriteArrayList<>();
    private final DeadlineSweeper sweeper = new DeadlineSweeper("test-deadlines", 2 * MS, 50 * MS, now -> false);

    @AfterEach
    void close() {
        sweeper.close();
    }

    private final class Named extends DeadlineSweeper.Node {
        final String name;
        final CountDownLatch done = new CountDownLatch(1);
        volatile long firedAt;
        volatile long armedFor;

        Named(String name) {
            this.name = name;
        }

        /** Deadlines are set from one base time and far apart, so a test thread preempted between arms keeps their order. */
        void armAt(long base, long delayNanos) {
            armedFor = base + delayNanos;
            sweeper.arm(this, armedFor);
        }

        @Override
        void onDeadline(long nowNanos) {
            firedAt = System.nanoTime();
            fired.add(name);
            done.countDown();
        }
    }

    @Test
    void deadlinesFireInDeadlineOrderWhateverTheArmingOrder() throws InterruptedException {
        Named late = new Named("late");
        Named early = new Named("early");
        Named middle = new Named("middle");
        long base = System.nanoTime();
        late.armAt(base, 600 * MS);
        early.armAt(base, 200 * MS);
        middle.armAt(base, 400 * MS);
        assertTrue(late.done.await(5, TimeUnit.SECONDS));
        assertEquals(List.of("early", "middle", "late"), fired);
        for (Named n : List.of(early, middle, late)) {
            assertTrue(n.firedAt - n.armedFor >= 0, n.name + " fired before its deadline");
        }
        assertEquals(0, sweeper.armedCount());
    }

    @Test
    void aDisarmedDeadlineNeverFires() throws InterruptedException {
        Named cancelled = new Named("cancelled");
        Named witness = new Named("witness");
        long base = System.nanoTime();
        cancelled.armAt(base, 300 * MS);
        witness.armAt(base, 600 * MS);
        sweeper.disarm(cancelled);
        assertTrue(witness.done.await(5, TimeUnit.SECONDS));
        assertEquals(List.of("witness"), fired);
    }

    @Test
    void reArmingMovesTheDeadline() throws InterruptedException {
        Named moved = new Named("moved");
        Named witness = new Named("witness");
        long base = System.nanoTime();
        moved.armAt(base, 300 * MS);
        witness.armAt(base, 600 * MS);
        moved.armAt(base, 900 * MS); // later than the witness now
        assertTrue(moved.done.await(5, TimeUnit.SECONDS));
        assertEquals(List.of("witness", "moved"), fired);
        assertEquals(0, sweeper.armedCount(), "re-arming relinks the node: no stale second entry");
    }

    @Test
    void afterLingeringIdleTheThreadParksAndTheNextArmWakesIt() throws InterruptedException {
        Named first = new Named("first");
        first.armAt(System.nanoTime(), MS);
        assertTrue(first.done.await(5, TimeUnit.SECONDS));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!sweeper.isParkedIdle() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertTrue(sweeper.isParkedIdle(), "no deadline for longer than the linger time: the thread should park");
        Named second = new Named("second");
        second.armAt(System.nanoTime(), 5 * MS);
        assertTrue(second.done.await(5, TimeUnit.SECONDS), "an arm must wake a parked sweeper");
    }

    @Test
    void nothingFiresAfterClose() throws InterruptedException {
        Named pending = new Named("pending");
        pending.armAt(System.nanoTime(), 20 * MS);
        sweeper.close();
        sweeper.arm(new Named("after close"), System.nanoTime());
        assertFalse(pending.done.await(100, TimeUnit.MILLISECONDS));
        assertEquals(List.of(), fired);
    }
}
