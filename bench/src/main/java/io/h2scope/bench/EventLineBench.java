package io.h2scope.bench;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.frame.FrameType;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.LineOctets;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.text.Redaction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One JSONL line of a recording, from event to octets, without the file: the encoder every writer uses
 * ({@link TraceEventJson#write(TraceEvent, LineOctets)}) into a reused {@link LineOctets}, as the trace writer
 * calls it. The events come from a traced in-memory GET (HPACK detail on, as the recording proxy has it): the
 * request's HEADERS frame, a DATA frame of 1,024 octets and a window change; {@link #redactedLine} puts the event
 * through the redaction the environment's sinks sit behind first (nothing to hide in this GET; its DATA left out).
 * Per line ns, and B/op with {@code -prof gc}. Run: {@code java -jar bench/target/benchmarks.jar EventLineBench -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EventLineBench {

    @Param({"headers-frame", "data-frame", "window"})
    public String event;

    private TraceEvent recorded;
    private final LineOctets octets = LineOctets.reused(1024);

    @Setup
    public void setUp() {
        List<TraceEvent> events = tracedGet();
        Predicate<TraceEvent> wanted = switch (event) {
            case "headers-frame" -> e -> e instanceof FrameEvent f && f.header().typeCode() == FrameType.HEADERS.code()
                    && f.hpack() != null;
            case "data-frame" -> e -> e instanceof FrameEvent f && f.header().typeCode() == FrameType.DATA.code()
                    && f.header().length() == 1024;
            case "window" -> e -> e instanceof WindowChanged;
            default -> throw new IllegalArgumentException(event);
        };
        recorded = events.stream().filter(wanted).findFirst()
                .orElseThrow(() -> new IllegalStateException("the traced GET has no " + event + " event"));
    }

    @Benchmark
    public int line() {
        return TraceEventJson.write(recorded, octets.clear()).length();
    }

    /** The sink the environment builds in front of the writer: credentials hidden, DATA not kept (the defaults). */
    private final TraceSink redacting = RedactingSink.wrap(e -> TraceEventJson.write(e, octets.clear()),
            Redaction.DEFAULT, 0);

    /** The same event through {@link #redacting}, then its line: what a recording with the defaults pays per event. */
    @Benchmark
    public int redactedLine() {
        redacting.onEvent(recorded);
        return octets.length();
    }

    private static List<TraceEvent> tracedGet() {
        List<TraceEvent> events = new ArrayList<>();
        TraceSink sink = new TraceSink() {
            @Override
            public void onEvent(TraceEvent e) {
                events.add(e);
            }

            @Override
            public boolean wantsHpackDetail() {
                return true;
            }
        };
        InMemoryExchange exchange = new InMemoryExchange(ConnectionConfig.DEFAULTS.withTraceSink(1, sink),
                ConnectionConfig.DEFAULTS.withTraceSink(2, sink), (fromClient, bytes) -> { });
        exchange.get();
        exchange.pump();
        return events;
    }
}
