package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontAnswer;
import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.conformance.intermediary.origin.OriginKind;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * Both sides of the intermediary for a run: the origin behind it (one listener for every case) and the client in
 * front. Each exchange marks its request uniquely, so the origin's arrivals are told apart whatever connections the
 * intermediary reuses. Cases may run one after another or at once.
 */
public final class ProxyStage {

    /** How long after the front's answer the origin is still watched for the case's request (or a second one). */
    public static final Duration DEFAULT_SETTLE = Duration.ofMillis(300);

    private final Origin origin;
    private final FrontClient front;
    private final Duration settle;

    /**
     * @param settle how long after the front's answer the origin is still watched: a request forwarded after a
     *               refusal, or the second request of a desync, arrives within it
     */
    public ProxyStage(Origin origin, FrontClient front, Duration settle) {
        this.origin = origin;
        this.front = front;
        this.settle = settle;
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
