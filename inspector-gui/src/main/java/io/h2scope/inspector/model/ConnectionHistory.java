package io.h2scope.inspector.model;

import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionSnapshot;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.HpackEntriesEvicted;
import io.h2scope.engine.trace.model.HpackEntryAdded;
import io.h2scope.engine.trace.model.HpackTableResized;
import io.h2scope.engine.trace.model.SettingsAcknowledged;
import io.h2scope.engine.trace.model.SettingsAnnounced;
import io.h2scope.engine.trace.model.SettingsInForce;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.trace.model.WindowChanged;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One connection of a {@link Recording}: its events and frames in order, indexed by stream, and its state as of any
 * of its events ({@link #stateAt}, from the nearest checkpoint rather than from the start, so that time travel in a
 * long connection stays quick). Written by the recording's appending thread; read from any thread.
 */
public final class ConnectionHistory {

    /** A snapshot of the state every this many events: {@link #stateAt} replays fewer than this many. */
    static final int CHECKPOINT_EVERY = 2048;

    private final Recording recording;
    private final ConnectionKey key;
    private final int ordinal;
    private final IntColumn events = new IntColumn();
    private final IntColumn frames = new IntColumn();
    private final IntColumn settingsEvents = new IntColumn();
    private final IntColumn hpackEvents = new IntColumn();
    private final ConcurrentHashMap<Integer, IntColumn> streamEvents = new ConcurrentHashMap<>();
    /** Stream ids above 0 in the order they first appeared (sorted when asked: cheaper than a sorted set per stream). */
    private final IntColumn streamIds = new IntColumn();
    private final AppendOnlyList<ConnectionSnapshot> checkpoints = new AppendOnlyList<>();
    /** The state after the last event, kept by the writer for the checkpoints. */
    private final ConnectionModel live;
    private final long number;
    private volatile ConnectionOpened opened;
    private volatile Redaction redaction;
    private volatile ConnectionClosed closed;
    private volatile long framesSent;
    private volatile long framesReceived;
    private volatile long octetsSent;
    private volatile long octetsReceived;
    private volatile long lastNanos;
    private int lastStream = -1; // the writer's
    private IntColumn lastStreamEvents;

    ConnectionHistory(Recording recording, ConnectionKey key, int ordinal, long number) {
        this.recording = recording;
        this.number = number;
        this.key = key;
        this.ordinal = ordinal;
        this.live = new ConnectionModel(key.connectionId());
    }

    /**
     * The connection's number in the window, unique across its sources: its id in its source (as {@code trace print}
     * shows it) unless a connection of another source had that id first; then one above the highest number given.
     */
    public long number() {
        return number;
    }

    /** Writer: event {@code index} (frame {@code frameNumber}, or -1) belongs to this connection. */
    void record(int index, int frameNumber, TraceEvent event) {
        int stream = event.streamId();
        if (stream >= 0) {
            streamColumn(stream).add(index);
        }
        if (event instanceof FrameEvent f) {
            frames.add(frameNumber);
            long octets = 9L + f.header().length();
            if (f.direction() == Direction.OUTBOUND) {
                framesSent++;
                octetsSent += octets;
            } else {
                framesReceived++;
                octetsReceived += octets;
            }
        } else if (event instanceof SettingsAnnounced || event instanceof SettingsAcknowledged
                || event instanceof SettingsInForce) {
            settingsEvents.add(index);
        } else if (event instanceof HpackEntryAdded || event instanceof HpackEntriesEvicted
                || event instanceof HpackTableResized) {
            hpackEvents.add(index);
        } else if (event instanceof ConnectionOpened o) {
            opened = o;
            TracePrivacy privacy = o.privacy();
            Redaction way = privacy == null ? null : new Redaction(privacy.redacted(), privacy.revealed());
            if (way != null) {
                recording.hidesAs(way); // before the frames that it hides values of
            }
            redaction = way;
        } else if (event instanceof ConnectionClosed c) {
            closed = c;
        }
        lastNanos = Math.max(lastNanos, event.nanosSinceStart());
        live.apply(event);
        events.add(index);
        if (events.size() % CHECKPOINT_EVERY == 0) {
            checkpoints.add(live.snapshot());
        }
    }

    /** Writer: the event numbers of {@code stream}; the last one asked for is kept (a stream's events come in runs). */
    private IntColumn streamColumn(int stream) {
        if (stream == lastStream && lastStreamEvents != null) {
            return lastStreamEvents;
        }
        IntColumn column = streamEvents.get(stream);
        if (column == null) {
            column = new IntColumn();
            streamEvents.put(stream, column);
            if (stream > 0) {
                streamIds.add(stream);
            }
        }
        lastStream = stream;
        lastStreamEvents = column;
        return column;
    }

    // ---------------------------------------------------------------- reading

    public ConnectionKey key() {
        return key;
    }

    /** Its number in the recording, in order of first appearance. */
    public int ordinal() {
        return ordinal;
    }

    public Recording recording() {
        return recording;
    }

    /** The opening event, or null (a recording that began after it, or a v1 recording of frames only). */
    /**
     * How this connection's field values are shown: as its opening says (the inspector's reading of what its trace
     * hid: {@code <redacted N bytes>} for those names, unless revealed), else as the recording's default.
     */
    public Redaction redaction() {
        Redaction r = redaction;
        return r != null ? r : recording.redaction();
    }

    public ConnectionOpened opened() {
        return opened;
    }

    /** The closing event, or null while the connection is open (or the recording ended before). */
    public ConnectionClosed closed() {
        return closed;
    }

    public long framesSent() {
        return framesSent;
    }

    public long framesReceived() {
        return framesReceived;
    }

    /** Octets of frames sent (headers included), as the frames count them: the closing event has the transport's own count. */
    public long octetsSent() {
        return octetsSent;
    }

    public long octetsReceived() {
        return octetsReceived;
    }

    /** Time of the latest event, since the connection started. */
    public long lastNanos() {
        return lastNanos;
    }

    public int eventCount() {
        return events.size();
    }

    /** The recording's event number of this connection's event {@code position}. */
    public int event(int position) {
        return events.get(position);
    }

    public int frameCount() {
        return frames.size();
    }

    /** The recording's frame number of this connection's frame {@code position}. */
    public int frameNumber(int position) {
        return frames.get(position);
    }

    /** Every stream id above 0 that an event named, ascending. */
    public List<Integer> streamIds() {
        int n = streamIds.size();
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = streamIds.get(i);
        }
        Arrays.sort(ids);
        List<Integer> sorted = new ArrayList<>(n);
        for (int id : ids) {
            sorted.add(id);
        }
        return List.copyOf(sorted);
    }

    /**
     * The connection's state just after event {@code eventIndex} of the recording (or after the last of its events
     * before it): streams, windows, both HPACK tables, settings in force.
     */
    public ConnectionModel stateAt(int eventIndex) {
        ConnectionModel model = new ConnectionModel(key.connectionId());
        ConnectionOpened o = opened;
        if (o != null) {
            model.apply(o);
        }
        int last = events.floor(eventIndex);
        if (last < 0) {
            return model;
        }
        int checkpoint = Math.min((last + 1) / CHECKPOINT_EVERY, checkpoints.size()) - 1;
        int from = 0;
        if (checkpoint >= 0) {
            model.apply(new SnapshotTaken(key.connectionId(), 0, checkpoints.get(checkpoint)));
            from = (checkpoint + 1) * CHECKPOINT_EVERY;
        }
        for (int p = from; p <= last; p++) {
            TraceEvent e = recording.event(events.get(p));
            if (!(e instanceof ConnectionOpened)) {
                model.apply(e);
            }
        }
        return model;
    }

    /** The stream's moves in the §5.1 state machine, in order, each with the frame that made it. */
    public List<StreamTransition> streamTimeline(int streamId) {
        IntColumn column = streamEvents.get(streamId);
        List<StreamTransition> moves = new ArrayList<>();
        if (column == null) {
            return moves;
        }
        int n = column.size();
        for (int i = 0; i < n; i++) {
            int index = column.get(i);
            if (recording.event(index) instanceof StreamStateChanged change) {
                moves.add(new StreamTransition(index, change, nextFrame(column, i + 1, n)));
            }
        }
        return moves;
    }

    /** The frame number of the first frame event in {@code column} from position {@code from}, or -1. */
    private int nextFrame(IntColumn column, int from, int n) {
        for (int j = from; j < n; j++) {
            int index = column.get(j);
            if (recording.event(index) instanceof FrameEvent) {
                return recording.frameAtOrBefore(index);
            }
        }
        return -1;
    }

    /** One window over time: stream 0 is the connection's. {@link WindowSide#SEND} is what this endpoint may send. */
    public List<WindowPoint> windowSeries(int streamId, WindowSide side) {
        List<WindowPoint> points = new ArrayList<>();
        windowSeries(streamId, side, 0, points);
        return points;
    }

    /**
     * The points of {@link #windowSeries} from the stream's event at position {@code from} on, added to
     * {@code into}; returns the position to go on from when the connection has grown.
     */
    public int windowSeries(int streamId, WindowSide side, int from, List<WindowPoint> into) {
        IntColumn column = streamEvents.get(streamId);
        if (column == null) {
            return from;
        }
        int n = column.size();
        for (int i = from; i < n; i++) {
            int index = column.get(i);
            if (recording.event(index) instanceof WindowChanged w && w.side() == side) {
                into.add(new WindowPoint(index, w.nanosSinceStart(), w.oldSize(), w.newSize(), w.cause()));
            }
        }
        return Math.max(from, n);
    }

    /** The recording's event numbers of this connection's events about stream {@code streamId} (0: the connection's own). */
    public int[] streamEvents(int streamId) {
        IntColumn column = streamEvents.get(streamId);
        return column == null ? new int[0] : toArray(column);
    }

    /** The recording's event numbers of this connection's settings events (announced, acknowledged, in force). */
    public int[] settingsEvents() {
        return toArray(settingsEvents);
    }

    /**
     * The HPACK table events (insertions, evictions, resizes) that the field block completed by frame
     * {@code frameNumber} made: those after this connection's previous frame, up to this frame (a frame's event
     * follows the changes made to encode or decode it).
     */
    public int[] hpackEventsOf(int frameNumber) {
        int index = recording.frameEvent(frameNumber);
        int position = frames.floor(frameNumber);
        int previous = position > 0 ? recording.frameEvent(frames.get(position - 1)) : -1;
        List<Integer> found = new ArrayList<>();
        int n = hpackEvents.size();
        for (int i = hpackEvents.floor(index); i >= 0 && i < n; i--) {
            int e = hpackEvents.get(i);
            if (e <= previous) {
                break;
            }
            found.add(0, e);
        }
        return found.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] toArray(IntColumn column) {
        int n = column.size();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = column.get(i);
        }
        return out;
    }
}
