package io.h2scope.conformance.targets.launch;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Watches a process tree's resident memory over a stretch of time: one reading when started, then one every
 * {@code interval} on a small daemon thread until {@link #stop()}, keeping only the highest sum (so its memory does not
 * grow with the stretch's length). {@code VmHWM} read at both ends catches a peak between two readings.
 */
public final class MemorySampler implements AutoCloseable {

    /**
     * How often the tree is read ({@code --memory-interval}): often enough for a case of a second or more, cheap (a
     * few small file reads).
     */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(50);
    /** The shortest interval: below it the readings (a walk of /proc per process) would load a 2-core machine. */
    public static final Duration MIN_INTERVAL = Duration.ofMillis(10);
    /** The longest: a case of a few seconds still gets readings between its two ends. */
    public static final Duration MAX_INTERVAL = Duration.ofSeconds(1);
    /** How long {@link #stop()} waits for the reading thread to end. */
    private static final long JOIN_MILLIS = 5_000;

    /**
     * What the stretch showed.
     *
     * @param before   the tree when the sampler started
     * @param peakRss  the highest summed VmRSS of any reading, {@code before}'s included
     * @param after    the tree when it stopped, or {@code before} when the process was gone by then
     * @param readings how many readings were taken
     */
    public record Figure(ProcessTreeMemory before, long peakRss, ProcessTreeMemory after, int readings) {

        /** The growth of the peak over the start. */
        public long growth() {
            return peakRss - before.rssBytes();
        }

        /** E.g. {@code RSS: before 5.2 MiB, peak 38.0 MiB (+32.8 MiB) over 41 readings every 50 ms; VmHWM 5.3 MiB -> 38.1 MiB}. */
        public String describe(Duration interval) {
            return "RSS: before " + ProcessTreeMemory.mib(before.rssBytes()) + ", peak " + ProcessTreeMemory.mib(peakRss)
                    + " (+" + ProcessTreeMemory.mib(growth()) + ") over " + readings + " readings every "
                    + interval.toMillis() + " ms of " + after.processes() + " process" + (after.processes() == 1 ? "" : "es")
                    + "; VmHWM " + ProcessTreeMemory.mib(before.hwmBytes()) + " -> " + ProcessTreeMemory.mib(after.hwmBytes());
        }
    }

    private final ProcessHandle root;
    private final Duration interval;
    private final ProcessTreeMemory before;
    private final Thread thread;
    private volatile boolean stopping;
    private volatile long peakRss;
    private volatile int readings = 1;
    private Figure figure;

    private MemorySampler(ProcessHandle root, Duration interval, ProcessTreeMemory before) {
        this.root = root;
        this.interval = interval;
        this.before = before;
        this.peakRss = before.rssBytes();
        this.thread = new Thread(this::sample, "h2scope-memory-" + root.pid());
        thread.setDaemon(true);
    }

    /**
     * Takes the first reading and starts the thread; empty when {@code root} cannot be read (gone, or /proc does not
     * say).
     */
    public static Optional<MemorySampler> start(ProcessHandle root, Duration interval) {
        requireInterval(interval);
        Optional<ProcessTreeMemory> first = ProcessTreeMemory.of(root);
        if (first.isEmpty()) {
            return Optional.empty();
        }
        MemorySampler sampler = new MemorySampler(root, interval, first.get());
        sampler.thread.start();
        return Optional.of(sampler);
    }

    /**
     * {@code interval}, when it is {@link #MIN_INTERVAL} to {@link #MAX_INTERVAL}.
     *
     * @throws IllegalArgumentException saying the range, otherwise
     */
    public static Duration requireInterval(Duration interval) {
        if (interval.compareTo(MIN_INTERVAL) < 0 || interval.compareTo(MAX_INTERVAL) > 0) {
            throw new IllegalArgumentException("the memory sampling interval must be " + MIN_INTERVAL.toMillis() + " ms to "
                    + MAX_INTERVAL.toMillis() + " ms, got " + interval.toMillis() + " ms");
        }
        return interval;
    }

    public Duration interval() {
        return interval;
    }

    /** How many readings were taken so far. */
    public int readings() {
        return readings;
    }

    private void sample() {
        while (!stopping) {
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            Optional<ProcessTreeMemory> now = ProcessTreeMemory.of(root);
            if (now.isEmpty()) {
                return; // the process is gone: nothing more to read
            }
            peakRss = Math.max(peakRss, now.get().rssBytes());
            readings++;
        }
    }

    /** Stops the readings (waiting for the thread) and gives what they showed; the same figure on every call. */
    public synchronized Figure stop() throws InterruptedException {
        if (figure == null) {
            stopping = true;
            thread.interrupt();
            thread.join(JOIN_MILLIS);
            Optional<ProcessTreeMemory> last = ProcessTreeMemory.of(root);
            ProcessTreeMemory after = last.orElse(before);
            figure = new Figure(before, Math.max(peakRss, after.rssBytes()), after, readings + (last.isPresent() ? 1 : 0));
        }
        return figure;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
