package io.h2scope.inspector.model;

import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Everything the inspector has seen, in arrival order: the events of every source, numbered from 0 across
 * sources, the frames among them numbered from 0, and one {@link ConnectionHistory} per connection.
 *
 * <p>Threads: sources append from their own threads (appends are serialised here); views read from any thread,
 * without a lock, up to the counts they read first ({@link #eventCount()}, {@link #frameCount()}): nothing below
 * a count ever changes. {@link Listener}s are told on the appending thread; the FX side batches what it hears
 * (nothing is done per event on the FX thread).
 */
public final class Recording {

    /** Told after each append, on the appending thread: events {@code from} (inclusive) to {@code to} (exclusive) are new. */
    public interface Listener {
        void appended(int from, int to);
    }

    private static final int RELOADED = 1 << 14;

    private record ReloadedEvent(int index, TraceEvent event) {
    }

    private final AppendOnlyList<TraceEvent> events = new AppendOnlyList<>();
    /** Per event: the ordinal of its connection in {@link #connections}. */
    private final IntColumn eventConnection = new IntColumn();
    /** Per frame number: its event number. */
    private final IntColumn frameEvents = new IntColumn();
    /** Per frame number: what filters ask of every frame, without reading it again. */
    private final FrameColumns frameColumns = new FrameColumns();
    /** Per frame number: the fields of a frame that carries a field block, for filters on their values. */
    private final FrameFields frameFields;
    private final FrameHeads frameHeads = new FrameHeads();
    private final AppendOnlyList<ConnectionHistory> connections = new AppendOnlyList<>();
    private final Map<ConnectionKey, ConnectionHistory> byKey = new HashMap<>();
    private ConnectionHistory last; // the appender's: the connection of the last event
    /** The connection numbers given so far ({@link ConnectionHistory#number}), and the highest of them. */
    private final java.util.Set<Long> numbers = new java.util.HashSet<>();
    private long highestNumber;
    /** Per event: where its source can read it again, or -1 when the event itself is kept. */
    private final LongColumn positions = new LongColumn();
    /** Events read again lately, by event number modulo the size (views read a window of rows at a time). */
    private final ReloadedEvent[] reloaded = new ReloadedEvent[RELOADED];
    private final List<String> sources = new ArrayList<>();
    private final List<EventReloader> reloaders = new CopyOnWriteArrayList<>(); // read without the lock
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    /** The earliest clock time of a connection's opening so far; null while none carries one. */
    private volatile Instant startClock;
    private final Redaction redaction;
    /** Each way the connections hide values, told apart by what they hide (the recording's own first): a new list when one is added. */
    private volatile List<Redaction> redactions;

    /** A recording whose connections show credentials as {@link Redaction#DEFAULT} until their opening says. */
    public Recording() {
        this(Redaction.DEFAULT);
    }

    /** A recording whose connections show values as {@code redaction} says until their opening says otherwise. */
    public Recording(Redaction redaction) {
        this(redaction, FrameFields.MAX_STRINGS);
    }

    /**
     * @param fieldStrings how many distinct field names and values the recording keeps for filters
     *                     ({@link FrameFields#MAX_STRINGS} by default); a frame with others is read again when filtered
     */
    public Recording(Redaction redaction, int fieldStrings) {
        this.redaction = Objects.requireNonNull(redaction, "redaction");
        this.redactions = List.of(redaction);
        this.frameFields = new FrameFields(fieldStrings);
    }

    /** How values are shown of a connection whose opening was not seen (a live attach joined late). */
    public Redaction redaction() {
        return redaction;
    }

    /**
     * Every way of hiding values the recording's connections use so far (each once, by equality), so that a reader can
     * tell a field name none of them hides. A connection's way is added before any of its frames.
     */
    public List<Redaction> redactions() {
        return redactions;
    }

    /** Adds {@code way} to {@link #redactions()} unless an equal one is there (the appending thread's). */
    void hidesAs(Redaction way) {
        List<Redaction> now = redactions;
        if (!now.contains(way)) {
            List<Redaction> more = new ArrayList<>(now);
            more.add(way);
            redactions = List.copyOf(more);
        }
    }

    /** Registers a source by a name shown to the user ("trace.jsonl", "attach 127.0.0.1:7070"); returns its number. */
    public synchronized int addSource(String name) {
        return addSource(name, null);
    }

    /**
     * Registers a source whose events can be read again by {@code reloader} (null: none), so that
     * {@link #appendPositions} may keep their positions instead of the events.
     */
    public synchronized int addSource(String name, EventReloader reloader) {
        sources.add(Objects.requireNonNull(name, "name"));
        reloaders.add(reloader);
        return sources.size() - 1;
    }

    public synchronized String sourceName(int source) {
        return sources.get(source);
    }

    public void addListener(Listener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    /** Appends a batch of one source's events, in their order; listeners are told once for the batch. */
    public void append(int source, List<? extends TraceEvent> batch) {
        append(source, batch, null);
    }

    /**
     * Appends a batch of a source registered with an {@link EventReloader}, keeping only {@code positions[i]} for
     * {@code batch.get(i)}: the event is read again when a view asks for it. The model (connections, streams, state
     * checkpoints) is built from the events given here, as by {@link #append}.
     */
    public void appendPositions(int source, List<? extends TraceEvent> batch, long[] positions) {
        if (positions.length != batch.size()) {
            throw new IllegalArgumentException(positions.length + " positions for " + batch.size() + " events");
        }
        append(source, batch, positions);
    }

    private void append(int source, List<? extends TraceEvent> batch, long[] at) {
        if (batch.isEmpty()) {
            return;
        }
        int from;
        int to;
        synchronized (this) {
            if (source < 0 || source >= sources.size()) {
                throw new IllegalArgumentException("no source " + source + ": register it with addSource first");
            }
            if (at != null && reloaders.get(source) == null) {
                throw new IllegalArgumentException("source " + source + " has no reloader: register it with one");
            }
            from = events.size();
            for (int i = 0; i < batch.size(); i++) {
                add(source, batch.get(i), at == null ? -1 : at[i]);
            }
            to = events.size();
        }
        for (Listener l : listeners) {
            l.appended(from, to);
        }
    }

    private void add(int source, TraceEvent event, long position) {
        ConnectionHistory history = last;
        if (history == null || history.key().source() != source || history.key().connectionId() != event.connectionId()) {
            ConnectionKey key = new ConnectionKey(source, event.connectionId());
            history = byKey.get(key);
            if (history == null) {
                history = new ConnectionHistory(this, key, connections.size(), number(event.connectionId()));
                byKey.put(key, history);
                connections.add(history);
            }
            last = history; // a connection's events come in runs
        }
        // published in this order, so that a reader never finds a number whose event it cannot read
        int index = events.size();
        eventConnection.add(history.ordinal());
        positions.add(position);
        events.add(position < 0 ? event : null);
        int frameNumber = -1;
        if (event instanceof FrameEvent frame) {
            frameNumber = frameEvents.size();
            frameColumns.add(frame); // before the frame counts: a reader below frameCount() finds its columns
            frameFields.add(frame);
            frameHeads.add(frame);
            frameEvents.add(index);
        }
        history.record(index, frameNumber, event);
        if (event instanceof ConnectionOpened opened && opened.clock() != null
                && (startClock == null || opened.clock().isBefore(startClock))) {
            startClock = opened.clock();
        }
    }

    /** A connection's number in the window: its own id when no connection has it yet, else one above the highest. */
    private long number(long id) {
        long number = numbers.contains(id) ? highestNumber + 1 : id;
        numbers.add(number);
        highestNumber = Math.max(highestNumber, number);
        return number;
    }

    // ---------------------------------------------------------------- reading, from any thread

    public int eventCount() {
        return events.size();
    }

    public TraceEvent event(int index) {
        TraceEvent kept = events.get(index);
        if (kept != null) {
            return kept;
        }
        ReloadedEvent recent = reloaded[index & (RELOADED - 1)];
        if (recent != null && recent.index() == index) {
            return recent.event();
        }
        EventReloader reloader = reloaders.get(connectionOf(index).key().source());
        TraceEvent event = reloader.reload(positions.get(index));
        reloaded[index & (RELOADED - 1)] = new ReloadedEvent(index, event); // a record: safe to share unsynchronised
        return event;
    }

    /**
     * When the recording starts: the earliest wall-clock time a connection's opening carries, or null when none
     * carries one (a recording made before recordings carried clock time).
     */
    public Instant startClock() {
        return startClock;
    }

    /**
     * The wall-clock time of frame {@code frameNumber} (its connection's opening clock plus its time), or null when
     * its connection's is not known.
     */
    public Instant frameClock(int frameNumber) {
        ConnectionOpened opened = connectionOf(frameEvent(frameNumber)).opened();
        return opened == null ? null : opened.clockAt(frameColumns.nanosSinceStart(frameNumber));
    }

    /** The connection event {@code index} belongs to. */
    public ConnectionHistory connectionOf(int index) {
        return connections.get(eventConnection.get(index));
    }

    public int frameCount() {
        return frameEvents.size();
    }

    /** The event number of frame {@code frameNumber}. */
    public int frameEvent(int frameNumber) {
        return frameEvents.get(frameNumber);
    }

    /** Every frame's type, stream, direction, windows, ... by frame number, without reading the frame again. */
    public FrameColumns frameColumns() {
        return frameColumns;
    }

    /** The decoded fields of every frame that carries a field block, where kept ({@link FrameFields#kept}). */
    public FrameFields frameFields() {
        return frameFields;
    }

    /** What it keeps of each frame's line before its fields, read from any thread below {@link #frameCount()}. */
    public FrameHeads frameHeads() {
        return frameHeads;
    }

    public FrameEvent frame(int frameNumber) {
        return (FrameEvent) event(frameEvents.get(frameNumber));
    }

    /** The frame number of the last frame at or before event {@code index}, or -1. */
    public int frameAtOrBefore(int index) {
        return frameEvents.floor(index);
    }

    public int connectionCount() {
        return connections.size();
    }

    /** Connection number {@code ordinal}, in order of first appearance. */
    public ConnectionHistory connection(int ordinal) {
        return connections.get(ordinal);
    }

    public synchronized ConnectionHistory connection(ConnectionKey key) {
        return byKey.get(key);
    }

    /** All connections seen so far, in order of first appearance. */
    public List<ConnectionHistory> connections() {
        int n = connections.size();
        List<ConnectionHistory> all = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            all.add(connections.get(i));
        }
        return all;
    }
}
