package io.h2scope.bench.client;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Bytes allocated per request by all threads of this JVM, for one client library, without JMH: a quick
 * before/after check of an allocation change that a loaded machine does not disturb (times it prints are
 * only indicative). Three rounds of {@code n} requests after one of warm-up; totals from
 * {@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes} over every live thread.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar io.h2scope.bench.client.ClientAllocation h2scope seq 12800 http://127.0.0.1:PORT/100.txt}
 * ({@code seq}: one at a time; {@code mux64}: batches of 64 in flight)
 */
public final class ClientAllocation {

    private ClientAllocation() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4 || !args[1].equals("seq") && !args[1].equals("mux64")) {
            System.err.println("usage: ClientAllocation LIB seq|mux64 REQUESTS URL   (LIB: " + ClientAdapter.LIBS + ")");
            System.exit(2);
        }
        String lib = args[0];
        boolean multiplexed = args[1].equals("mux64");
        int n = Integer.parseInt(args[2]);
        try (ClientAdapter client = ClientAdapter.open(lib, ClientBench.serverUrl(args[3]))) {
            run(client, multiplexed, n); // warm-up: JIT, connection, pools
            for (int round = 1; round <= 3; round++) {
                long t0 = System.nanoTime();
                long b0 = allocatedByAllThreads();
                int done = run(client, multiplexed, n);
                long bytes = allocatedByAllThreads() - b0;
                long nanos = System.nanoTime() - t0;
                System.out.printf("%s %s round %d: %,d B/request, %.1f us/request (%,d requests)%n", lib, args[1], round,
                        bytes / done, nanos / 1e3 / done, done);
            }
        }
    }

    private static int run(ClientAdapter client, boolean multiplexed, int n) throws Exception {
        if (!multiplexed) {
            for (int i = 0; i < n; i++) {
                client.get();
            }
            return n;
        }
        @SuppressWarnings("unchecked")
        CompletableFuture<Reply>[] batch = new CompletableFuture[ClientAdapter.MULTIPLEXED];
        int batches = Math.max(1, n / batch.length);
        for (int b = 0; b < batches; b++) {
            for (int i = 0; i < batch.length; i++) {
                batch[i] = client.getAsync();
            }
            for (CompletableFuture<Reply> f : batch) {
                f.get(30, TimeUnit.SECONDS);
            }
        }
        return batches * batch.length;
    }

    /** Threads that ended in between are not counted (the clients' pools keep theirs alive through a run). */
    private static long allocatedByAllThreads() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long b : mx.getThreadAllocatedBytes(mx.getAllThreadIds())) {
            sum += Math.max(0, b);
        }
        return sum;
    }
}
