package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sweeper on its own thread. Where a test's point is what happens before a deadline is due (a disarm, a
 * re-arm, a close), the sweeper's thread is held at its tick until the test has done it, so that a test thread
 * a loaded machine preempts cannot see a deadline fire first.
 */
class DeadlineSweeperTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final AtomicInteger SWEEPERS = new AtomicInteger();

    private final List<String> fired = new CopyOnWriteArrayList<>();
    /** Holds the sweeper's thread in its tick (before it looks for due deadlines) until the test opens it. */
    private final CountDownLatch gate = new CountDownLatch(1);
    private final String threadName = "test-deadlines-" + SWEEPERS.incrementAndGet();
    private final DeadlineSweeper sweeper = new DeadlineSweeper(threadName, 2 * MS, 50 * MS, now -> {
        try {
            gate.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    });

    @AfterEach
    void close() {
        gate.countDown();
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
        gate.countDown();
        assertTrue(late.done.await(30, TimeUnit.SECONDS));
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
        gate.countDown();
        assertTrue(witness.done.await(30, TimeUnit.SECONDS));
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
        gate.countDown();
        assertTrue(moved.done.await(30, TimeUnit.SECONDS));
        assertEquals(List.of("witness", "moved"), fired);
        assertEquals(0, sweeper.armedCount(), "re-arming relinks the node: no stale second entry");
    }

    @Test
    void afterLingeringIdleTheThreadParksAndTheNextArmWakesIt() throws InterruptedException {
        gate.countDown();
        Named first = new Named("first");
        first.armAt(System.nanoTime(), MS);
        assertTrue(first.done.await(30, TimeUnit.SECONDS));
        Await.until(sweeper::isParkedIdle, "no deadline for longer than the linger time: the thread should park");
        Named second = new Named("second");
        second.armAt(System.nanoTime(), 5 * MS);
        assertTrue(second.done.await(30, TimeUnit.SECONDS), "an arm must wake a parked sweeper");
    }

    @Test
    void nothingFiresAfterClose() throws InterruptedException {
        Named pending = new Named("pending");
        pending.armAt(System.nanoTime(), 0); // due at once: only the close keeps it from firing
        sweeper.close();
        sweeper.arm(new Named("after close"), System.nanoTime());
        gate.countDown();
        Thread thread = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(threadName))
                .findFirst().orElse(null);
        if (thread != null) {
            thread.join(Await.PATIENCE.toMillis()); // its next look at the list ends it, firing nothing
            assertFalse(thread.isAlive(), "the sweeper's thread outlived its close");
        }
        assertEquals(List.of(), fired, "deadlines fired after close");
    }
}
