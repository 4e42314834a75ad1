package io.h2scope.bench;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.engine.trace.log.LogbackSetup;
import io.h2scope.engine.trace.log.Slf4jCategoryLog;
import io.h2scope.engine.trace.log.TextTraceSink;
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

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What tracing costs: a client and a server connection in memory doing one GET with a 1 KiB response per
 * operation (HEADERS, HEADERS, DATA, and the WINDOW_UPDATEs that follow), with
 * <ul>
 *   <li>{@code off}: {@link TraceSink#NONE}, what a connection has when no variable is set;</li>
 *   <li>{@code frames-debug-file}: {@code H2SCOPE_LOG=frames=debug}, each line formatted and appended to a
 *       file (a buffered writer, as a logging file appender would);</li>
 *   <li>{@code jsonl-file}: {@code H2SCOPE_TRACE_FILE}, each frame as one JSON line;</li>
 *   <li>{@code frames-debug-logback}: {@code H2SCOPE_LOG=frames=debug} as a process gets it: the SLF4J log
 *       ({@link Slf4jCategoryLog}) over logback as {@link LogbackSetup} configures it, its lines to standard error
 *       (here a file), each exchange one run of lines as a connection's read is ({@link TraceSink#batch}). Logback is
 *       not in the JMH jar (it would log the peers' debug lines in the other benchmarks): put it on the class path,
 *       {@code java -cp bench/target/benchmarks.jar:LOGBACK_CLASSIC_JAR:LOGBACK_CORE_JAR org.openjdk.jmh.Main
 *       TracingBench -p tracing=frames-debug-logback}.</li>
 * </ul>
 * Run: {@code java -jar bench/target/benchmarks.jar TracingBench -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TracingBench {

    private static final List<HeaderField> REQUEST = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "https"), new HeaderField(":authority", "example.com"),
            new HeaderField(":path", "/index.html"), new HeaderField("user-agent", "h2scope-bench"));
    private static final List<HeaderField> RESPONSE = List.of(new HeaderField(":status", "200"),
            new HeaderField("content-type", "text/plain"));
    private static final byte[] BODY = new byte[1024];

    @Param({"off", "frames-debug-file", "jsonl-file"})
    public String tracing;

    private Http2Connection client;
    private Http2Connection server;
    private final ByteBuffer wire = ByteBuffer.allocate(1 << 16);
    private long now;
    private Path file;
    private AutoCloseable closeable;
    private int responses;
    /** The sink whose batch each exchange runs in; null: none. */
    private TraceSink batchSink;
    private PrintStream standardError;
    private final Runnable exchange = () -> {
        client.openStream(REQUEST, true);
        pump();
    };

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        TraceSink sink = switch (tracing) {
            case "off" -> TraceSink.NONE;
            case "frames-debug-file" -> textSink();
            case "jsonl-file" -> jsonlSink();
            case "frames-debug-logback" -> logbackSink();
            default -> throw new IllegalArgumentException(tracing);
        };
        client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS.withTraceSink(1, sink), event -> {
            if (event instanceof Event.DataReceived d) {
                client.consumed(d.streamId(), d.data().length);
                if (d.endStream()) {
                    responses++;
                }
            }
        }, now);
        server = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(2, sink), event -> {
            if (event instanceof Event.HeadersReceived h && h.endStream()) {
                server.sendHeaders(h.streamId(), RESPONSE, false);
                server.sendData(h.streamId(), ByteBuffer.wrap(BODY), true);
            } else if (event instanceof Event.DataReceived d) {
                server.consumed(d.streamId(), d.data().length);
            }
        }, now);
        pump();
    }

    private TraceSink textSink() throws IOException {
        file = Files.createTempFile("h2scope-bench", ".log");
        BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        closeable = writer;
        TraceConfig config = TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=debug"));
        return new TextTraceSink(new CategoryLog() {
            @Override
            public boolean isEnabled(TraceCategory category, TraceLevel level) {
                return config.level(category).shows(level);
            }

            @Override
            public void log(TraceCategory category, TraceLevel level, String message) {
                try {
                    writer.write(message);
                    writer.write('\n');
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
    }

    private TraceSink logbackSink() throws IOException {
        file = Files.createTempFile("h2scope-bench", ".log");
        standardError = System.err;
        PrintStream lines = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
        closeable = lines;
        System.setErr(lines);
        if (!LogbackSetup.configure(TraceConfig.fromEnvironment(Map.of("H2SCOPE_LOG", "frames=debug")))) {
            throw new IllegalStateException("tracing=frames-debug-logback needs logback-classic and logback-core on the"
                    + " class path and no logback.xml: run java -cp bench/target/benchmarks.jar:LOGBACK_CLASSIC_JAR:"
                    + "LOGBACK_CORE_JAR org.openjdk.jmh.Main TracingBench");
        }
        batchSink = new TextTraceSink(new Slf4jCategoryLog());
        return batchSink;
    }

    private TraceSink jsonlSink() throws IOException {
        file = Files.createTempFile("h2scope-bench", ".jsonl");
        JsonlTraceWriter writer = new JsonlTraceWriter(file, 1L << 30, System.err);
        closeable = writer;
        return writer;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (standardError != null) {
            System.setErr(standardError);
        }
        if (closeable != null) {
            closeable.close();
        }
        if (file != null) {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".1"));
        }
    }

    @Benchmark
    public int requestResponse() {
        if (batchSink != null) {
            batchSink.batch(exchange);
        } else {
            client.openStream(REQUEST, true);
            pump();
        }
        return responses;
    }

    private void pump() {
        while (client.hasOutput() || server.hasOutput()) {
            move(client, server);
            move(server, client);
        }
    }

    private void move(Http2Connection from, Http2Connection to) {
        wire.clear();
        from.drainOutput(wire);
        wire.flip();
        if (wire.hasRemaining()) {
            now += 1_000;
            to.receive(wire, now);
        }
    }
}
