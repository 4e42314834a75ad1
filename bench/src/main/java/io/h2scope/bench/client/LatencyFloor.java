package io.h2scope.bench.client;

import java.net.URI;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The least an HTTP/2 client can do per request ({@link FloorAdapter}, also {@code ClientBench}'s {@code lib=floor}),
 * timed without JMH. What it measures is the machine and the server.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.h2scope.bench.client.LatencyFloor http://127.0.0.1:PORT/100.txt 100000 [BATCH]
 * </pre>
 * With BATCH &gt; 1, each round trip writes BATCH requests at once and waits for all their responses, like
 * {@code ClientBench.multiplexed64}. Prints requests per second and the p50/p99 of the second half of the
 * round trips (the first half warms up the JIT and the server).
 */
public final class LatencyFloor {

    private LatencyFloor() {
    }

    /** What one run measured. */
    public record Result(int roundTrips, int batch, int responses, double requestsPerSecond, double p50Micros,
            double p99Micros) {
        @Override
        public String toString() {
            return String.format("%.0f req/s; round trip p50 %.1f us, p99 %.1f us (the last %d of %d, %d request(s) each)",
                    requestsPerSecond, p50Micros, p99Micros, roundTrips - roundTrips / 2, roundTrips, batch);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: LatencyFloor http://HOST:PORT/PATH ROUND_TRIPS [BATCH]   (h2c by prior knowledge)");
            System.exit(2);
        }
        System.out.println(run(URI.create(args[0]), Integer.parseInt(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 1));
    }

    /** Runs {@code roundTrips} round trips of {@code batch} GETs each on one h2c connection to {@code url}. */
    public static Result run(URI url, int roundTrips, int batch) throws Exception {
        if (!"http".equals(url.getScheme()) || url.getPort() < 0 || roundTrips < 2 || batch < 1 || batch > 1000) {
            throw new IllegalArgumentException("need an http://host:port/ URL, at least 2 round trips, a batch of 1..1000");
        }
        long[] nanos = new long[roundTrips];
        int responses = 0;
        try (FloorAdapter floor = new FloorAdapter(url)) {
            @SuppressWarnings("unchecked")
            CompletableFuture<Reply>[] sent = new CompletableFuture[batch];
            for (int i = 0; i < roundTrips; i++) {
                long start = System.nanoTime();
                if (batch == 1) {
                    floor.get();
                } else {
                    for (int b = 0; b < batch; b++) {
                        sent[b] = floor.getAsync(); // buffered: the first wait sends them in one write
                    }
                    for (CompletableFuture<Reply> f : sent) {
                        f.get(30, TimeUnit.SECONDS);
                    }
                }
                nanos[i] = System.nanoTime() - start;
                responses += batch;
            }
        }
        long total = 0;
        for (long n : nanos) {
            total += n;
        }
        long[] measured = Arrays.copyOfRange(nanos, roundTrips / 2, roundTrips);
        Arrays.sort(measured);
        return new Result(roundTrips, batch, responses, (double) roundTrips * batch / (total / 1e9),
                measured[measured.length / 2] / 1e3, measured[(int) (measured.length * 0.99)] / 1e3);
    }
}
