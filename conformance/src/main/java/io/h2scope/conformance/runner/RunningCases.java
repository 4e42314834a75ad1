package io.h2scope.conformance.runner;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The cases running now, and a ticker that tells the listener about each one still running every
 * {@code interval}: a case that waits out a 30 s budget must not look like a hung run.
 */
final class RunningCases implements AutoCloseable {

    private record Running(long startNanos, Duration budget) {
    }

    private final RunListener listener;
    private final Duration interval;
    private final Map<SuiteRunner.Planned, Running> running = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker;

    RunningCases(RunListener listener, Duration interval) {
        this.listener = listener;
        this.interval = interval;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "h2scope-conformance-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(() -> tick(System.nanoTime()), interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    void started(SuiteRunner.Planned p, Duration budget) {
        started(p, budget, System.nanoTime());
    }

    /** As {@link #started(SuiteRunner.Planned, Duration)}, at {@code nowNanos} ({@link System#nanoTime} scale). */
    void started(SuiteRunner.Planned p, Duration budget, long nowNanos) {
        running.put(p, new Running(nowNanos, budget));
    }

    void ended(SuiteRunner.Planned p) {
        running.remove(p);
    }

    /** One tick at {@code now}: the ticker's, or a test's on a clock of its own. */
    void tick(long now) {
        running.forEach((p, r) -> {
            Duration elapsed = Duration.ofNanos(now - r.startNanos());
            if (elapsed.compareTo(interval) >= 0) {
                synchronized (listener) {
                    listener.caseRunning(p.definition(), p.iteration(), elapsed, r.budget());
                }
            }
        });
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
