package io.h2scope.inspector.source;

import io.h2scope.engine.trace.model.TraceEvent;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** A {@link SourceSink} that keeps what a source delivers, for the tests to wait on and look at. */
final class CollectingSink implements SourceSink {

    final List<TraceEvent> events = new CopyOnWriteArrayList<>();
    final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    final List<String> problems = new CopyOnWriteArrayList<>();
    final List<long[]> progress = new CopyOnWriteArrayList<>();
    final List<String> ends = new CopyOnWriteArrayList<>();
    final List<String> states = new CopyOnWriteArrayList<>();
    final List<String> restarts = new CopyOnWriteArrayList<>();
    private final CountDownLatch ended = new CountDownLatch(1);

    @Override
    public void events(List<TraceEvent> batch) {
        batchSizes.add(batch.size());
        events.addAll(batch);
    }

    /** Summaries with positions (a source that can read its events again): kept as positions to read again. */
    final List<Long> positions = new CopyOnWriteArrayList<>();

    @Override
    public void events(List<TraceEvent> batch, long[] at) {
        for (long p : at) {
            positions.add(p);
        }
        events(batch);
    }

    /** The events as a recording gives them: read again through {@code source}'s reloader where it has one. */
    List<TraceEvent> whole(TraceSource source) {
        if (positions.isEmpty()) {
            return events;
        }
        List<TraceEvent> whole = new java.util.ArrayList<>();
        for (long p : positions) {
            whole.add(source.reloader().reload(p));
        }
        return whole;
    }

    @Override
    public void problem(String line) {
        problems.add(line);
    }

    @Override
    public void progress(long done, long total) {
        progress.add(new long[] {done, total});
    }

    @Override
    public void state(String line) {
        states.add(line);
    }

    @Override
    public void restarted(String name) {
        restarts.add(name);
    }

    /** The last state told, or "". */
    String state() {
        return states.isEmpty() ? "" : states.get(states.size() - 1);
    }

    @Override
    public void ended(String why) {
        ends.add(why);
        ended.countDown();
    }

    /** The source's last word, after waiting for it. */
    String awaitEnd() throws InterruptedException {
        if (!ended.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the source did not end; events " + events.size() + ", problems " + problems);
        }
        return ends.get(0);
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 30 s for " + what);
            }
            Thread.sleep(20);
        }
    }
}
