package io.h2scope.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Adds {@code cpu.time/op}: CPU nanoseconds the benchmark's worker threads spent per operation.
 *
 * <p>Why: this machine is shared and noisy, so wall-clock ns/op moves with whatever else runs, while
 * the CPU time of the measuring thread only counts the cycles it actually ran. It still feels cache
 * and frequency effects, so compare libraries within one run. Use: {@code -prof io.h2scope.bench.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    private static final String WORKER = "jmh-worker";
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long startNanos;

    @Override
    public String getDescription() {
        return "CPU time of the benchmark worker threads per operation (robust to other load)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        startNanos = workerCpuNanos();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long spent = workerCpuNanos() - startNanos;
        long ops = result.getMetadata().getAllOps();
        if (ops <= 0 || spent <= 0) {
            return List.of();
        }
        return List.of(new ScalarResult("cpu.time/op", (double) spent / ops, "ns/op", AggregationPolicy.AVG));
    }

    /** Sums the CPU time of live JMH worker threads; workers persist across iterations of a fork. */
    private long workerCpuNanos() {
        long total = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().contains(WORKER)) {
                long cpu = threads.getThreadCpuTime(t.getId());
                if (cpu > 0) {
                    total += cpu;
                }
            }
        }
        return total;
    }
}
