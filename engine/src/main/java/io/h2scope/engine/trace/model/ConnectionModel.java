package io.h2scope.engine.trace.model;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.settings.Setting;
import io.h2scope.engine.settings.Settings;
import io.h2scope.engine.stream.StreamState;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One connection rebuilt from its {@link TraceEvent}s alone: fed the events in order, up to any one of
 * them, {@link #snapshot()} is the connection's state at that event (every stream's state, every window of
 * both sides, both HPACK tables, the settings in force). No I/O and no JavaFX: the inspector's views, the
 * live attach snapshot and the tests build on it. Not thread-safe.
 *
 * <p>How each kind moves it: a stream exists from its first state change out of idle until it closes (its
 * windows go with it); {@link WindowChanged} sets a window to its new size; {@link SettingsAnnounced} by the
 * peer is in force at once (the endpoint applies it on receipt), ours when the peer ACKs it
 * ({@link SettingsAcknowledged}); {@link SettingsInForce} states all values; the HPACK events add, evict
 * and resize. Events of other connections are ignored.
 */
public final class ConnectionModel {

    private static final int DEFAULT_WINDOW = 65_535;
    private static final int DEFAULT_TABLE_SIZE = 4096;

    private final long connectionId;
    private final Map<Integer, StreamState> states = new HashMap<>();
    /** Every stream that ever left idle, so a closed one is told from one never used. */
    private final Set<Integer> seen = new HashSet<>();
    private final Map<Integer, Integer> sendWindows = new HashMap<>();
    private final Map<Integer, Integer> receiveWindows = new HashMap<>();
    private int connectionSendWindow = DEFAULT_WINDOW;
    private int connectionReceiveWindow = DEFAULT_WINDOW;
    private final Table decoder = new Table();
    private final Table encoder = new Table();
    private Settings local = Settings.DEFAULTS;
    private Settings remote = Settings.DEFAULTS;
    /** Our SETTINGS sent and not yet ACKed, oldest first (RFC 9113 §6.5.3). */
    private final Deque<List<Setting>> localPending = new ArrayDeque<>();
    private ConnectionOpened opened;
    private ConnectionClosed closed;
    private long events;

    public ConnectionModel(long connectionId) {
        this.connectionId = connectionId;
    }

    /** The model of connection {@code connectionId} after all of {@code events}. */
    public static ConnectionModel of(long connectionId, List<? extends TraceEvent> events) {
        ConnectionModel model = new ConnectionModel(connectionId);
        events.forEach(model::apply);
        return model;
    }

    /** Moves the model by one event (events of another connection are ignored). */
    public void apply(TraceEvent event) {
        if (event.connectionId() != connectionId) {
            return;
        }
        events++;
        if (event instanceof StreamStateChanged e) {
            onState(e);
        } else if (event instanceof WindowChanged e) {
            onWindow(e);
        } else if (event instanceof SettingsAnnounced e) {
            if (e.side() == Side.REMOTE) {
                remote = applied(remote, e.entries());
            } else {
                localPending.addLast(e.entries());
            }
        } else if (event instanceof SettingsAcknowledged e) {
            if (e.side() == Side.LOCAL && !localPending.isEmpty()) {
                local = applied(local, localPending.pollFirst());
            }
        } else if (event instanceof SettingsInForce e) {
            if (e.side() == Side.LOCAL) {
                local = e.settings();
            } else {
                remote = e.settings();
            }
        } else if (event instanceof HpackEntryAdded e) {
            table(e.table()).add(new HeaderField(e.name(), e.value()), e.size());
        } else if (event instanceof HpackEntriesEvicted e) {
            table(e.table()).evict(e.count());
        } else if (event instanceof HpackTableResized e) {
            table(e.table()).maxSize = e.maxSize();
        } else if (event instanceof SnapshotTaken e) {
            take(e.snapshot());
        } else if (event instanceof ConnectionOpened e) {
            opened = e;
        } else if (event instanceof ConnectionClosed e) {
            closed = e;
        }
        // frames, violations and errors move nothing: their effects come as events of their own
    }

    /** Everything as the snapshot says (a reader that joined late starts here). */
    private void take(ConnectionSnapshot s) {
        states.clear();
        sendWindows.clear();
        receiveWindows.clear();
        s.streams().forEach((id, stream) -> {
            states.put(id, stream.state());
            seen.add(id);
            sendWindows.put(id, stream.sendWindow());
            receiveWindows.put(id, stream.receiveWindow());
        });
        connectionSendWindow = s.connectionSendWindow();
        connectionReceiveWindow = s.connectionReceiveWindow();
        decoder.take(s.decoderTable(), s.decoderMaxSize());
        encoder.take(s.encoderTable(), s.encoderMaxSize());
        local = s.localSettings();
        remote = s.remoteSettings();
    }

    private void onState(StreamStateChanged e) {
        int id = e.streamId();
        seen.add(id);
        if (e.to() == StreamState.CLOSED || e.to() == StreamState.IDLE) {
            states.remove(id);
            sendWindows.remove(id);
            receiveWindows.remove(id);
        } else {
            states.put(id, e.to());
        }
    }

    private void onWindow(WindowChanged e) {
        if (e.streamId() == 0) {
            if (e.side() == WindowSide.SEND) {
                connectionSendWindow = e.newSize();
            } else {
                connectionReceiveWindow = e.newSize();
            }
            return;
        }
        if (e.cause() != WindowCause.OPENED && !states.containsKey(e.streamId())) {
            return; // a window of a stream already closed here: nothing to show
        }
        (e.side() == WindowSide.SEND ? sendWindows : receiveWindows).put(e.streamId(), e.newSize());
    }

    private Table table(HpackContext context) {
        return context == HpackContext.DECODER ? decoder : encoder;
    }

    private static Settings applied(Settings settings, List<Setting> entries) {
        Settings result = settings;
        for (Setting s : entries) {
            result = result.apply(s);
        }
        return result;
    }

    // ---------------------------------------------------------------- reading

    public long connectionId() {
        return connectionId;
    }

    /** How many events of this connection were applied. */
    public long eventCount() {
        return events;
    }

    /** The opening event, or null before it (a recording that began late). */
    public ConnectionOpened opened() {
        return opened;
    }

    /** The closing event, or null while the connection is open. */
    public ConnectionClosed closed() {
        return closed;
    }

    /** A stream's state: idle for a stream never seen, closed for one that ended. */
    public StreamState streamState(int streamId) {
        StreamState state = states.get(streamId);
        if (state != null) {
            return state;
        }
        return seen.contains(streamId) ? StreamState.CLOSED : StreamState.IDLE;
    }

    /** The state now. */
    public ConnectionSnapshot snapshot() {
        TreeMap<Integer, ConnectionSnapshot.Stream> streams = new TreeMap<>();
        for (Map.Entry<Integer, StreamState> s : states.entrySet()) {
            int id = s.getKey();
            streams.put(id, new ConnectionSnapshot.Stream(s.getValue(), sendWindows.getOrDefault(id, 0),
                    receiveWindows.getOrDefault(id, 0)));
        }
        return new ConnectionSnapshot(streams, connectionSendWindow, connectionReceiveWindow, decoder.entries(),
                decoder.maxSize, encoder.entries(), encoder.maxSize, local, remote);
    }

    /** One dynamic table: entries newest first (RFC 7541 §2.3.2), as the deltas leave it. */
    private static final class Table {
        private final Deque<HeaderField> entries = new ArrayDeque<>();
        private final Deque<Integer> sizes = new ArrayDeque<>();
        int maxSize = DEFAULT_TABLE_SIZE;

        void add(HeaderField field, int size) {
            entries.addFirst(field);
            sizes.addFirst(size);
        }

        void evict(int count) {
            for (int i = 0; i < count && !entries.isEmpty(); i++) {
                entries.pollLast();
                sizes.pollLast();
            }
        }

        List<HeaderField> entries() {
            return new ArrayList<>(entries);
        }

        void take(List<HeaderField> newestFirst, int max) {
            entries.clear();
            sizes.clear();
            for (HeaderField f : newestFirst) {
                entries.addLast(f);
                sizes.addLast(f.size());
            }
            maxSize = max;
        }
    }
}
