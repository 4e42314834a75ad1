package io.h2scope.engine.transport;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.ConnectionState;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameReader;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.FrameHandler;
import io.h2scope.engine.frame.FrameHeader;
import io.h2scope.engine.frame.check.Violation;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The driver between a transport and the core, over the in-memory pipe with its virtual clock. */
class ConnectionDriverTest {

    private static final List<HeaderField> GET = List.of(new HeaderField(":method", "GET"),
            new HeaderField(":scheme", "http"), new HeaderField(":authority", "x"), new HeaderField(":path", "/"));
    private static final List<HeaderField> OK = List.of(new HeaderField(":status", "200"));

    private InMemoryTransport pipe;

    /** An application that records events and runs a reaction for each. */
    static final class App implements ConnectionDriver.Application {
        final List<Event> events = new ArrayList<>();
        Consumer<Event> reaction = e -> { };
        ConnectionDriver driver;
        int flushes;
        Throwable closedWith;
        boolean closed;

        @Override
        public void onStart(ConnectionDriver d) {
            driver = d;
        }

        @Override
        public void onEvent(Event event) {
            events.add(event);
            reaction.accept(event);
        }

        @Override
        public void afterFlush() {
            flushes++;
        }

        @Override
        public void onClosed(Throwable cause) {
            closed = true;
            closedWith = cause;
        }

        <T extends Event> List<T> all(Class<T> type) {
            return events.stream().filter(type::isInstance).map(type::cast).toList();
        }
    }

    private ConnectionDriver driver(Role role, DriverConfig config, App app) {
        return new ConnectionDriver(role, ConnectionConfig.DEFAULTS, config, app, () -> pipe.nowNanos(), Duration.ZERO);
    }

    private void open(ConnectionHandler client, ConnectionHandler server) {
        pipe = InMemoryTransport.pair(client, server);
        pipe.open();
    }

    @Test
    void requestAndResponseFlowThroughTheDrivers() {
        App client = new App();
        App server = new App();
        server.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                server.driver.connection().sendHeaders(h.streamId(), OK, false);
                server.driver.connection().sendData(h.streamId(), ByteBuffer.wrap("hello".getBytes()), true);
            }
        };
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client), driver(Role.SERVER, DriverConfig.DEFAULTS, server));
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.runUntilIdle();
        assertEquals("hello", new String(client.all(Event.DataReceived.class).get(0).data()));
        assertTrue(client.all(Event.DataReceived.class).get(0).endStream());
    }

    @Test
    void aResponseWrittenLaterIsTracedAtItsOwnTimeNotTheRequests() {
        App client = new App();
        App server = new App();
        List<FrameEvent> sent = new ArrayList<>();
        TraceSink frames = TraceSink.frames(f -> {
            if (f.direction() == Direction.OUTBOUND) {
                sent.add(f);
            }
        });
        int[] stream = {0};
        server.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                stream[0] = h.streamId(); // answered later, from a task, as an application with work to do would
            }
        };
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client), new ConnectionDriver(Role.SERVER,
                ConnectionConfig.DEFAULTS.withTraceSink(2, frames), DriverConfig.DEFAULTS, server,
                () -> pipe.nowNanos(), Duration.ZERO));
        long serverStart = pipe.nowNanos();
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.runUntilIdle();
        pipe.advance(400, TimeUnit.MILLISECONDS); // less than a tick: the core was handed no time since the request
        long answeredAt = pipe.nowNanos();
        server.driver.execute(() -> server.driver.connection().sendHeaders(stream[0], OK, true));
        pipe.runUntilIdle();
        FrameEvent response = sent.stream().filter(f -> f.streamId() == stream[0]).findFirst().orElseThrow();
        assertEquals(answeredAt - serverStart, response.nanosSinceStart(), "the HEADERS carry the time they were sent");
    }

    @Test
    void silentClientIsClosedAfterThePrefaceTimeout() {
        App server = new App();
        RecordingHandler silent = new RecordingHandler();
        open(silent, driver(Role.SERVER, DriverConfig.DEFAULTS.withPrefaceTimeout(Duration.ofSeconds(2)), server));
        pipe.advance(1, TimeUnit.SECONDS);
        assertFalse(server.closed);
        pipe.advance(2, TimeUnit.SECONDS);
        assertTrue(server.closed);
        GoAwayFrame goAway = last(frames(silent.bytes()), GoAwayFrame.class);
        assertEquals("NO_ERROR", goAway.errorName());
    }

    @Test
    void idleConnectionGetsGoAwayAndCloses() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client),
                driver(Role.SERVER, DriverConfig.DEFAULTS.withIdleTimeout(Duration.ofSeconds(5)), server));
        pipe.advance(4, TimeUnit.SECONDS);
        assertFalse(server.closed);
        pipe.advance(2, TimeUnit.SECONDS);
        assertTrue(server.closed);
        Event.GoAwayReceived g = client.all(Event.GoAwayReceived.class).get(0);
        assertEquals("NO_ERROR", g.errorName());
    }

    @Test
    void aConnectionWithoutAStreamIsClosedAtTheFirstStreamTimeoutPingsOrNot() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS.withPingInterval(Duration.ofMillis(500)), client),
                driver(Role.SERVER, DriverConfig.DEFAULTS.withFirstStreamTimeout(Duration.ofSeconds(5)), server));
        pipe.advance(4, TimeUnit.SECONDS);
        assertFalse(server.closed);
        pipe.advance(2, TimeUnit.SECONDS);
        assertTrue(server.closed, "the client's PINGs kept a connection without streams");
        Event.GoAwayReceived g = client.all(Event.GoAwayReceived.class).get(0);
        assertEquals("NO_ERROR", g.errorName());
    }

    @Test
    void aConnectionThatServedAStreamKeepsTheLongIdleTimeout() {
        App client = new App();
        App server = new App();
        server.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                server.driver.connection().sendHeaders(h.streamId(), OK, true);
            }
        };
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client), driver(Role.SERVER, DriverConfig.DEFAULTS
                .withFirstStreamTimeout(Duration.ofSeconds(5)).withIdleTimeout(Duration.ofSeconds(60)), server));
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.advance(30, TimeUnit.SECONDS);
        assertFalse(server.closed, "closed at the first-stream timeout after it had served a request");
        pipe.advance(31, TimeUnit.SECONDS);
        assertTrue(server.closed, "the idle timeout still applies");
    }

    @Test
    void liveStreamKeepsAnIdleTimerFromFiring() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client),
                driver(Role.SERVER, DriverConfig.DEFAULTS.withIdleTimeout(Duration.ofSeconds(5)), server));
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.advance(20, TimeUnit.SECONDS); // the server never answers: the stream stays live
        assertFalse(server.closed);
    }

    @Test
    void pingIsSentAfterQuietIntervalAndAnswered() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client),
                driver(Role.SERVER, DriverConfig.DEFAULTS.withPingInterval(Duration.ofSeconds(1)), server));
        pipe.advance(5, TimeUnit.SECONDS);
        assertFalse(server.all(Event.PingAcked.class).isEmpty());
        assertFalse(server.closed);
    }

    @Test
    void peerThatNeverAnswersPingIsDropped() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client),
                driver(Role.SERVER, DriverConfig.DEFAULTS.withPingInterval(Duration.ofSeconds(1)), server));
        pipe.client().setReading(false);
        pipe.advance(5, TimeUnit.SECONDS);
        assertTrue(server.closed);
    }

    @Test
    void settingsTimeoutIsTickedIn_rfc9113_6_5_3() {
        App server = new App();
        RecordingHandler rawClient = new RecordingHandler() {
            @Override
            public void onOpen(ConnectionContext context) {
                super.onOpen(context);
                context.write(ByteBuffer.wrap(Preface.bytes()));
                context.write(ByteBuffer.wrap(FrameWriter.encode(SettingsFrame.of(List.of())))); // never ACKs ours
                context.flush();
            }
        };
        open(rawClient, driver(Role.SERVER, DriverConfig.DEFAULTS, server));
        pipe.advance(11, TimeUnit.SECONDS);
        assertTrue(server.closed);
        assertEquals("SETTINGS_TIMEOUT", last(frames(rawClient.bytes()), GoAwayFrame.class).errorName());
    }

    @Test
    void backPressureKeepsTransportOutputBoundedThenDelivers() {
        int body = 4 * 1024 * 1024;
        App client = new App();
        App server = new App();
        long[] maxPending = new long[1];
        server.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                server.driver.connection().sendHeaders(h.streamId(), OK, false);
                server.driver.connection().sendData(h.streamId(), ByteBuffer.allocate(body), true);
            }
        };
        DriverConfig small = DriverConfig.DEFAULTS.withMaxPendingWriteBytes(32 * 1024);
        ConnectionConfig wide = ConnectionConfig.DEFAULTS.withWindows(16 * 1024 * 1024, 16 * 1024 * 1024);
        ConnectionDriver c = new ConnectionDriver(Role.CLIENT, wide, DriverConfig.DEFAULTS, client, () -> pipe.nowNanos(),
                Duration.ZERO);
        ConnectionDriver s = new ConnectionDriver(Role.SERVER, ConnectionConfig.DEFAULTS, small, new ConnectionDriver.Application() {
            @Override
            public void onStart(ConnectionDriver d) {
                server.onStart(d);
            }

            @Override
            public void onEvent(Event event) {
                server.onEvent(event);
            }

            @Override
            public void afterFlush() {
                maxPending[0] = Math.max(maxPending[0], server.driver.context().pendingWriteBytes());
            }
        }, () -> pipe.nowNanos(), Duration.ZERO);
        open(c, s);
        pipe.client().setReading(false);
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.runUntilIdle(); // the request reached the server; its answer piles up in front of a client that reads nothing
        long heldWhileStuck = server.driver.context().pendingWriteBytes();
        assertTrue(heldWhileStuck > 0 && heldWhileStuck <= 32 * 1024 + 64 * 1024, "transport held " + heldWhileStuck);
        assertTrue(server.driver.connection().queuedDataBytes(1) > 0, "the rest waits in the core");
        pipe.client().setReading(true);
        pipe.runUntilIdle();
        long received = client.all(Event.DataReceived.class).stream().mapToLong(d -> d.data().length).sum();
        assertEquals(body, received);
        assertTrue(maxPending[0] <= 32 * 1024 + 64 * 1024, "transport held " + maxPending[0]);
    }

    @Test
    void applicationExceptionResetsOnlyThatStream() {
        App client = new App();
        App server = new App();
        server.reaction = e -> {
            if (e instanceof Event.HeadersReceived h) {
                if (h.streamId() == 1) {
                    throw new IllegalStateException("boom");
                }
                server.driver.connection().sendHeaders(h.streamId(), OK, true);
            }
        };
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client), driver(Role.SERVER, DriverConfig.DEFAULTS, server));
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.runUntilIdle();
        Event.StreamReset reset = client.all(Event.StreamReset.class).get(0);
        assertEquals(1, reset.streamId());
        assertEquals("INTERNAL_ERROR", reset.errorName());
        client.driver.execute(() -> client.driver.connection().openStream(GET, true));
        pipe.runUntilIdle();
        assertEquals(3, client.all(Event.HeadersReceived.class).get(0).streamId());
        assertEquals(ConnectionState.OPEN, server.driver.connection().state());
    }

    @Test
    void throwingTaskDoesNotBreakTheConnection() {
        App client = new App();
        App server = new App();
        open(driver(Role.CLIENT, DriverConfig.DEFAULTS, client), driver(Role.SERVER, DriverConfig.DEFAULTS, server));
        client.driver.execute(() -> {
            throw new IllegalStateException("task failed");
        });
        client.driver.execute(() -> client.driver.connection().ping(7));
        pipe.runUntilIdle();
        assertEquals(7, client.all(Event.PingAcked.class).get(0).opaqueData());
    }

    @Test
    void connectionErrorFlushesGoAwayThenCloses_rfc9113_5_4_1() {
        App server = new App();
        RecordingHandler rawClient = new RecordingHandler() {
            @Override
            public void onOpen(ConnectionContext context) {
                super.onOpen(context);
                context.write(ByteBuffer.wrap(Preface.bytes()));
                context.write(ByteBuffer.wrap(FrameWriter.encode(SettingsFrame.of(List.of()))));
                context.write(ByteBuffer.wrap(FrameWriter.encode(PingFrame.of(1)))); // fine
                context.write(ByteBuffer.wrap(new byte[] {0, 0, 8, 6, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0})); // PING on stream 1
                context.flush();
            }
        };
        open(rawClient, driver(Role.SERVER, DriverConfig.DEFAULTS, server));
        assertTrue(server.closed);
        assertTrue(pipe.server().isClosed());
        assertEquals("PROTOCOL_ERROR", last(frames(rawClient.bytes()), GoAwayFrame.class).errorName());
    }

    // ---------------------------------------------------------------- helpers

    static List<Frame> frames(byte[] bytes) {
        List<Frame> frames = new ArrayList<>();
        FrameReader reader = new FrameReader(16_384);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        int start = 0;
        if (bytes.length >= 24 && bytes[0] == 'P' && bytes[1] == 'R' && bytes[2] == 'I') {
            start = 24; // a client's preface
        }
        in.position(start);
        reader.read(in, new FrameHandler() {
            @Override
            public void onFrame(Frame frame) {
                frames.add(frame);
            }

            @Override
            public void onViolation(FrameHeader header, Violation violation) {
            }
        });
        return frames;
    }

    static <T extends Frame> T last(List<Frame> frames, Class<T> type) {
        T found = null;
        for (Frame f : frames) {
            if (type.isInstance(f)) {
                found = type.cast(f);
            }
        }
        assertInstanceOf(type, found, "no " + type.getSimpleName() + " in " + frames);
        return found;
    }
}
