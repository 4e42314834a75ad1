package io.h2scope.inspector;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.transport.ConnectionDriver;
import io.h2scope.engine.transport.DriverConfig;
import io.h2scope.engine.transport.InMemoryTransport;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A recording of two server connections of the engine that overlap in time, on a virtual clock so every time is
 * known: connection 1 opens at {@link #START} and answers a GET, connection 2 opens {@link #SECOND_OPENS_NANOS}
 * later and answers a GET, then connection 1 answers a second GET {@link #THIRD_REQUEST_NANOS} after the start.
 * Each runs through the engine's transport driver over an in-memory pipe, which reads the (virtual) wall clock
 * when the connection opens; each connection counts its own time from its own start, as a recording does.
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
            Pair first = new Pair(1, writer, START);
            first.get();
            Pair second = new Pair(2, writer, START.plusNanos(SECOND_OPENS_NANOS));
            second.get();
            first.pipe.advance(THIRD_REQUEST_NANOS - first.pipe.nowNanos(), TimeUnit.NANOSECONDS);
            first.get();
        }
        return file;
    }

    /** A client driver and a traced server driver of the engine over one pipe whose clock starts at {@code opens}. */
    private static final class Pair {
        private InMemoryTransport pipe;
        private ConnectionDriver client;

        Pair(long id, TraceSink sink, Instant opens) {
            ConnectionDriver clientDriver = new ConnectionDriver(Role.CLIENT, ConnectionConfig.DEFAULTS,
                    DriverConfig.DEFAULTS, new App(null), () -> pipe.nowNanos(), Duration.ZERO);
            ConnectionDriver server = new ConnectionDriver(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(id, sink),
                    DriverConfig.DEFAULTS, new App(List.of(new HeaderField(":status", "200"))), () -> pipe.nowNanos(),
                    Duration.ZERO);
            server.wallClock(new PipeClock(this, opens));
            pipe = InMemoryTransport.pair(clientDriver, server);
            pipe.open();
            client = clientDriver;
        }

        /** A GET, answered, each octet crossing at once. */
        void get() {
            client.execute(() -> client.connection().openStream(GET, true));
            pipe.runUntilIdle();
        }
    }

    /** An application that answers each request with {@code response} (null: none). */
    private static final class App implements ConnectionDriver.Application {
        private final List<HeaderField> response;
        private ConnectionDriver driver;

        App(List<HeaderField> response) {
            this.response = response;
        }

        @Override
        public void onStart(ConnectionDriver d) {
            driver = d;
        }

        @Override
        public void onEvent(Event event) {
            if (response != null && event instanceof Event.HeadersReceived h) {
                driver.connection().sendHeaders(h.streamId(), response, true);
            }
        }
    }

    /** The wall clock of a pipe: {@code opens} plus the pipe's virtual time. */
    private static final class PipeClock extends Clock {
        private final Pair pair;
        private final Instant opens;

        PipeClock(Pair pair, Instant opens) {
            this.pair = pair;
            this.opens = opens;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("UTC only");
        }

        @Override
        public Instant instant() {
            return opens.plusNanos(pair.pipe.nowNanos());
        }
    }
}
