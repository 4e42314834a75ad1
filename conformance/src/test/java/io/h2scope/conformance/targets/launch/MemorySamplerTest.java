package io.h2scope.conformance.targets.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemorySamplerTest {

    private static final long MIB = 1L << 20;
    /** What the child's sort holds: one line of 32 MiB it must keep whole to sort it. */
    private static final long HELD = 32 * MIB;

    @Test
    void readsThisJvmsOwnMemory() {
        ProcessTreeMemory self = ProcessTreeMemory.of(ProcessHandle.current()).orElseThrow();
        assertTrue(self.rssBytes() > 0, self::toString);
        assertTrue(self.hwmBytes() >= self.rssBytes() / 2, self::toString); // the peak so far, read a moment apart
        assertTrue(self.processes() >= 1, self::toString);
    }

    @Test
    void aProcessThatIsGoneCannotBeRead() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(30, TimeUnit.SECONDS);
        ProcessHandle handle = p.toHandle();
        assertTrue(ProcessTreeMemory.of(handle).isEmpty());
        assertTrue(MemorySampler.start(handle, MemorySampler.DEFAULT_INTERVAL).isEmpty());
    }

    @Test
    void anIntervalOutsideItsBoundsIsRefused() {
        for (Duration outside : List.of(Duration.ZERO, MemorySampler.MIN_INTERVAL.minusMillis(1),
                MemorySampler.MAX_INTERVAL.plusMillis(1))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> MemorySampler.start(ProcessHandle.current(), outside));
            assertTrue(e.getMessage().contains("interval must be 10 ms to 1000 ms, got " + outside.toMillis() + " ms"),
                    e.getMessage());
        }
        assertEquals(MemorySampler.MIN_INTERVAL, MemorySampler.requireInterval(MemorySampler.MIN_INTERVAL));
        assertEquals(MemorySampler.MAX_INTERVAL, MemorySampler.requireInterval(MemorySampler.MAX_INTERVAL));
    }

    /** The interval asked for is the one the thread keeps and the figure names. */
    @Test
    void theReadingsComeAtTheIntervalAskedFor() throws Exception {
        Duration every = Duration.ofMillis(20);
        MemorySampler sampler = MemorySampler.start(ProcessHandle.current(), every).orElseThrow();
        Await.until(() -> sampler.readings() >= 3, "three readings");
        MemorySampler.Figure figure = sampler.stop();
        assertEquals(every, sampler.interval());
        assertTrue(figure.describe(sampler.interval()).contains("every 20 ms"), figure.describe(sampler.interval()));
    }

    /**
     * A shell that, once told, has a grandchild hold 32 MiB: the sampler's thread sees the tree's growth, and keeps it
     * as the peak after the grandchild is gone.
     */
    @Test
    void thePeakOfTheTreeIsKeptAfterTheGrowthIsGone() throws Exception {
        Process shell = new ProcessBuilder("sh", "-c", "read go; head -c " + HELD + " /dev/zero | sort | sleep 120")
                .redirectErrorStream(true).start();
        try {
            MemorySampler sampler = MemorySampler.start(shell.toHandle(), MemorySampler.DEFAULT_INTERVAL).orElseThrow();
            long before = ProcessTreeMemory.of(shell.toHandle()).orElseThrow().rssBytes();
            try (OutputStream in = shell.getOutputStream()) {
                in.write("go\n".getBytes(StandardCharsets.US_ASCII));
            }
            // sort holds the whole line, then blocks writing to a sleep that never reads
            Await.until(() -> ProcessTreeMemory.of(shell.toHandle()).map(m -> m.rssBytes() >= before + HELD * 3 / 4)
                    .orElse(false), "sort holding the line");
            int seen = sampler.readings();
            Await.until(() -> sampler.readings() >= seen + 2, "two more readings");
            Optional<ProcessHandle> sort = shell.toHandle().descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("sort")).findFirst();
            assertTrue(sort.isPresent(), "no sort under the shell");
            sort.get().destroyForcibly();
            Await.until(() -> !sort.get().isAlive(), "sort ended");

            MemorySampler.Figure figure = sampler.stop();

            String said = figure.describe(sampler.interval());
            assertTrue(figure.growth() >= HELD * 3 / 4, said);
            assertTrue(figure.after().rssBytes() < figure.peakRss() - HELD / 2, said); // the peak came from the thread
            assertTrue(figure.readings() >= seen + 2, said);
            assertTrue(said.startsWith("RSS: before ") && said.contains(", peak ") && said.contains(" (+")
                    && said.contains("every 50 ms"), said);
            assertSame(figure, sampler.stop());
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
