package io.h2scope.cli.conform;

import io.h2scope.conformance.intermediary.ProxyStage;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.legs.CaseLegs;
import io.h2scope.conformance.intermediary.legs.Http1Text;
import io.h2scope.conformance.intermediary.legs.LegCaps;
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
    static final List<String> NAMES = List.of("--refused-retries", "--buffer-limit", "--memory-interval", "--legs-data",
            "--legs-http1-shown");

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

    @Option(names = "--legs-data", paramLabel = "SIZE", defaultValue = "" + CaseLegs.DATA_KEPT,
            description = "DATA octets of each stream a case's two legs keep in its evidence (what the inspector shows "
                    + "of them; verdicts never depend on it); 1 to 1m (default ${DEFAULT-VALUE}, CaseLegs.DATA_KEPT)")
    String legsData;

    @Option(names = "--legs-http1-shown", paramLabel = "SIZE", defaultValue = "" + Http1Text.SHOWN_OCTETS,
            description = "octets of each HTTP/1.1 message of an origin leg shown in a case's evidence, the rest "
                    + "counted; 1 to 1m (default ${DEFAULT-VALUE}, Http1Text.SHOWN_OCTETS)")
    String legsHttp1Shown;

    /** {@link #bufferLimit} in octets, once {@link #check() checked}. */
    private long bufferOctets = ProxyStage.DEFAULT_BUFFER_LIMIT;
    /** {@link #memoryInterval}, once {@link #check() checked}. */
    private Duration memoryEvery = MemorySampler.DEFAULT_INTERVAL;
    /** {@link #legsData} and {@link #legsHttp1Shown}, once {@link #check() checked}. */
    private LegCaps legCaps = LegCaps.DEFAULT;

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
        legCaps = new LegCaps(legOctets("--legs-data", legsData), legOctets("--legs-http1-shown", legsHttp1Shown));
    }

    private static int legOctets(String option, String value) {
        long octets = ByteSize.parse(option, value, 1);
        if (octets > LegCaps.MAX) {
            throw new IllegalArgumentException(option + " takes at most 1m (what a case keeps per stream or message), got "
                    + value);
        }
        return (int) octets;
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
        origin.legs().keep(legCaps);
        ProxyStage bare = new ProxyStage(origin, front, ProxyStage.DEFAULT_SETTLE, bufferOctets);
        return process.map(p -> bare.withIntermediary(p, memoryEvery)).orElse(bare);
    }
}
