package io.h2scope.engine.testsupport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A test waiting for what another thread or process does: it polls the condition, and fails only when the
 * condition still does not hold after {@link #PATIENCE}, a bound no loaded machine reaches for work that takes
 * milliseconds; a passing test waits only as long as the work takes.
 */
public final class Await {

    public static final Duration PATIENCE = Duration.ofSeconds(30);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails with {@code what} after {@link #PATIENCE}. */
    public static void until(BooleanSupplier condition, String what) throws InterruptedException {
        until(condition, () -> what);
    }

    /** As {@link #until(BooleanSupplier, String)}, the failure's text made only when it fails. */
    public static void until(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + PATIENCE.toSeconds() + " s: " + what.get());
            }
            TimeUnit.MILLISECONDS.sleep(5);
        }
    }
}
