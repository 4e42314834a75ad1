package io.h2scope.engine.trace.live;

import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.config.TraceFileRecording;
import io.h2scope.engine.trace.attach.AttachServer;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.config.TraceCategory;
import io.h2scope.engine.trace.config.FileFailure;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.config.TraceLevel;
import io.h2scope.engine.trace.config.TraceOnly;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.log.CategoryLog;
import io.h2scope.engine.trace.log.LogbackSetup;
import io.h2scope.engine.trace.log.TextTraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.text.Redaction;

import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The tracing of a process that can be changed while it runs ({@code H2SCOPE_TRACE_LISTEN}) or that traces only some
 * connections ({@code H2SCOPE_TRACE_ONLY}): the text categories, the JSONL recording and the attach stream, each of
 * them switchable live by the commands of the attach socket ({@link LiveControl}): levels, the filter, a recording
 * started and stopped.
 *
 * <p>A facade asks {@link #forConnection} for each connection's sink ({@link LiveConnection}): it decides whether the
 * connection is traced and reads this trace's state, one volatile reference, before each event. With nothing on, or
 * for a connection the filter leaves out, it says {@link TraceSink#enabled() off} and the connection builds nothing,
 * as with tracing off; a change reaches connections already open at their next event (levels and the filter), and a
 * recording or reader that joins gets each open connection's opening and a snapshot first (the connection publishes
 * them when {@linkplain LiveConnection#wake() woken}, or before its next frame).
 *
 * <p>Events handed to this sink itself (an {@code Http2Observer}'s, a sink composed with others) are traced per
 * connection id through an {@link ObservedConnection}.
 */
public final class LiveTrace implements TraceSink, AutoCloseable {

    /** What is in force: each category's level, the filter, the recording, the readers attached. */
    public record Status(Map<TraceCategory, TraceLevel> levels, Optional<TraceOnly> only, Optional<Path> recording,
            int readers) {
    }

    /** Read by every connection before each event; replaced whole, under this object's lock, at each change. */
    volatile LiveState state;

    private final CategoryLog log;
    private final TextTraceSink text;
    private final Redaction redaction;
    private final long dataMax;
    private final long maxBytes;
    private final PrintStream errors;
    private volatile AttachServer attach;
    /** Connections with a driver that can wake them, by id. */
    private final Map<Long, LiveConnection> open = new ConcurrentHashMap<>();
    private final Map<Long, ObservedConnection> observed = new ConcurrentHashMap<>();
    // guarded by this
    private TraceOnly only;
    private JsonlTraceWriter recording;
    private Path recordingPath;
    private final List<TraceSink> readers = new ArrayList<>();

    private LiveTrace(TraceConfig config, CategoryLog log, PrintStream errors, Consumer<String> control) {
        this.log = log;
        this.text = new TextTraceSink(log, config.redaction());
        this.redaction = config.redaction();
        this.dataMax = config.traceDataMax();
        this.maxBytes = config.traceMaxBytes();
        this.errors = errors;
        this.only = config.traceOnly().orElse(null);
        recording = TraceFileRecording.open(config, errors).orElse(null);
        recordingPath = recording == null ? null : config.traceFile().get();
        rebuild();
        if (config.traceListen().isPresent()) {
            try {
                bind(config.traceListen().get(), errors, control);
            } catch (IOException | RuntimeException e) {
                errors.println("h2scope: ignoring " + TraceConfig.TRACE_LISTEN + "=\"" + config.traceListen().get()
                        + "\": it cannot be bound (" + FileFailure.reason(e) + "); accepted: a free Unix socket path, or 127.0.0.1:PORT");
            }
        }
    }

    private void bind(ListenAddress address, PrintStream notices, Consumer<String> control) throws IOException {
        attach = new AttachServer(address, notices, new LiveControl(this, control));
    }

    /**
     * The live trace {@code config} asks for: its levels are those {@code log} has (set from the environment by the
     * caller), its recording and attach socket opened (one that cannot be is reported on {@code errors} and left out),
     * what is changed live told to {@code control}.
     */
    public static LiveTrace start(TraceConfig config, CategoryLog log, PrintStream errors, Consumer<String> control) {
        return new LiveTrace(config, log, errors, control);
    }

    /**
     * Only the attach socket at {@code address}, with credentials hidden and DATA left out ({@link TraceConfig#OFF}'s
     * redaction): nothing is traced until a reader attaches or a recording is started; no text categories. Changes
     * are told on {@value LogbackSetup#CONTROL_LOGGER}.
     *
     * @throws IOException when the address cannot be bound
     */
    public static LiveTrace listening(ListenAddress address, PrintStream notices) throws IOException {
        LiveTrace trace = new LiveTrace(TraceConfig.OFF, CategoryLog.NONE, notices, null);
        trace.bind(address, notices, LoggerFactory.getLogger(LogbackSetup.CONTROL_LOGGER)::info);
        return trace;
    }

    /** The attach socket, when {@code H2SCOPE_TRACE_LISTEN} bound one. */
    public Optional<AttachServer> attachServer() {
        return Optional.ofNullable(attach);
    }

    // ---------------------------------------------------------------- connections

    /** Connection {@code connectionId}'s own sink, which decides whether it is traced. */
    @Override
    public TraceSink forConnection(long connectionId) {
        return new LiveConnection(this, connectionId);
    }

    Redaction redaction() {
        return redaction;
    }

    long dataMax() {
        return dataMax;
    }

    /** A connection with a driver is open: it can be woken. */
    void opened(LiveConnection connection) {
        open.put(connection.id(), connection);
    }

    void closed(LiveConnection connection) {
        open.remove(connection.id(), connection);
    }

    /** Connections open with a driver now (tests). */
    java.util.Collection<LiveConnection> openConnections() {
        return open.values();
    }

    // ---------------------------------------------------------------- events given to the trace itself

    /** On: the connections traced through this sink itself are modelled whether or not anything is traced. */
    @Override
    public boolean enabled() {
        return true;
    }

    @Override
    public void onEvent(TraceEvent event) {
        long id = event.connectionId();
        observed(id).onEvent(event);
        if (event instanceof ConnectionClosed) {
            observed.remove(id);
        }
    }

    private ObservedConnection observed(long id) {
        return observed.computeIfAbsent(id, key -> new ObservedConnection(new LiveConnection(this, key)));
    }

    /** The consumers' batches around {@code events}, as a composition of them would. */
    @Override
    public void batch(Runnable events) {
        batch(state.consumers(), 0, events);
    }

    static void batch(TraceSink[] sinks, int from, Runnable events) {
        if (from == sinks.length) {
            events.run();
        } else {
            sinks[from].batch(() -> batch(sinks, from + 1, events));
        }
    }

    // ---------------------------------------------------------------- changes

    /** What is in force now. */
    public synchronized Status status() {
        EnumMap<TraceCategory, TraceLevel> levels = new EnumMap<>(TraceCategory.class);
        for (TraceCategory category : TraceCategory.values()) {
            levels.put(category, log.levelOf(category));
        }
        return new Status(levels, Optional.ofNullable(only), Optional.ofNullable(recordingPath), readers.size());
    }

    /**
     * Sets each category to its level in {@code levels}; connections already open log at them from their next event.
     *
     * @throws IllegalStateException when the logging backend cannot be changed (it is not logback)
     */
    public synchronized Status setLevels(Map<TraceCategory, TraceLevel> levels) {
        for (Map.Entry<TraceCategory, TraceLevel> level : levels.entrySet()) {
            if (log.levelOf(level.getKey()) != level.getValue() && !log.setLevel(level.getKey(), level.getValue())) {
                throw new IllegalStateException("the logging backend is not logback: set the h2scope.* levels in its "
                        + "own configuration");
            }
        }
        rebuild();
        return status();
    }

    /** Traces only what {@code value} matches (all connections when empty); open connections are decided again. */
    public synchronized Status setOnly(Optional<TraceOnly> value) {
        only = value.orElse(null);
        rebuild();
        wakeAll();
        return status();
    }

    /**
     * Starts recording to {@code file} (created {@code rw-------}, rolled as {@code H2SCOPE_TRACE_MAX_BYTES} says);
     * each open connection traced puts its opening and a snapshot in it first.
     *
     * @throws IllegalStateException when a recording runs already
     * @throws IOException           when the file cannot be opened
     */
    public synchronized Status startRecording(Path file) throws IOException {
        if (recording != null) {
            throw new IllegalStateException("a recording to " + recordingPath + " runs already: stop it first");
        }
        recording = new JsonlTraceWriter(file, maxBytes, errors);
        recordingPath = file;
        rebuild();
        wakeAll();
        return status();
    }

    /**
     * Stops the recording: events from now on are not in it, those before are written and the file closed.
     *
     * @throws IllegalStateException when nothing is being recorded
     */
    public synchronized Status stopRecording() throws IOException {
        if (recording == null) {
            throw new IllegalStateException("nothing is being recorded");
        }
        JsonlTraceWriter stopped = recording;
        recording = null;
        recordingPath = null;
        rebuild();
        stopped.stop(); // an event a connection is writing this moment is dropped
        return status();
    }

    synchronized void readerAttached(TraceSink reader) {
        readers.add(reader);
        rebuild();
        wakeAll();
    }

    synchronized void readerDetached(TraceSink reader) {
        readers.remove(reader);
        rebuild();
    }

    /** The state for what is in force now (under the lock). */
    private void rebuild() {
        List<TraceSink> consumers = new ArrayList<>();
        List<Boolean> opening = new ArrayList<>();
        if (text.enabled()) {
            consumers.add(text);
            opening.add(false);
        }
        if (recording != null) {
            consumers.add(recording);
            opening.add(true);
        }
        for (TraceSink reader : readers) {
            consumers.add(reader);
            opening.add(true);
        }
        boolean[] need = new boolean[opening.size()];
        for (int i = 0; i < need.length; i++) {
            need[i] = opening.get(i);
        }
        state = new LiveState(only, consumers.toArray(new TraceSink[0]), need, text.wantsHpackDetail());
    }

    /** Each open connection publishes its opening if someone who joined wants it. */
    private void wakeAll() {
        for (LiveConnection connection : open.values()) {
            connection.wake();
        }
        for (ObservedConnection connection : observed.values()) {
            connection.wake();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (attach != null) {
            attach.close();
        }
        if (recording != null) {
            recording.close();
            recording = null;
            recordingPath = null;
        }
        readers.clear();
        rebuild();
    }
}
