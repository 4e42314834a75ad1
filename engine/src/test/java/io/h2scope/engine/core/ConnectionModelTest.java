package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.JsonlTraceReader;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The "done when": a busy connection (1,000 streams, DATA both ways, SETTINGS changed mid-connection,
 * table evictions, a reset, GOAWAY) is recorded to a JSONL file, and the state rebuilt from the recorded lines
 * at every event equals what the engine had at that moment, on both sides.
 */
class ConnectionModelTest {

    private static final int STREAMS = 1_000;
    private static final int BATCH = 50;

    @TempDir
    Path dir;

    /**
     * Writes each event to the file and rebuilds the connection from the line written (parsed back), then
     * compares the rebuilt state with the engine's own at once.
     */
    private static final class Checker implements TraceSink {
        final long connectionId;
        final JsonlTraceWriter writer;
        final ConnectionModel model;
        final List<TraceEvent> recorded = new ArrayList<>();
        final Set<Integer> streamIds = new HashSet<>();
        Http2Connection engine;
        int compared;
        String firstMismatch;

        Checker(long connectionId, JsonlTraceWriter writer) {
            this.connectionId = connectionId;
            this.writer = writer;
            this.model = new ConnectionModel(connectionId);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void onEvent(TraceEvent event) {
            writer.onEvent(event);
            TraceEvent fromLine = TraceEventJson.read((Map<String, Object>) Json.parse(TraceEventJson.write(event)));
            recorded.add(fromLine);
            model.apply(fromLine);
            if (fromLine instanceof StreamStateChanged s) {
                streamIds.add(s.streamId());
            }
            if (engine == null) {
                return; // published from inside the constructor: there is no engine to ask yet
            }
            ConnectionSnapshot rebuilt = model.snapshot();
            ConnectionSnapshot actual = engineState(engine, streamIds);
            compared++;
            if (firstMismatch == null && !rebuilt.equals(actual)) {
                firstMismatch = "event " + recorded.size() + " (" + fromLine + "): " + difference(rebuilt, actual);
            }
        }
    }

    @Test
    void aBusyConnectionRebuiltFromItsRecordingEqualsTheEngineAtEveryEvent() throws IOException {
        Path file = dir.resolve("busy.jsonl");
        List<TraceEvent> fromFile;
        Checker client;
        Checker server;
        Http2Connection clientConnection;
        Http2Connection serverConnection;
        try (JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES * 10, System.err)) {
            client = new Checker(1, writer);
            server = new Checker(2, writer);
            EventRecorder clientEvents = new EventRecorder();
            EventRecorder serverEvents = new EventRecorder();
            clientConnection = new Http2Connection(Role.CLIENT, ConnectionConfig.DEFAULTS.withTraceSink(1, client),
                    clientEvents, 0);
            serverConnection = new Http2Connection(Role.SERVER, ConnectionConfig.DEFAULTS.withTraceSink(2, server),
                    serverEvents, 0);
            client.engine = clientConnection;
            server.engine = serverConnection;
            Http2Connection c = clientConnection;
            Http2Connection s = serverConnection;
            clientEvents.reaction = e -> {
                if (e instanceof Event.DataReceived d) {
                    c.consumed(d.streamId(), d.data().length);
                }
            };
            serverEvents.reaction = e -> {
                if (e instanceof Event.DataReceived d) {
                    s.consumed(d.streamId(), d.data().length);
                    if (d.endStream()) {
                        s.sendHeaders(d.streamId(), List.of(new HeaderField(":status", "200"),
                                new HeaderField("x-served", "by-" + d.streamId())), false);
                        s.sendData(d.streamId(), ByteBuffer.wrap(new byte[3_000]), true);
                    }
                }
            };
            Pump pump = new Pump(c, s);
            pump.run();
            int reset = -1;
            for (int batch = 0; batch < STREAMS / BATCH; batch++) {
                List<Integer> ids = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    int n = batch * BATCH + i;
                    // a distinct value per request: the encoder's table fills and evicts (RFC 7541 §4.4)
                    ids.add(c.openStream(List.of(new HeaderField(":method", "POST"), new HeaderField(":scheme", "https"),
                            new HeaderField(":authority", "example.com"), new HeaderField(":path", "/upload/" + n),
                            new HeaderField("x-request-id", "request-" + n)), false));
                }
                pump.run();
                if (batch == STREAMS / BATCH / 2) {
                    // mid-connection, with 50 streams open: both sides change windows and tables
                    s.updateSettings(s.localSettingsAnnounced().toBuilder().initialWindowSize(30_000)
                            .headerTableSize(1_024).build());
                    c.updateSettings(c.localSettingsAnnounced().toBuilder().initialWindowSize(1 << 20).build());
                    pump.run();
                }
                if (batch == 3) {
                    reset = ids.remove(7);
                    c.reset(reset, ErrorCode.CANCEL);
                }
                for (int id : ids) {
                    c.sendData(id, ByteBuffer.wrap(new byte[2_000]), true);
                }
                pump.run();
            }
            s.goAway(ErrorCode.NO_ERROR, "done");
            pump.run();
            assertEquals(ConnectionState.CLOSED, c.state());
            assertEquals(ConnectionState.CLOSED, s.state());
            assertEquals(StreamState.CLOSED, s.streamState(reset));
        }
        fromFile = JsonlTraceReader.read(file);

        for (Checker side : List.of(client, server)) {
            assertNull(side.firstMismatch, "connection " + side.connectionId + " " + side.firstMismatch);
            assertTrue(side.compared > 15 * STREAMS, "compared at " + side.compared + " events");
            List<TraceEvent> ofSide = fromFile.stream().filter(e -> e.connectionId() == side.connectionId).toList();
            assertEquals(side.recorded, ofSide, "the file holds exactly the lines the models were rebuilt from");
            assertTrue(ofSide.get(ofSide.size() - 1) instanceof ConnectionClosed, "the last line is the close");
        }
        assertEquals(STREAMS, client.streamIds.size());
        assertTrue(fromFile.stream().anyMatch(e -> e instanceof HpackEntriesEvicted), "a table evicted");
        assertTrue(fromFile.stream().anyMatch(e -> e instanceof WindowChanged w
                && w.cause() == WindowCause.INITIAL_WINDOW_SIZE && w.connectionId() == 1), "a SETTINGS delta");
        ConnectionClosed closed = (ConnectionClosed) fromFile.stream().filter(e -> e.connectionId() == 2
                && e instanceof ConnectionClosed).findFirst().orElseThrow();
        assertEquals(ConnectionClosed.Cause.GOAWAY_SENT, closed.cause());
        assertEquals("done", closed.debug());
    }

    /** What differs between a rebuilt and an actual snapshot, briefly. */
    static String difference(ConnectionSnapshot rebuilt, ConnectionSnapshot actual) {
        StringBuilder text = new StringBuilder();
        Set<Integer> ids = new HashSet<>(rebuilt.streams().keySet());
        ids.addAll(actual.streams().keySet());
        for (int id : new java.util.TreeSet<>(ids)) {
            if (!java.util.Objects.equals(rebuilt.streams().get(id), actual.streams().get(id))) {
                text.append("\n stream ").append(id).append(" rebuilt ").append(rebuilt.streams().get(id))
                        .append(" engine ").append(actual.streams().get(id));
            }
        }
        ConnectionSnapshot r = new ConnectionSnapshot(new TreeMap<>(), rebuilt.connectionSendWindow(),
                rebuilt.connectionReceiveWindow(), rebuilt.decoderTable(), rebuilt.decoderMaxSize(),
                rebuilt.encoderTable(), rebuilt.encoderMaxSize(), rebuilt.localSettings(), rebuilt.remoteSettings());
        ConnectionSnapshot a = new ConnectionSnapshot(new TreeMap<>(), actual.connectionSendWindow(),
                actual.connectionReceiveWindow(), actual.decoderTable(), actual.decoderMaxSize(),
                actual.encoderTable(), actual.encoderMaxSize(), actual.localSettings(), actual.remoteSettings());
        if (!r.equals(a)) {
            text.append("\n rest rebuilt ").append(r).append("\n rest engine  ").append(a);
        }
        return text.toString();
    }

    /** The engine's state as a snapshot; a stream it has not recorded yet (being opened) has windows 0. */
    static ConnectionSnapshot engineState(Http2Connection c, Set<Integer> streamIds) {
        Map<Integer, Http2Connection.StreamSnapshot> records = new HashMap<>();
        for (Http2Connection.StreamSnapshot s : c.streams()) {
            records.put(s.id(), s);
        }
        Set<Integer> ids = new HashSet<>(streamIds);
        ids.addAll(records.keySet());
        TreeMap<Integer, ConnectionSnapshot.Stream> streams = new TreeMap<>();
        for (int id : ids) {
            StreamState state = c.streamState(id);
            if (state != StreamState.IDLE && state != StreamState.CLOSED) {
                Http2Connection.StreamSnapshot r = records.get(id);
                streams.put(id, new ConnectionSnapshot.Stream(state, r == null ? 0 : r.sendWindow(),
                        r == null ? 0 : r.receiveWindow()));
            }
        }
        return new ConnectionSnapshot(streams, c.connectionSendWindow(), c.connectionReceiveWindow(),
                c.decoderTable().entries(), c.decoderTable().maxSize(), c.encoderTable().entries(),
                c.encoderTable().maxSize(), c.localSettings(), c.remoteSettings());
    }

    /** Moves bytes both ways until both connections are quiet. */
    private static final class Pump {
        private final Http2Connection a;
        private final Http2Connection b;
        private long now;

        Pump(Http2Connection a, Http2Connection b) {
            this.a = a;
            this.b = b;
        }

        void run() {
            for (int turn = 0; a.hasOutput() || b.hasOutput(); turn++) {
                move(a, b);
                move(b, a);
                if (turn > 100_000) {
                    throw new AssertionError("the connections do not settle");
                }
            }
        }

        private void move(Http2Connection from, Http2Connection to) {
            ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
            from.drainOutput(buffer);
            buffer.flip();
            if (buffer.hasRemaining()) {
                now += 10;
                to.receive(buffer, now);
            }
        }
    }
}
