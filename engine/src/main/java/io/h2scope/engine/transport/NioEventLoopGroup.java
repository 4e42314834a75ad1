package io.h2scope.engine.transport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed set of {@link NioEventLoop}s (default one per core). New connections are spread over the
 * loops round-robin; each stays on its loop until closed.
 */
public final class NioEventLoopGroup implements AutoCloseable {

    private final TransportConfig config;
    private final List<NioEventLoop> loops;
    private final AtomicInteger next = new AtomicInteger();

    public NioEventLoopGroup(TransportConfig config) throws IOException {
        this.config = config;
        List<NioEventLoop> started = new ArrayList<>();
        try {
            for (int i = 0; i < config.loopThreads(); i++) {
                started.add(new NioEventLoop(config, config.name() + "-loop-" + i));
            }
        } catch (IOException e) {
            started.forEach(loop -> loop.stop(System.nanoTime()));
            throw e;
        }
        this.loops = List.copyOf(started);
    }

    public TransportConfig config() {
        return config;
    }

    /** The loop for the next new connection. */
    public NioEventLoop next() {
        return loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
    }

    public List<NioEventLoop> loops() {
        return loops;
    }

    /**
     * Orderly stop: every connection is asked to close (pending output is flushed), and whatever is
     * still open at the deadline is aborted. Returns when all loop threads have ended.
     *
     * @return true if every thread ended within {@code grace} (plus a short margin for the abort)
     */
    public boolean shutdownGracefully(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        loops.forEach(loop -> loop.stop(deadline));
        boolean all = true;
        try {
            for (NioEventLoop loop : loops) {
                long left = deadline - System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                all &= loop.awaitTermination(Math.max(0, left), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return all;
    }

    /** Stops with the configured close-flush timeout as the grace period. */
    @Override
    public void close() {
        shutdownGracefully(config.closeFlushTimeout());
    }
}
