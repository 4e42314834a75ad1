package io.h2scope.engine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CompletionBatcherTest {

    /** Runs tasks only when told: shows how many executor tasks the batcher asked for. */
    private static final class ManualExecutor implements Executor {
        final Queue<Runnable> tasks = new ArrayDeque<>();
        int submitted;

        @Override
        public void execute(Runnable r) {
            submitted++;
            tasks.add(r);
        }

        void runAll() {
            Runnable r;
            while ((r = tasks.poll()) != null) {
                r.run();
            }
        }
    }

    @Test
    void completionsQueuedTogetherRunInOrderInOneExecutorTask() {
        ManualExecutor executor = new ManualExecutor();
        CompletionBatcher batcher = new CompletionBatcher(executor);
        List<Integer> ran = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            int n = i;
            batcher.submit(() -> ran.add(n));
        }
        assertEquals(1, executor.submitted, "64 completions queued before the drainer ran: one hand-off");
        executor.runAll();
        assertEquals(64, ran.size());
        for (int i = 0; i < 64; i++) {
            assertEquals(i, ran.get(i));
        }
        assertFalse(batcher.hasQueued());
        batcher.submit(() -> ran.add(64));
        assertEquals(2, executor.submitted, "after the queue emptied, the next completion starts a new drainer");
        executor.runAll();
        assertEquals(65, ran.size());
    }

    @Test
    void aCompletionThrowingDoesNotStopTheOthers() {
        ManualExecutor executor = new ManualExecutor();
        CompletionBatcher batcher = new CompletionBatcher(executor);
        List<String> ran = new ArrayList<>();
        batcher.submit(() -> {
            throw new IllegalStateException("a broken stage");
        });
        batcher.submit(() -> ran.add("next"));
        executor.runAll();
        assertEquals(List.of("next"), ran);
    }

    @Test
    void aStageBlockedOnALaterCompletionIsRescuedByCheckStuck() throws InterruptedException {
        ExecutorService pool = Executors.newCachedThreadPool();
        try {
            AtomicInteger started = new AtomicInteger(); // drainers handed to the executor
            CompletionBatcher batcher = new CompletionBatcher(r -> {
                started.incrementAndGet();
                pool.execute(r);
            });
            CountDownLatch second = new CountDownLatch(1);
            CountDownLatch firstDone = new CountDownLatch(1);
            CountDownLatch firstStarted = new CountDownLatch(1);
            long before = System.nanoTime();
            // like f1.thenApply(r -> f2.join()) where f2 is completed by the completion queued behind it
            batcher.submit(() -> {
                firstStarted.countDown();
                try {
                    if (second.await(30, TimeUnit.SECONDS)) {
                        firstDone.countDown();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(firstStarted.await(30, TimeUnit.SECONDS));
            int drainers = started.get();
            batcher.submit(second::countDown);
            batcher.checkStuck(before); // too early whatever the scheduling: the first started after this time
            assertEquals(drainers, started.get(), "nothing should overtake a completion still within its time");
            batcher.checkStuck(System.nanoTime() + CompletionBatcher.STUCK_NANOS);
            assertTrue(second.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS),
                    "the queue should move to another thread");
            assertTrue(firstDone.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aShutDownExecutorStillCompletesInOrderButNeverOnTheSubmittingThread() throws InterruptedException {
        CompletionBatcher batcher = new CompletionBatcher(r -> {
            throw new RejectedExecutionException("shut down");
        });
        // the submitting thread may be a loop or a caller holding a connection: user stages must not run there
        java.util.concurrent.ConcurrentLinkedQueue<String> ran = new java.util.concurrent.ConcurrentLinkedQueue<>();
        CountDownLatch both = new CountDownLatch(2);
        Thread me = Thread.currentThread();
        batcher.submit(() -> {
            ran.add(Thread.currentThread() == me ? "first on the submitting thread" : "first");
            both.countDown();
        });
        batcher.submit(() -> {
            ran.add(Thread.currentThread() == me ? "second on the submitting thread" : "second");
            both.countDown();
        });
        assertTrue(both.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(List.of("first", "second"), List.copyOf(ran));
    }
}
