package io.h2scope.cli.conform;

import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.targets.launch.MemorySampler;
import io.h2scope.engine.trace.config.ByteSize;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import picocli.CommandLine.Option;

/**
 * The limits of a run through an intermediary, shared by {@code conform-proxy} and {@code matrix --proxies} (a picocli
 * mixin): checked once by {@link #check()}, then used to build the client in front and the stage.
 */
public final class IntermediaryLimitOptions {

    /** The options of this mixin, for a command that must refuse them where no intermediary runs. */
    static final List<String> NAMES = List.of("--refused-retries", "--buffer-limit", "--memory-interval");

    @Option(names = "--refused-retries", paramLabel = "N", defaultValue = "" + FrontClient.DEFAULT_REFUSED_RETRIES,
            description = "how many times a request the front resets with REFUSED_STREAM before forwarding anything is "
                    + "sent again on a new connection, or an end-to-end case run again whole (RFC 9113 §8.7: not "
                    + "processed; default ${DEFAULT-VALUE})")
    int refusedRetries;

    @Option(names = "--buffer-limit", paramLabel = "SIZE", defaultValue = "16m",
            description = "proxy/e2e/slow-client-bounded-buffering: how far the intermediary may read ahead of a client "
                    + "whose window is at zero before its buffering counts as unbounded (e.g. 16m; at least 1m, at most "
                    + "512m; default ${DEFAULT-VALUE})")
    String bufferLimit;

    @Option(names = "--memory-interval", paramLabel = "DURATION", defaultValue = "50ms",
            description = "how often the memory of an intermediary h2scope started is read while a case watches it (the "
                    + "slow client); 10ms to 1s (default ${DEFAULT-VALUE}, MemorySampler.DEFAULT_INTERVAL)")
    String memoryInterval;

    /** {@link #bufferLimit} in octets, once {@link #check() checked}. */
    private long bufferOctets = ProxyStage.DEFAULT_BUFFER_LIMIT;
    /** {@link #memoryInterval}, once {@link #check() checked}. */
    private Duration memoryEvery = MemorySampler.DEFAULT_INTERVAL;

    /**
     * Checks the options given.
     *
     * @throws IllegalArgumentException a one-line usage error saying which option is wrong and what it takes
     */
    void check() {
        if (refusedRetries < 0) {
            throw new IllegalArgumentException("--refused-retries takes 0 or more, got " + refusedRetries);
        }
        long limit = ByteSize.parse("--buffer-limit", bufferLimit, ProxyStage.MIN_BUFFER_LIMIT);
        if (limit > ProxyStage.MAX_BUFFER_LIMIT) {
            throw new IllegalArgumentException("--buffer-limit takes at most 512m (the case offers twice the limit), got "
                    + bufferLimit);
        }
        bufferOctets = limit;
        Duration every = ConformCommand.parseAnyDuration("--memory-interval", memoryInterval);
        try {
            memoryEvery = MemorySampler.requireInterval(every);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--memory-interval: " + e.getMessage());
        }
    }

    /** The client in front of the intermediary at {@code front} (TLS when {@code tls} is not null). */
    FrontClient front(InetSocketAddress front, SSLContext tls, Duration timeout) {
        return new FrontClient(front, tls, timeout, refusedRetries);
    }

    /**
     * Both sides of the intermediary; an intermediary h2scope started ({@code process}) has its memory watched where a
     * case asks (the slow client).
     */
    ProxyStage stage(Origin origin, FrontClient front, Optional<ProcessHandle> process) {
        ProxyStage bare = new ProxyStage(origin, front, ProxyStage.DEFAULT_SETTLE, bufferOctets);
        return process.map(p -> bare.withIntermediary(p, memoryEvery)).orElse(bare);
    }
}
