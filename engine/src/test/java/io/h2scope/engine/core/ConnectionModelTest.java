package io.h2scope.engine.core;

import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.TraceSink;
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
import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.trace.attach.AttachClient;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.model.SnapshotTaken;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
 * at every event equals what the engine had at that moment, on both sides; the same for an observer of each side
 * fed the connection's bytes, and for a reader attached live.
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
        /** Where every event also goes (the live attach server). */
        TraceSink live = TraceSink.NONE;
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
            live.onEvent(event);
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

    /**
     * The busy connection three ways at once: rebuilt from its recording at every event; by two observers (one
     * from each side) fed the bytes as they cross, compared with a side whenever it has sent everything it queued;
     * and by a reader attached live after a few batches, compared at the end of every batch, whose lines equal the
     * recording's from the moment it joined.
     */
    @Test
    void aBusyConnectionRebuiltFromItsRecordingEqualsTheEngineAtEveryEvent() throws Exception {
        Path file = dir.resolve("busy.jsonl");
        List<TraceEvent> fromFile;
        Checker client;
        Checker server;
        Http2Connection clientConnection;
        Http2Connection serverConnection;
        Observers observers = new Observers();
        LiveReader reader;
        // the stream as the engine has it: credentials and DATA kept, so its lines equal the recording's
        TraceConfig revealing = TraceConfig.fromEnvironment(Map.of(TraceConfig.TRACE_LISTEN,
                dir.resolve("busy.sock").toString(), TraceConfig.TRACE_REVEAL, "1", TraceConfig.TRACE_DATA, "on",
                TraceConfig.TRACE_DATA_MAX, "1g"));
        try (LiveTrace attach = LiveTrace.start(revealing, CategoryLog.NONE, new PrintStream(new ByteArrayOutputStream()),
                line -> { });
                JsonlTraceWriter writer = new JsonlTraceWriter(file, TraceConfig.DEFAULT_MAX_BYTES * 10, System.err)) {
            client = new Checker(1, writer);
            server = new Checker(2, writer);
            client.live = attach;
            server.live = attach;
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
            Pump pump = new Pump(c, s, observers, client.streamIds, server.streamIds);
            pump.run();
            int reset = -1;
            reader = null;
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
                if (batch == 2) {
                    reader = LiveReader.attach(dir.resolve("busy.sock"), client, server);
                }
                if (reader != null) {
                    reader.assertCaughtUp(client, server);
                }
            }
            s.goAway(ErrorCode.NO_ERROR, "done");
            pump.run();
            reader.assertCaughtUp(client, server);
            assertEquals(ConnectionState.CLOSED, c.state());
            assertEquals(ConnectionState.CLOSED, s.state());
            assertEquals(StreamState.CLOSED, s.streamState(reset));
        }
        fromFile = JsonlTraceReader.read(file);
        reader.join();
        assertNull(observers.firstMismatch, observers.firstMismatch);
        assertTrue(observers.compared > 2 * STREAMS / BATCH, "the observers were compared " + observers.compared + " times");
        assertEquals(0, observers.client.violations() + observers.server.violations(), "a clean connection");
        for (Checker side : List.of(client, server)) {
            assertEquals(side.recorded.subList(reader.joinedAt(side), side.recorded.size()), reader.events(side.connectionId),
                    "the live reader got every line of connection " + side.connectionId + " from when it joined");
        }

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

    /**
     * Moves bytes both ways until both connections are quiet, each move all a side has queued, and feeds them to the
     * observers; a side that has sent everything it queued is compared with its observer then.
     */
    private static final class Pump {
        private final Http2Connection a;
        private final Http2Connection b;
        private final Observers observers;
        private final Set<Integer> aStreams;
        private final Set<Integer> bStreams;
        private long now;

        Pump(Http2Connection a, Http2Connection b, Observers observers, Set<Integer> aStreams, Set<Integer> bStreams) {
            this.a = a;
            this.b = b;
            this.observers = observers;
            this.aStreams = aStreams;
            this.bStreams = bStreams;
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
            ByteBuffer buffer = ByteBuffer.allocate(Math.max(16 * 1024, from.pendingOutputBytes()));
            from.drainOutput(buffer);
            buffer.flip();
            if (buffer.hasRemaining()) {
                now += 10;
                observers.crossed(from == a, buffer.duplicate(), now);
                if (!from.hasOutput()) {
                    observers.compare(from == a, from, from == a ? aStreams : bStreams);
                }
                to.receive(buffer, now);
            }
        }
    }

    /** An observer from each side, fed both byte streams. */
    private static final class Observers {
        final ConnectionModel clientModel = new ConnectionModel(1);
        final ConnectionModel serverModel = new ConnectionModel(2);
        final Http2Observer client = new Http2Observer(Role.CLIENT, 1, clientModel::apply, 0);
        final Http2Observer server = new Http2Observer(Role.SERVER, 2, serverModel::apply, 0);
        int compared;
        String firstMismatch;

        void crossed(boolean fromClient, ByteBuffer bytes, long now) {
            for (Http2Observer o : List.of(client, server)) {
                if (fromClient) {
                    o.clientBytes(bytes.duplicate(), now);
                } else {
                    o.serverBytes(bytes.duplicate(), now);
                }
            }
        }

        void compare(boolean clientSide, Http2Connection engine, Set<Integer> streamIds) {
            compared++;
            ConnectionSnapshot seen = (clientSide ? clientModel : serverModel).snapshot();
            ConnectionSnapshot actual = engineState(engine, streamIds);
            if (firstMismatch == null && !seen.equals(actual)) {
                firstMismatch = "the observer of the " + (clientSide ? "client" : "server") + " at comparison " + compared
                        + ": " + difference(seen, actual);
            }
        }
    }

    /** A reader attached live: its lines, per connection, and the models they rebuild. */
    private static final class LiveReader {
        private final Map<Long, List<TraceEvent>> events = new HashMap<>();
        private final Map<Long, ConnectionModel> models = new HashMap<>();
        private final Map<Long, Integer> joinedAt = new HashMap<>();
        /** The connections whose snapshot came: the lines before it (their opening) are the attach's, not events. */
        private final Set<Long> snapshotted = new java.util.HashSet<>();
        private final Thread thread;
        private volatile Throwable failure;

        private LiveReader(AttachClient reader) {
            models.put(1L, new ConnectionModel(1));
            models.put(2L, new ConnectionModel(2));
            thread = new Thread(() -> {
                try (reader) {
                    reader.read(new AttachClient.Handler() {
                        @Override
                        public void event(TraceEvent e) {
                            synchronized (LiveReader.this) {
                                if (e instanceof SnapshotTaken) {
                                    snapshotted.add(e.connectionId());
                                } else if (snapshotted.contains(e.connectionId())) {
                                    events.computeIfAbsent(e.connectionId(), k -> new ArrayList<>()).add(e);
                                }
                                models.get(e.connectionId()).apply(e);
                                LiveReader.this.notifyAll();
                            }
                        }

                        @Override
                        public void gap(long dropped) {
                            failure = new AssertionError("the live reader lost " + dropped + " events");
                        }
                    });
                } catch (Exception e) {
                    failure = e;
                }
            }, "live-reader");
            thread.start();
        }

        /** Attaches while both connections are quiet; returns once the snapshots of both are in. */
        static LiveReader attach(Path socket, Checker client, Checker server) throws Exception {
            LiveReader live = new LiveReader(AttachClient.connect(ListenAddress.parse(socket.toString()), null));
            live.await(() -> live.snapshotted.contains(1L) && live.snapshotted.contains(2L));
            live.joinedAt.put(1L, client.recorded.size());
            live.joinedAt.put(2L, server.recorded.size());
            return live;
        }

        /** Waits for every line published so far, then compares both models with the engines. */
        void assertCaughtUp(Checker client, Checker server) throws Exception {
            await(() -> count(1) == client.recorded.size() - joinedAt.get(1L)
                    && count(2) == server.recorded.size() - joinedAt.get(2L));
            synchronized (this) {
                for (Checker side : List.of(client, server)) {
                    ConnectionSnapshot rebuilt = models.get(side.connectionId).snapshot();
                    ConnectionSnapshot actual = engineState(side.engine, side.streamIds);
                    assertEquals(actual, rebuilt, () -> "live, connection " + side.connectionId + ": "
                            + difference(rebuilt, actual));
                }
            }
        }

        private int count(long connection) {
            return events.getOrDefault(connection, List.of()).size();
        }

        private synchronized void await(java.util.function.BooleanSupplier done) throws Exception {
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!done.getAsBoolean()) {
                if (failure != null) {
                    throw new AssertionError("the live reader failed", failure);
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the live reader did not catch up: " + events.keySet() + " "
                            + count(1) + " " + count(2));
                }
                wait(50);
            }
        }

        int joinedAt(Checker side) {
            return joinedAt.get(side.connectionId);
        }

        synchronized List<TraceEvent> events(long connection) {
            return List.copyOf(events.getOrDefault(connection, List.of()));
        }

        void join() throws Exception {
            thread.join(20_000);
            if (failure != null) {
                throw new AssertionError("the live reader failed", failure);
            }
        }
    }
}
