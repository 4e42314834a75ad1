package io.h2scope.engine.trace.log;

import io.h2scope.engine.frame.DataFrame;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.WindowUpdateFrame;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.text.FrameLineMaker;
import io.h2scope.engine.trace.text.Redaction;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The built-in appender's part of {@code frames=debug} alone: a server's frame lines of a request (HEADERS in,
 * HEADERS and DATA out, a connection WINDOW_UPDATE in every 16; stream ids and windows moving as in a run) made by a
 * {@link FrameLineMaker} and written by {@link PatternLines} into standard error's held buffer, written out per
 * request to a stream that drops them. In this package because PatternLines is package-private (one class path in
 * the shaded jar); no logback needed. Run: {@code java -jar bench/target/benchmarks.jar FrameLineWriteBench -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FrameLineWriteBench {

    private static final List<HeaderField> REQUEST = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "127.0.0.1:8080"),
            new HeaderField(":path", "/"), new HeaderField("user-agent", "h2load nghttp2/1.64.0"));
    private static final List<HeaderField> RESPONSE = List.of(new HeaderField(":status", "200"),
            new HeaderField("content-type", "text/plain"), new HeaderField("content-length", "1024"));
    private static final byte[] NO_DATA = new byte[0];

    private static final PrintStream DROPPED = new PrintStream(OutputStream.nullOutputStream());

    private final HeldStandardError held = new HeldStandardError(() -> DROPPED);
    private final PatternLines lines = new PatternLines(held);
    private final FrameLineMaker maker = new FrameLineMaker();
    private final Runnable request = this::request;
    private int stream = 1;
    private int connectionSend = 1 << 30;
    private int connectionReceive = 1 << 20;

    @Benchmark
    public int requestLines() {
        held.hold(request);
        return stream;
    }

    private void request() {
        int id = stream;
        stream = stream >= 2_000_000_000 ? 1 : stream + 2;
        HeadersFrame in = HeadersFrame.of(id, new byte[30], true, true);
        line(new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(in), in, REQUEST, connectionSend,
                connectionReceive, 65535, 65535, StreamState.HALF_CLOSED_REMOTE));
        HeadersFrame out = HeadersFrame.of(id, new byte[12], false, true);
        line(new FrameEvent(1, 0, Direction.OUTBOUND, FrameHeader.of(out), out, RESPONSE, connectionSend,
                connectionReceive, 65535, 65535, StreamState.HALF_CLOSED_REMOTE));
        connectionSend -= 1024;
        DataFrame data = new DataFrame(id, 0x1, NO_DATA, -1);
        line(new FrameEvent(1, 0, Direction.OUTBOUND, new FrameHeader(1024, 0, 0x1, id, false), data, List.of(),
                connectionSend, connectionReceive, 64511, 65535, StreamState.CLOSED));
        if (id % 32 == 31) { // a client's connection WINDOW_UPDATE every 16 responses
            connectionSend += 16 * 1024;
            Frame update = WindowUpdateFrame.of(0, 16 * 1024);
            line(new FrameEvent(1, 0, Direction.INBOUND, FrameHeader.of(update), update, List.of(), connectionSend,
                    connectionReceive, -1, -1, null));
        }
    }

    private void line(FrameEvent e) {
        CharSequence text = maker.line(e, Redaction.DEFAULT, false, "");
        lines.write(1_764_957_802_549L, TraceLevel.DEBUG, "h2scope.frames", text);
    }
}
