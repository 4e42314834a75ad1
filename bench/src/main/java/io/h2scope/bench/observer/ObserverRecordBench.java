package io.h2scope.bench.observer;

import io.h2scope.bench.InMemoryExchange;
import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.text.Redaction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the recording proxy's decoder thread spends on one leg of a connection: the wire bytes of
 * {@code requests} GETs (each answered with a HEADERS and a DATA frame of 1,024 octets, {@code concurrent} at a
 * time, as {@code h2load -m}), made once by the engine's own client and server in memory, fed in their chunks to a
 * fresh {@link Http2Observer} whose events go, through the redaction the proxy's {@code --record} puts in front of it
 * ({@link RedactingSink}: credentials hidden, DATA kept), to a {@link JsonlTraceWriter} on /dev/null, one
 * {@link JsonlTraceWriter#batch} a chunk as the proxy's decoder thread runs them (the lines are built and queued as
 * in a recording; the writer thread's write costs nothing). The score divided by {@code requests} is the
 * decoding and recording cost per request and leg. Run:
 * {@code java -jar bench/target/benchmarks.jar ObserverRecordBench -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ObserverRecordBench {

    @Param("100")
    public int requests;

    @Param("10")
    public int concurrent;

    /** The chunks in the order they crossed: the client's when {@link Chunk#fromClient}. */
    private record Chunk(boolean fromClient, byte[] bytes) {
    }

    private final List<Chunk> wire = new ArrayList<>();
    private JsonlTraceWriter writer;
    /** The writer behind the redaction the proxy's --record puts it (credentials hidden, DATA kept). */
    private TraceSink recorder;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        record();
        writer = new JsonlTraceWriter(Path.of("/dev/null"), Long.MAX_VALUE, new PrintStream(PrintStream.nullOutputStream()));
        recorder = RedactingSink.wrap(writer, Redaction.DEFAULT, TracePrivacy.ALL_DATA);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        writer.close();
    }

    @Benchmark
    public long leg() {
        Http2Observer observer = new Http2Observer(Role.SERVER, 1, recorder, 0);
        long now = 0;
        for (Chunk c : wire) {
            now += 1_000;
            long at = now;
            // one batch a chunk, as the proxy's decoder thread runs each relayed read (ObserverFeed)
            recorder.batch(() -> {
                if (c.fromClient()) {
                    observer.clientBytes(ByteBuffer.wrap(c.bytes()), at);
                } else {
                    observer.serverBytes(ByteBuffer.wrap(c.bytes()), at);
                }
            });
        }
        observer.finish(now, "done");
        return now;
    }

    private void record() {
        InMemoryExchange exchange = new InMemoryExchange(ConnectionConfig.DEFAULTS, ConnectionConfig.DEFAULTS,
                (fromClient, bytes) -> {
                    byte[] copy = new byte[bytes.remaining()];
                    bytes.get(copy);
                    wire.add(new Chunk(fromClient, copy));
                });
        for (int sent = 0; sent < requests; sent += concurrent) {
            for (int i = sent; i < Math.min(requests, sent + concurrent); i++) {
                exchange.get();
            }
            exchange.pump();
        }
    }
}
