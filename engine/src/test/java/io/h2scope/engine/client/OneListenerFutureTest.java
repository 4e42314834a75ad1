package io.h2scope.engine.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link OneListenerFuture}: its listener is told what a whenComplete stage would be told, once, in either order. */
@Timeout(60)
class OneListenerFutureTest {

    private final List<String> told = new ArrayList<>();

    private void listen(OneListenerFuture<String> f) {
        f.onOutcome((v, e) -> told.add(v + "/" + (e == null ? null : e.getClass().getSimpleName()) + " on "
                + Thread.currentThread().getName()));
    }

    @Test
    void aListenerAfterTheValueIsToldAtOnce() {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        f.complete("v");
        listen(f);
        assertEquals(List.of("v/null on " + Thread.currentThread().getName()), told);
    }

    @Test
    void aListenerBeforeIsToldOnTheThreadThatCompletes() throws Exception {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        listen(f);
        assertEquals(List.of(), told);
        Thread completer = new Thread(() -> f.complete("v"), "completer");
        completer.start();
        completer.join();
        assertEquals(List.of("v/null on completer"), told);
        f.complete("again");
        f.completeExceptionally(new IOException());
        assertEquals(1, told.size(), "told once: " + told);
    }

    @Test
    void anExceptionIsPassedAsItWasGiven() {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        Throwable[] seen = new Throwable[1];
        f.onOutcome((v, e) -> seen[0] = e);
        IOException cause = new IOException("gone");
        f.completeExceptionally(cause);
        assertSame(cause, seen[0]);
    }

    @Test
    void aCancelIsToldWithTheCancellationAStageWouldSee() {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        CompletableFuture<Throwable> stage = new CompletableFuture<>();
        f.whenComplete((v, e) -> stage.complete(e));
        Throwable[] seen = new Throwable[1];
        Object[] value = {"unset"};
        f.onOutcome((v, e) -> {
            value[0] = v;
            seen[0] = e;
        });
        assertTrue(f.cancel(true));
        assertNull(value[0]);
        assertTrue(seen[0] instanceof CancellationException, String.valueOf(seen[0]));
        assertSame(stage.join(), seen[0]);
    }

    @Test
    void oneListenerOnly() {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        listen(f);
        assertThrows(IllegalStateException.class, () -> listen(f));
    }

    @Test
    void stagesChainedOnItArePlainFutures() {
        OneListenerFuture<String> f = new OneListenerFuture<>();
        assertEquals(CompletableFuture.class, f.thenApply(String::length).getClass());
    }

    /** The listener arriving while another thread completes: told exactly once, whichever comes second. */
    @Test
    void racingTheCompletionTellsOnce() throws Exception {
        for (int i = 0; i < 2_000; i++) {
            OneListenerFuture<String> f = new OneListenerFuture<>();
            AtomicInteger tells = new AtomicInteger();
            CountDownLatch toldOnce = new CountDownLatch(1);
            CyclicBarrier start = new CyclicBarrier(2);
            Thread completer = new Thread(() -> {
                await(start);
                f.complete("v");
            });
            completer.start();
            await(start);
            f.onOutcome((v, e) -> {
                tells.incrementAndGet();
                toldOnce.countDown();
            });
            completer.join();
            assertTrue(toldOnce.await(5, java.util.concurrent.TimeUnit.SECONDS), "never told, round " + i);
            assertEquals(1, tells.get(), "round " + i);
        }
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
