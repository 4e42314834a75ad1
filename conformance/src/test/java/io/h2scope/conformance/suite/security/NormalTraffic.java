package io.h2scope.conformance.suite.security;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Well-behaved clients beside the attacks (trusting any certificate: the server's is self-signed): each its own {@link H2Client} (its own connection), a paced loop of
 * GET /, POST /echo (4 KiB, compared) and GET /bytes/65536 (length checked), every request timed.
 */
final class NormalTraffic {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration PACE = Duration.ofMillis(20);

    private final String base;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    private final List<Long> latencies = new ArrayList<>();
    private final List<String> someFailures = new ArrayList<>();
    private long requests;
    private long failed;

    NormalTraffic(String base) {
        this.base = base.endsWith("/") ? base : base + "/";
    }

    void start(int clients) {
        for (int i = 0; i < clients; i++) {
            int seed = i;
            Thread t = new Thread(() -> loop(seed), "soak-normal-" + i);
            threads.add(t);
            t.start();
        }
    }

    void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(REQUEST_TIMEOUT.toMillis() * 2);
        }
    }

    private void loop(int seed) {
        Random random = new Random(seed);
        byte[] body = new byte[4096];
        try (H2Client client = H2Client.newBuilder().requestTimeout(REQUEST_TIMEOUT).insecure().build()) {
            for (int n = 0; running.get(); n++) {
                random.nextBytes(body);
                long start = System.nanoTime();
                String failure;
                try {
                    failure = switch (n % 3) {
                        case 0 -> check(client.send(H2Request.newBuilder(base).GET().build(),
                                HttpResponse.BodyHandlers.ofString()), r -> r.body().equals("Hello from h2scope\n"));
                        case 1 -> check(client.send(H2Request.newBuilder(base + "echo")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                                HttpResponse.BodyHandlers.ofByteArray()), r -> Arrays.equals(r.body(), body));
                        default -> check(client.send(H2Request.newBuilder(base + "bytes/65536").GET().build(),
                                HttpResponse.BodyHandlers.ofByteArray()), r -> r.body().length == 65_536);
                    };
                } catch (Exception e) {
                    failure = e.toString();
                }
                record(System.nanoTime() - start, failure);
                Thread.sleep(PACE.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static <T> String check(H2Response<T> r, java.util.function.Predicate<H2Response<T>> right) {
        if (r.status() != 200) {
            return "status " + r.status() + " for " + r.request().uri();
        }
        return right.test(r) ? null : "a wrong body for " + r.request().uri();
    }

    private synchronized void record(long nanos, String failure) {
        requests++;
        if (failure == null) {
            latencies.add(nanos);
            return;
        }
        failed++;
        if (someFailures.size() < 20) {
            someFailures.add(failure);
        }
    }

    synchronized long requests() {
        return requests;
    }

    synchronized long failed() {
        return failed;
    }

    /** The first 20 failures, each in a phrase. */
    synchronized List<String> someFailures() {
        return List.copyOf(someFailures);
    }

    /** The latency below which {@code percent} % of the successful requests finished. */
    synchronized Duration percentile(double percent) {
        if (latencies.isEmpty()) {
            return Duration.ZERO;
        }
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        int index = (int) Math.min(sorted.length - 1, Math.ceil(percent / 100 * sorted.length) - 1);
        return Duration.ofNanos(sorted[Math.max(0, index)]);
    }
}
