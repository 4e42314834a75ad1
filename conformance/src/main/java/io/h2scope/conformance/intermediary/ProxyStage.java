package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontAnswer;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import io.h2scope.conformance.targets.launch.MemorySampler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Both sides of the intermediary for a run: the origin behind it (one listener for every case) and the client in
 * front. Each exchange marks its request uniquely, so the origin's arrivals are told apart whatever connections the
 * intermediary reuses. Cases may run one after another or at once; each case's two legs are recorded as its evidence
 * by its markers ({@link io.h2scope.conformance.intermediary.legs.LegRecorder}).
 */
public final class ProxyStage {

    /** How long after the front's answer the origin is still watched for the case's request (or a second one). */
    public static final Duration DEFAULT_SETTLE = Duration.ofMillis(300);

    /**
     * The most a slow client's intermediary may take from the origin beyond what the client took before the case
     * calls its buffering unbounded ({@code --buffer-limit}); above what the loopback sockets between the intermediary
     * and the origin hold (a few MiB), far below what the case offers (twice this).
     */
    public static final long DEFAULT_BUFFER_LIMIT = 16L << 20;
    /** The least buffer limit: a few windows, below what loopback sockets hold alone. */
    public static final long MIN_BUFFER_LIMIT = 1L << 20;
    /** The greatest: the case offers twice the limit in one array. */
    public static final long MAX_BUFFER_LIMIT = 512L << 20;

    private final Origin origin;
    private final FrontClient front;
    private final Duration settle;
    private final long bufferLimit;
    /** The intermediary's process when h2scope started it, for its memory; empty for a {@code --front} URL. */
    private final Optional<ProcessHandle> intermediary;
    /** How often the intermediary's memory is read while a case watches it ({@link MemorySampler#DEFAULT_INTERVAL}). */
    private final Duration memoryInterval;
    /** Told when the front refused an end-to-end stream unprocessed ({@link EndToEnd#retrying}); else nothing. */
    private final Runnable refusedStream;

    /**
     * @param settle how long after the front's answer the origin is still watched: a request forwarded after a
     *               refusal, or the second request of a desync, arrives within it
     */
    public ProxyStage(Origin origin, FrontClient front, Duration settle) {
        this(origin, front, settle, DEFAULT_BUFFER_LIMIT);
    }

    /** @param bufferLimit see {@link #DEFAULT_BUFFER_LIMIT}, 1 MiB or more */
    public ProxyStage(Origin origin, FrontClient front, Duration settle, long bufferLimit) {
        this(origin, front, settle, bufferLimit, Optional.empty(), MemorySampler.DEFAULT_INTERVAL, () -> { });
    }

    private ProxyStage(Origin origin, FrontClient front, Duration settle, long bufferLimit,
            Optional<ProcessHandle> intermediary, Duration memoryInterval, Runnable refusedStream) {
        if (bufferLimit < MIN_BUFFER_LIMIT || bufferLimit > MAX_BUFFER_LIMIT) {
            throw new IllegalArgumentException("the buffer limit must be 1 MiB to 512 MiB, got " + bufferLimit);
        }
        this.origin = origin;
        this.front = front.recordingTo(origin.legs()); // each case's front leg beside its origin leg
        this.settle = settle;
        this.bufferLimit = bufferLimit;
        this.intermediary = intermediary;
        this.memoryInterval = memoryInterval;
        this.refusedStream = refusedStream;
    }

    /** This stage, with the intermediary being {@code process} (and its descendants): a case may watch its memory. */
    public ProxyStage withIntermediary(ProcessHandle process) {
        return withIntermediary(process, MemorySampler.DEFAULT_INTERVAL);
    }

    /**
     * As {@link #withIntermediary(ProcessHandle)}, its memory read every {@code interval}
     * ({@link MemorySampler#MIN_INTERVAL} to {@link MemorySampler#MAX_INTERVAL}).
     */
    public ProxyStage withIntermediary(ProcessHandle process, Duration interval) {
        return new ProxyStage(origin, front, settle, bufferLimit, Optional.of(process),
                MemorySampler.requireInterval(interval), refusedStream);
    }

    /** This stage, telling {@code hook} each time the front refuses an end-to-end stream unprocessed. */
    ProxyStage onRefusedStream(Runnable hook) {
        return new ProxyStage(origin, front, settle, bufferLimit, intermediary, memoryInterval, hook);
    }

    /** Says that the front refused an end-to-end stream unprocessed (RFC 9113 §8.7). */
    void refusedStream() {
        refusedStream.run();
    }

    /** Starts watching the intermediary's resident memory, when h2scope started it (see {@link IntermediaryMemory}). */
    public IntermediaryMemory watchMemory() {
        return IntermediaryMemory.watch(intermediary, memoryInterval);
    }

    /** See {@link #DEFAULT_BUFFER_LIMIT}. */
    public long bufferLimit() {
        return bufferLimit;
    }

    public OriginKind originKind() {
        return origin.kind();
    }

    public Origin origin() {
        return origin;
    }

    /**
     * The client in front, for cases that read the whole response ({@link ResponseExchange}) or drive their stream
     * step by step ({@link EndToEnd}).
     */
    public FrontClient front() {
        return front;
    }

    /** The {@code :authority} of the front, for the case's request. */
    public String authority() {
        return front.authority();
    }

    /** Sends the request {@code build} makes with a fresh marker, and gathers what the origin received for it. */
    public Exchange exchange(Function<Marker, ProxyRequest> build) throws IOException, InterruptedException {
        Marker marker = Marker.fresh();
        origin.arrivals().expect(marker);
        try {
            ProxyRequest request = build.apply(marker);
            FrontAnswer answer = front.send(request);
            List<Arrival> arrivals = origin.arrivals().awaitFirst(marker, settle);
            if (!arrivals.isEmpty()) {
                Thread.sleep(settle.toMillis() / 3); // a smuggled second request follows the first at once
                arrivals = origin.arrivals().of(marker);
            }
            return new Exchange(marker, request, answer, arrivals);
        } finally {
            origin.arrivals().forget(marker);
        }
    }

    /** An ordinary request built on the marked GET, changed by {@code change}. */
    public Exchange exchangeGet(Function<ProxyRequest.Builder, ProxyRequest.Builder> change)
            throws IOException, InterruptedException {
        return exchange(m -> change.apply(ProxyRequest.get(m, authority())).build());
    }

    /** As {@link #exchangeGet}, on a marked POST. */
    public Exchange exchangePost(Function<ProxyRequest.Builder, ProxyRequest.Builder> change)
            throws IOException, InterruptedException {
        return exchange(m -> change.apply(ProxyRequest.post(m, authority())).build());
    }
}
