package io.h2scope.engine.trace.explain;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.frame.Frame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.frame.codec.RawFrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.hpack.HpackEncoder;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.jsonl.JsonlLineDecoder;
import io.h2scope.engine.trace.jsonl.TraceFormatException;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.TraceEvent;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Recordings made by the engine's own connections in memory, on a virtual clock: one connection under test with a
 * scripted peer that writes what it likes (well-formed frames, or broken ones with the raw writer), or a client and
 * a server of the engine back to back. Every event goes through a JSONL line and back, as a recording file would.
 */
final class Recording {

    /** Where the recordings' clock starts. */
    static final Instant CLOCK = Instant.parse("2025-06-01T14:03:00Z");
    static final byte[] PREFACE = Preface.bytes();

    private final List<TraceEvent> events = new ArrayList<>();
    private final TraceSink sink = events::add;
    /** The connection under test. */
    final Http2Connection conn;
    /** The engine's other end, in a {@link #pair}; null when the peer is scripted. */
    final Http2Connection other;
    final HpackEncoder encoder = new HpackEncoder(4096);
    private long now;
    private int prefaceToSkip;
    /** What the application of {@link #conn} does with each of its events; nothing unless a test says. */
    Consumer<Event> app = e -> { };
    /** What the application of {@link #other} does with each of its events. */
    Consumer<Event> otherApp = e -> { };

    private Recording(Role role, ConnectionConfig config, ConnectionConfig otherConfig) {
        conn = new Http2Connection(role, config.withTraceSink(role == Role.SERVER ? 2 : 1, sink),
                e -> app.accept(e), now, ConnectionOrigin.at(CLOCK));
        other = otherConfig == null ? null : new Http2Connection(role.peer(), otherConfig.withTraceSink(
                role == Role.SERVER ? 1 : 2, sink), e -> otherApp.accept(e), now, ConnectionOrigin.at(CLOCK));
        prefaceToSkip = role == Role.CLIENT && other == null ? PREFACE.length : 0;
    }

    /** The engine's server (connection 2) with a scripted client. */
    static Recording server(ConnectionConfig config) {
        return new Recording(Role.SERVER, config, null);
    }

    static Recording server() {
        return server(ConnectionConfig.DEFAULTS);
    }

    /** The engine's client (connection 1) with a scripted server. */
    static Recording client(ConnectionConfig config) {
        return new Recording(Role.CLIENT, config, null);
    }

    /** The engine's server (connection 2, {@link #conn}) and client (connection 1, {@link #other}), both recorded. */
    static Recording pair(ConnectionConfig serverConfig, ConnectionConfig clientConfig) {
        return new Recording(Role.SERVER, serverConfig, clientConfig);
    }

    // ---------------------------------------------------------------- time

    /** The virtual clock moves to {@code millis} after the start; the connections are told (their deadlines run). */
    Recording at(long millis) {
        now = TimeUnit.MILLISECONDS.toNanos(millis);
        conn.tick(now);
        if (other != null) {
            other.tick(now);
        }
        return this;
    }

    long now() {
        return now;
    }

    // ---------------------------------------------------------------- the scripted peer

    /** The scripted client's preface, or server's preface, then its ACK of the connection's SETTINGS. */
    Recording handshake() {
        if (conn.role() == Role.SERVER) {
            send(PREFACE);
        }
        frame(SettingsFrame.of(List.of()));
        frame(SettingsFrame.ackFrame());
        read();
        return this;
    }

    void send(byte[] bytes) {
        conn.receive(ByteBuffer.wrap(bytes), now);
    }

    void frame(Frame frame) {
        send(FrameWriter.encode(frame));
    }

    void raw(int type, int flags, int streamId, byte[] payload) {
        send(RawFrameWriter.frame(type, flags, streamId, payload));
    }

    void headers(int streamId, List<HeaderField> headers, boolean endStream) {
        frame(HeadersFrame.of(streamId, encoder.encode(headers), endStream, true));
    }

    /** Drains what the connection under test wrote (the scripted peer reads it and forgets it). */
    void read() {
        ByteBuffer out = ByteBuffer.allocate(4 << 20);
        conn.drainOutput(out);
        if (prefaceToSkip > 0) {
            prefaceToSkip -= Math.min(prefaceToSkip, out.position());
        }
    }

    // ---------------------------------------------------------------- the engine pair

    /** Moves bytes both ways until both ends are quiet, each delivery {@code stepMillis} later on the clock. */
    Recording pump(long stepMillis) {
        for (int turn = 0; conn.hasOutput() || other.hasOutput(); turn++) {
            if (turn > 10_000) {
                throw new AssertionError("the connections do not settle");
            }
            move(other, conn, stepMillis);
            move(conn, other, stepMillis);
        }
        return this;
    }

    private void move(Http2Connection from, Http2Connection to, long stepMillis) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        from.drainOutput(buffer);
        buffer.flip();
        if (buffer.hasRemaining()) {
            now += TimeUnit.MILLISECONDS.toNanos(stepMillis);
            to.receive(buffer, now);
        }
    }

    // ---------------------------------------------------------------- what was recorded

    /** The recording as a file would give it back: every event written as a JSONL line and read again. */
    List<TraceEvent> events() {
        List<TraceEvent> read = new ArrayList<>(events.size());
        long line = 0;
        try {
            for (TraceEvent e : events) {
                read.add(JsonlLineDecoder.decode(TraceEventJson.write(e), ++line));
            }
        } catch (TraceFormatException e) {
            throw new AssertionError("a recorded event does not read back", e);
        }
        return read;
    }

    /** Every finding, ranked. */
    List<Finding> explain() {
        return Explainer.explain(events(), ExplainLimits.DEFAULTS);
    }

    /** The server's application answers every request with {@code bodyLength} octets of DATA. */
    Recording answering(int bodyLength) {
        app = event -> {
            if (event instanceof Event.HeadersReceived h && h.endStream()) {
                conn.sendHeaders(h.streamId(), List.of(new HeaderField(":status", "200")), bodyLength == 0);
                if (bodyLength > 0) {
                    conn.sendData(h.streamId(), ByteBuffer.wrap(new byte[bodyLength]), true);
                }
            }
        };
        return this;
    }

    static List<HeaderField> get(String path) {
        return List.of(new HeaderField(":method", "GET"), new HeaderField(":scheme", "http"),
                new HeaderField(":authority", "example.com"), new HeaderField(":path", path));
    }
}
