package io.h2scope.bench.server;

import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.stream.Role;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The server core alone, per request: one h2load-like GET (HEADERS with END_STREAM, fields as h2load
 * sends them after its first request) parsed, validated and answered with the load comparison's
 * response (HEADERS + 19-byte DATA), the output drained into a reused buffer. No client core: the
 * request bytes are built once and only the stream id changes, so allocations ({@code -prof gc},
 * B/op) are the server's own.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar ServerCoreBench -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ServerCoreBench {

    private static final List<HeaderField> RESPONSE = List.of(new HeaderField(":status", "200"),
            new HeaderField("content-type", BenchBody.CONTENT_TYPE),
            new HeaderField("content-length", Integer.toString(BenchBody.BYTES.length)));
    private static final int CREDIT_EVERY = 4096;

    private Http2Connection server;
    private final ByteBuffer in = ByteBuffer.allocate(256);
    private final ByteBuffer out = ByteBuffer.allocateDirect(64 * 1024);
    private byte[] request;
    private int streamId = 1;
    private long now;
    private int answered;

    @Setup(Level.Trial)
    public void setUp() {
        server = new Http2Connection(Role.SERVER, H2Server.Builder.DEFAULT_CONNECTION, event -> {
            if (event instanceof Event.HeadersReceived h && h.endStream()) {
                server.sendHeaders(h.streamId(), RESPONSE, false);
                server.sendData(h.streamId(), ByteBuffer.wrap(BenchBody.BYTES), true);
                answered++;
            }
        }, now);
        request = headersBlock();
        ByteBuffer start = ByteBuffer.allocate(128);
        start.put(Preface.bytes());
        frameHeader(start, 0, 0x4, 0, 0); // SETTINGS, all defaults
        frameHeader(start, 0, 0x4, 0x1, 0); // ACK of the server's SETTINGS
        windowUpdate(start, 1 << 30);
        start.flip();
        server.receive(start, now);
        drain();
    }

    @Benchmark
    public int request() {
        in.clear();
        frameHeader(in, request.length, 0x1, 0x5, streamId); // HEADERS, END_STREAM | END_HEADERS
        in.put(request);
        streamId += 2;
        if ((streamId >> 1) % CREDIT_EVERY == 0) {
            windowUpdate(in, CREDIT_EVERY * BenchBody.BYTES.length);
        }
        in.flip();
        server.receive(in, ++now);
        drain();
        return answered;
    }

    private void drain() {
        while (server.hasOutput()) {
            out.clear();
            server.drainOutput(out);
        }
    }

    /** :method GET, :scheme http, :path / indexed; :authority and user-agent literal, as h2load sends them. */
    private static byte[] headersBlock() {
        ByteBuffer b = ByteBuffer.allocate(128);
        b.put((byte) 0x82).put((byte) 0x86).put((byte) 0x84);
        literal(b, 0x01, "127.0.0.1:29880"); // :authority, static index 1
        b.put((byte) 0x0f);
        literal(b, 58 - 15, "h2load nghttp2/1.52.0"); // user-agent, static index 58 (4-bit prefix + 43)
        b.flip();
        byte[] block = new byte[b.remaining()];
        b.get(block);
        return block;
    }

    private static void literal(ByteBuffer b, int nameIndexByte, String value) {
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        b.put((byte) nameIndexByte).put((byte) v.length).put(v);
    }

    private static void frameHeader(ByteBuffer b, int length, int type, int flags, int stream) {
        b.put((byte) (length >>> 16)).put((byte) (length >>> 8)).put((byte) length);
        b.put((byte) type).put((byte) flags).putInt(stream);
    }

    private static void windowUpdate(ByteBuffer b, int increment) {
        frameHeader(b, 4, 0x8, 0, 0);
        b.putInt(increment);
    }
}
