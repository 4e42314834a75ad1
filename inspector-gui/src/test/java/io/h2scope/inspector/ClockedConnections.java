package io.h2scope.inspector;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.model.ConnectionOrigin;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A recording of two server connections of the engine that overlap in time, on a virtual clock so every time is
 * known: connection 1 opens at {@link #START} and answers a GET, connection 2 opens {@link #SECOND_OPENS_NANOS}
 * later and answers a GET, then connection 1 answers a second GET {@link #THIRD_REQUEST_NANOS} after the start. Each
 * connection counts its own time from its own start, as a recording does; their openings carry the wall clock.
 */
public final class ClockedConnections {

    public static final Instant START = Instant.parse("2025-06-01T14:03:00Z");
    public static final long SECOND_OPENS_NANOS = 1_500_000_000L;
    public static final long THIRD_REQUEST_NANOS = 3_000_000_000L;

    private static final List<HeaderField> GET = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "example.com"),
            new HeaderField(":path", "/"));

    private ClockedConnections() {
    }

    /** Writes the server's side of both connections to {@code file}. */
    public static Path record(Path file) throws IOException {
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, 1 << 24, System.err)) {
            Pair first = new Pair(1, writer, 0);
            first.get(0);
            Pair second = new Pair(2, writer, SECOND_OPENS_NANOS);
            second.get(SECOND_OPENS_NANOS);
            first.get(THIRD_REQUEST_NANOS);
        }
        return file;
    }

    /** A client of the engine and the engine's server in memory; only the server is recorded. */
    private static final class Pair {
        private final Http2Connection client;
        private final Http2Connection[] server = new Http2Connection[1];

        Pair(long id, TraceSink sink, long opensAt) {
            client = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS, event -> { }, opensAt);
            ConnectionOrigin origin = new ConnectionOrigin("127.0.0.1:8080", "127.0.0.1:5000" + id, ConnectionOrigin.H2C,
                    null, null, null, null, START.plusNanos(opensAt));
            server[0] = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(id, sink), event -> {
                if (event instanceof Event.HeadersReceived h) {
                    server[0].sendHeaders(h.streamId(), List.of(new HeaderField(":status", "200")), true);
                }
            }, opensAt, origin);
        }

        /** A GET at {@code nanos} (virtual), answered; the bytes cross in 100 µs turns. */
        void get(long nanos) {
            client.openStream(GET, true);
            long now = nanos;
            for (int turn = 0; client.hasOutput() || server[0].hasOutput(); turn++) {
                if (turn > 100) {
                    throw new AssertionError("the connections do not settle");
                }
                now += 100_000;
                move(client, server[0], now);
                move(server[0], client, now);
            }
        }

        private static void move(Http2Connection from, Http2Connection to, long now) {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            from.drainOutput(buffer);
            buffer.flip();
            if (buffer.hasRemaining()) {
                to.receive(buffer, now);
            }
        }
    }
}
