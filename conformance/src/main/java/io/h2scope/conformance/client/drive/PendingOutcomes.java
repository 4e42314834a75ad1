package io.h2scope.conformance.client.drive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An in-process client's requests in flight, each turned into what the client reported: its response, or the
 * exception it raised to its caller. Waiting is bounded by the task's timeout; a request still running then is
 * cancelled and TIMED_OUT.
 */
final class PendingOutcomes {

    /** What an in-process client delivered: a status, a body length, and the header fields by lower-case name. */
    record Delivered(int status, long bodyOctets, Map<String, List<String>> headers) {
        Delivered(int status, long bodyOctets) {
            this(status, bodyOctets, Map.of());
        }
    }

    private final long start = System.nanoTime();
    private final List<CompletableFuture<Delivered>> requests = new ArrayList<>();

    void add(CompletableFuture<Delivered> request) {
        requests.add(request);
    }

    /** A request the adapter could not even start (what the client threw at once). */
    void failedAtOnce(Throwable thrown) {
        requests.add(CompletableFuture.failedFuture(thrown));
    }

    List<ClientOutcome> await(Duration timeout) throws InterruptedException {
        long deadline = start + timeout.toNanos();
        List<ClientOutcome> outcomes = new ArrayList<>();
        for (CompletableFuture<Delivered> request : requests) {
            outcomes.add(outcome(request, deadline));
        }
        return outcomes;
    }

    private ClientOutcome outcome(CompletableFuture<Delivered> request, long deadline) throws InterruptedException {
        try {
            Delivered d = request.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return new ClientOutcome(ClientOutcome.Kind.RESPONSE, d.status(), d.bodyOctets(), "", took(), d.headers());
        } catch (TimeoutException e) {
            request.cancel(true);
            return new ClientOutcome(ClientOutcome.Kind.TIMED_OUT, -1, -1, "no response nor error within the case's "
                    + "timeout: cancelled", took());
        } catch (ExecutionException | CancellationException e) {
            return new ClientOutcome(ClientOutcome.Kind.FAILED, -1, -1, describe(e), took());
        }
    }

    /** The exception the client raised to its caller, with the causes that name what happened. */
    static String describe(Throwable thrown) {
        Throwable t = thrown instanceof ExecutionException || thrown instanceof CompletionException
                ? thrown.getCause() : thrown;
        StringBuilder text = new StringBuilder();
        for (int depth = 0; t != null && depth < 3; depth++, t = t.getCause()) {
            text.append(depth == 0 ? "" : " <- ").append(t.getClass().getSimpleName());
            if (t.getMessage() != null) {
                text.append(": ").append(t.getMessage().replaceAll("\\s+", " "));
            }
        }
        return text.toString();
    }

    private Duration took() {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
