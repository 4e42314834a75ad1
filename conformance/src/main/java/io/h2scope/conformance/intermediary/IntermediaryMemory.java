package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.targets.launch.MemorySampler;
import java.time.Duration;
import java.util.Optional;

/**
 * The intermediary's resident memory over one case, for its evidence: watched when h2scope started the intermediary
 * itself (its process tree is known), otherwise said to be unmeasured.
 */
public final class IntermediaryMemory implements AutoCloseable {

    /** The evidence when the intermediary is not a process of ours (a {@code --front} URL). */
    public static final String NOT_MEASURED = "memory not measured: the intermediary is not a local process h2scope"
            + " started";

    private final Optional<MemorySampler> sampler;
    private final String unreadable;

    private IntermediaryMemory(Optional<MemorySampler> sampler, String unreadable) {
        this.sampler = sampler;
        this.unreadable = unreadable;
    }

    /** Starts watching {@code process}'s tree, when there is one, reading it every {@code interval}. */
    static IntermediaryMemory watch(Optional<ProcessHandle> process, Duration interval) {
        if (process.isEmpty()) {
            return new IntermediaryMemory(Optional.empty(), NOT_MEASURED);
        }
        return new IntermediaryMemory(MemorySampler.start(process.get(), interval),
                "memory not measured: /proc/" + process.get().pid() + "/status is unreadable (the process is gone,"
                        + " or not Linux)");
    }

    /** Stops watching and says what the memory did: {@code intermediary RSS: before X MiB, peak Y MiB (+Z MiB) ...}. */
    public String evidence() throws InterruptedException {
        if (sampler.isEmpty()) {
            return unreadable;
        }
        return "intermediary " + sampler.get().stop().describe(sampler.get().interval());
    }

    @Override
    public void close() throws InterruptedException {
        if (sampler.isPresent()) {
            sampler.get().stop();
        }
    }
}
