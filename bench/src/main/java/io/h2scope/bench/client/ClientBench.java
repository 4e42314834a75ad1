package io.h2scope.bench.client;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * HTTP/2 clients side by side against one real server (h2o from {@code bench/tools/client-compare.sh}),
 * each library ({@code lib}) over one h2c connection, GET of one small fixed body.
 *
 * <ul>
 *   <li>sequentialGet: one request at a time, the next sent when the previous body has arrived
 *       (SampleTime: p50 and p99 of the request latency).</li>
 *   <li>multiplexed64: one operation is a batch of {@value ClientAdapter#MULTIPLEXED} requests sent at once
 *       on the one connection and all awaited; the score is requests per second (the batch counts as 64
 *       operations), so it includes the tail of each batch, where fewer than 64 are in flight.</li>
 * </ul>
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes allocated per request by all threads of the
 * JVM, the libraries' I/O and callback threads included.
 *
 * <p>The server URL is the parameter {@code url} ({@code -p url=http://127.0.0.1:PORT/100.txt}) or the
 * system property {@value #URL_PROPERTY}; without either the benchmark refuses to start.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 3)
@Threads(1)
public class ClientBench {

    public static final String URL_PROPERTY = "h2scope.bench.url";

    @State(Scope.Benchmark)
    public static class Client {
        @Param({"h2scope", "h2scope-dropin", "jdk", "okhttp", "netty", "jetty", "floor"})
        public String lib;

        /** The server's URL; empty: the system property {@value #URL_PROPERTY}. */
        @Param({""})
        public String url;

        ClientAdapter adapter;

        @Setup(Level.Trial)
        public void open() throws Exception {
            adapter = ClientAdapter.open(lib, serverUrl(url));
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            adapter.close();
        }
    }

    /** The URL to measure against, or a clear refusal when none was given. */
    static URI serverUrl(String param) {
        String u = param != null && !param.isBlank() ? param : System.getProperty(URL_PROPERTY, "");
        if (u.isBlank()) {
            throw new IllegalStateException("ClientBench needs a running HTTP/2 server: give its h2c URL with "
                    + "-p url=http://127.0.0.1:PORT/PATH (or -D" + URL_PROPERTY + "=...); "
                    + "bench/tools/client-compare.sh starts h2o and passes it");
        }
        return URI.create(u);
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Reply sequentialGet(Client c) throws Exception {
        return c.adapter.get();
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(ClientAdapter.MULTIPLEXED)
    public int multiplexed64(Client c) throws Exception {
        @SuppressWarnings("unchecked")
        CompletableFuture<Reply>[] batch = new CompletableFuture[ClientAdapter.MULTIPLEXED];
        for (int i = 0; i < batch.length; i++) {
            batch[i] = c.adapter.getAsync();
        }
        int bytes = 0;
        for (CompletableFuture<Reply> f : batch) {
            bytes += f.get(30, TimeUnit.SECONDS).bodyLength();
        }
        return bytes;
    }
}
