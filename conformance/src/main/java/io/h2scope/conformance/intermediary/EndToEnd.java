package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.front.FrontClient;
import io.h2scope.conformance.intermediary.front.FrontStream;
import io.h2scope.conformance.intermediary.front.ProxyRequest;
import io.h2scope.conformance.intermediary.origin.Arrival;
import io.h2scope.conformance.intermediary.origin.Marker;
import io.h2scope.conformance.intermediary.origin.OriginReply;
import io.h2scope.conformance.verdict.Verdict;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * One end-to-end exchange through the intermediary, both ends driven by the case: a fresh marker, the origin's reply
 * to it, the request's stream in front (its head sent, the rest the case's to send) and a look at what the origin
 * saw, polled until a condition holds. Closing it closes the stream and forgets the marker.
 */
public final class EndToEnd implements AutoCloseable {

    /** How often the origin's side is looked at while a case waits on it. */
    private static final Duration POLL = Duration.ofMillis(20);

    private final ProxyStage stage;
    private final Marker marker;
    private final FrontStream stream;

    private EndToEnd(ProxyStage stage, Marker marker, FrontStream stream) {
        this.stage = stage;
        this.marker = marker;
        this.stream = stream;
    }

    /**
     * Sends the head of the marked request {@code build} makes (its DATA and trailers are the case's to send; with
     * END_STREAM when it has none and {@code endStream}), the origin to answer it with {@code reply}.
     */
    public static EndToEnd start(ProxyStage stage, OriginReply reply, java.util.function.Function<Marker,
            ProxyRequest> build, boolean endStream) throws IOException {
        Marker marker = Marker.fresh();
        stage.origin().arrivals().expect(marker);
        stage.origin().answers().script(marker, reply);
        try {
            ProxyRequest request = build.apply(marker);
            return new EndToEnd(stage, marker, FrontStream.open(stage.front(), request.fields(), endStream));
        } catch (IOException | RuntimeException e) {
            forget(stage, marker);
            throw e;
        }
    }

    /** A marked GET, whole (END_STREAM on its head). */
    public static EndToEnd get(ProxyStage stage, OriginReply reply) throws IOException {
        return start(stage, reply, m -> ProxyRequest.get(m, stage.authority()).build(), true);
    }

    public FrontStream front() {
        return stream;
    }

    public Marker marker() {
        return marker;
    }

    /** The requests the origin received for this exchange so far. */
    public List<Arrival> arrivals() {
        return stage.origin().arrivals().of(marker);
    }

    /**
     * The first request the origin received for this exchange once {@code done} holds for it, waiting at most
     * {@code wait}; else the first as it is then, or empty when none arrived.
     */
    public Optional<Arrival> atOrigin(Predicate<Arrival> done, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            List<Arrival> now = arrivals();
            if (!now.isEmpty() && done.test(now.get(0)) || System.nanoTime() - deadline >= 0) {
                return now.stream().findFirst();
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /**
     * The first request the origin received for this exchange once the intermediary stopped taking its response: its
     * {@link Arrival#answeredOctets()} unchanged for {@code stall}, or at least {@code all}, waiting at most {@code wait}
     * in all; empty when no request arrived.
     */
    public Optional<Arrival> onceAnswerStalls(long all, Duration stall, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        long last = -1;
        long since = System.nanoTime();
        while (System.nanoTime() - deadline < 0) {
            List<Arrival> now = arrivals();
            long taken = now.isEmpty() ? -1 : now.get(0).answeredOctets();
            if (taken != last) {
                last = taken;
                since = System.nanoTime();
            } else if (taken >= 0 && System.nanoTime() - since >= stall.toNanos() || taken >= all) {
                break;
            }
            Thread.sleep(POLL.toMillis());
        }
        return arrivals().stream().findFirst();
    }

    /** As {@link #atOrigin}, the wait the front's timeout. */
    public Optional<Arrival> atOrigin(Predicate<Arrival> done) throws InterruptedException {
        return atOrigin(done, stage.front().timeout());
    }

    /**
     * {@code body}, an end-to-end case, run again whole (each of its streams on a new connection) while the front
     * refused one of its streams unprocessed: RST_STREAM REFUSED_STREAM before any response, the origin having seen
     * nothing (RFC 9113 §8.7: "can be safely retried"), as often as the front's refused-retries allow. A verdict after
     * retries says so; a case refused on every try is INCONCLUSIVE, since nothing reached the other end to judge.
     */
    public static ProxyCaseBody retrying(ProxyCaseBody body) {
        return stage -> {
            AtomicBoolean refused = new AtomicBoolean();
            ProxyStage watched = stage.onRefusedStream(() -> refused.set(true));
            ProxyVerdict verdict = stage.front().retried(() -> {
                refused.set(false);
                return body.run(watched);
            }, v -> refused.get(), (v, retries) -> noted(v, FrontClient.retryNote(retries)));
            if (refused.get()) {
                return ProxyVerdict.inconclusive(verdict.verdict().expected(), "the front refused the case's stream"
                        + " unprocessed on every try, so neither end saw the other: " + verdict.verdict().actual());
            }
            return verdict;
        };
    }

    private static ProxyVerdict noted(ProxyVerdict v, String note) {
        Verdict was = v.verdict();
        return new ProxyVerdict(v.finding(), new Verdict(was.outcome(), was.expected(), was.actual() + "; " + note));
    }

    @Override
    public void close() throws IOException {
        try {
            // read before the marker is forgotten: a refusal counts only when nothing reached the origin
            if (stream.refusedUnprocessed() && arrivals().isEmpty()) {
                stage.refusedStream();
            }
        } finally {
            try {
                stream.close();
            } finally {
                forget(stage, marker);
            }
        }
    }

    private static void forget(ProxyStage stage, Marker marker) {
        stage.origin().arrivals().forget(marker);
        stage.origin().answers().forget(marker);
    }
}
