package io.h2scope.engine.transport;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.ConnectionState;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.SwitchableSink;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.WireTap;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.trace.model.Http1Head;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Pumps bytes between a transport and one sans-IO {@link Http2Connection}, on the connection's loop
 * thread: reads go to {@code receive}, output is drained into transport writes, time is passed in by a
 * periodic tick (SETTINGS_TIMEOUT, preface, idle and ping timers of {@link DriverConfig}).
 *
 * <p><b>Back-pressure.</b> Output is drained only while the transport holds less than
 * {@link DriverConfig#maxPendingWriteBytes()}; past it DATA waits in the core (whose own
 * {@code maxOutputBufferBytes} stops the scheduler), and draining resumes on {@code onWritable}.
 *
 * <p><b>Ending.</b> Once the core is closed (a connection error, GOAWAY with no stream left, a timer)
 * whatever it wrote is handed to the transport and the transport is closed, which flushes it first.
 *
 * <p><b>Isolation.</b> An exception from the {@link Application} never reaches the loop: it is logged,
 * and an event on a stream resets that stream with INTERNAL_ERROR.
 *
 * <p>Over 500 lines as one class: reads, output draining, timers and the tracing hooks all run on the one connection
 * and must happen in the order the core sees them; each of the four parts reads the state the others change (what is
 * pending, whether the core is closed, the time last passed in).
 */
public final class ConnectionDriver implements ConnectionHandler {

    private static final System.Logger LOG = System.getLogger("h2scope.conn");
    private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int MAX_PUMP_ROUNDS = 64; // then other connections of the loop get their turn
    private static final int SCRATCH_BYTES = 64 * 1024;
    /** Output is drained through one direct buffer per loop thread, not a new buffer per write. */
    private static final ThreadLocal<ByteBuffer> SCRATCH = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(SCRATCH_BYTES));
    /** Callers that write their requests or read their responses themselves drain through a small heap buffer: they may be many. */
    private static final ThreadLocal<ByteBuffer> CALLER_SCRATCH = ThreadLocal.withInitial(() -> ByteBuffer.allocate(4096));

    static {
        // loaded with the first connection, not at the first close: a close may come when descriptors are short, and
        // loading a class from a directory needs one
        ConnectionClosed.Cause.values();
    }

    /** The protocol user of the connection (a server's request dispatch, a client). Runs on the loop thread. */
    public interface Application {

        /** The core exists and its preface is queued; {@link ConnectionDriver#connection()} is usable. */
        void onStart(ConnectionDriver driver);

        /** One event of the core, in order. Commands may be called on the connection from here. */
        void onEvent(Event event);

        /** Called on each tick, after the driver's own timers: per-request timeouts live here. */
        default void onTick(long nowNanos) {
        }

        /** Output was handed to the transport: writers waiting on back-pressure may be released. */
        default void afterFlush() {
        }

        /** The transport is closed; called once, last. */
        default void onClosed(Throwable causeOrNull) {
        }
    }

    private final Role role;
    private final ConnectionConfig config;
    private final DriverConfig driverConfig;
    private final Application app;
    private final LongSupplier clock;
    private final long tickNanos;
    /** The trace sink's byte tap, or null (the usual case: nothing per read or write). */
    private final WireTap tap;
    private ConnectionContext ctx;
    /** The transport's caller-side fast paths (client NIO connections), or {@link CallerAccess#LOOP_ONLY}. */
    private volatile CallerAccess callers = CallerAccess.LOOP_ONLY;
    private Http2Connection connection;
    private Cancellable tickTimer;
    private long openedAt;
    private long lastReadAt;
    private long lastActiveAt;
    private long lastPingAt;
    private boolean pingOutstanding;
    private boolean pumping;
    private boolean closeRequested;
    private boolean transportClosed;
    /** The ping timer gave the peer up ({@link #checkTimers}). */
    private boolean peerVanished;
    private String cleartextNegotiation = ConnectionOrigin.H2C;
    /** The HTTP/1.1 heads exchanged before HTTP/2 began, for the opening's trace; usually none. */
    private List<Http1Head> http1Heads = List.of();
    private Clock wallClock = Clock.systemUTC();
    /** Told once when the peer's preface and first SETTINGS are complete; null once told. */
    private Runnable onPrefaceReceived;
    // the work of a task, a caller's task and a read, made once: run in a batch when traced ({@link #inBatch})
    private final Consumer<Runnable> runTask = this::runTask;
    private final Consumer<Runnable> runHere = this::runHere;
    private final Consumer<ByteBuffer> receive = this::receive;
    /** Inside an entry point that pumps when it is done (a read, a task, a tick, the open). */
    private boolean working;
    /** What a server's listener learns of this connection's streams, to shed it when idle at a cap; or null. */
    private ConnectionActivity activity;

    /**
     * @param applicationTimer the shortest timeout the application checks in {@link Application#onTick}
     *                         (ticks come at least twice as often), or zero
     */
    public ConnectionDriver(Role role, ConnectionConfig config, DriverConfig driverConfig, Application app,
            LongSupplier clock, Duration applicationTimer) {
        this.role = Objects.requireNonNull(role, "role");
        this.config = Objects.requireNonNull(config, "config");
        this.driverConfig = Objects.requireNonNull(driverConfig, "driverConfig");
        this.app = Objects.requireNonNull(app, "app");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tap = config.traceSink().enabled() ? config.traceSink().wireTap() : null;
        long shortest = shortest(Duration.ofNanos(shortest(driverConfig.shortestTimer(), applicationTimer)),
                coreDeadlines(config));
        this.tickNanos = shortest == 0 ? MAX_TICK_NANOS : Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, shortest / 2));
    }

    public ConnectionDriver(Role role, ConnectionConfig config, DriverConfig driverConfig, Application app) {
        this(role, config, driverConfig, app, System::nanoTime, Duration.ZERO);
    }

    // ---------------------------------------------------------------- for the application

    /** The wall clock the opening trace event reads the time of the connection's start from (the system's by default). Before onOpen. */
    public void wallClock(Clock clock) {
        wallClock = Objects.requireNonNull(clock, "clock");
    }

    /** How a cleartext connection came to HTTP/2, for the {@code conn} trace: "h2c" (prior knowledge, the default) or "h2c upgrade". Before onOpen. */
    public void cleartextNegotiation(String how) {
        cleartextNegotiation = Objects.requireNonNull(how, "how");
    }

    /**
     * An HTTP/1.1 head exchanged before HTTP/2 began (an h2c upgrade's request or answer, {@code sent} by this side or
     * not): the core publishes it after its opening, as an {@link Http1Head} event. Before onOpen, on the loop thread.
     */
    public void http1Head(boolean sent, String head) {
        List<Http1Head> heads = new ArrayList<>(http1Heads);
        heads.add(new Http1Head(config.connectionId(), 0, sent, head));
        http1Heads = heads;
    }

    /** Runs {@code task} on the loop thread once the peer's preface and first SETTINGS are in (e.g. {@link HandshakeDeadline#complete}). Before onOpen. */
    public void whenPrefaceReceived(Runnable task) {
        onPrefaceReceived = Objects.requireNonNull(task, "task");
    }

    /** The core; use it only on the loop thread (in callbacks or {@link #execute} tasks). */
    public Http2Connection connection() {
        return connection;
    }

    public ConnectionContext context() {
        return ctx;
    }

    public long nanoTime() {
        return clock.getAsLong();
    }

    /**
     * Runs {@code task} on the loop thread, then drains the output it produced; safe from any thread.
     * A throwing task is logged, never fatal to the loop.
     */
    public void execute(Runnable task) {
        ctx.execute(() -> {
            if (transportClosed) {
                return;
            }
            inBatch(runTask, task);
        });
    }

    private void runTask(Runnable task) {
        boolean outer = working;
        working = true;
        try {
            stampTime();
            task.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "application task failed on " + ctx.remote(), e);
        } finally {
            working = outer;
        }
        pump();
    }

    /**
     * Runs {@code task} on the calling thread and drains its output into the socket from there, when the
     * transport allows it ({@link CallerAccess#runExclusively}: client connections, h2c and TLS) and
     * nothing else is working on the connection this moment. Returns false, without running it, otherwise:
     * the caller then uses {@link #execute}. Saves waking the loop thread for a request sent from outside it.
     */
    public boolean tryRunHere(Runnable task) {
        return callers.runExclusively(() -> { // the state is read with the connection to this thread
            if (transportClosed || connection == null) {
                return false;
            }
            inBatch(runHere, task);
            return true;
        });
    }

    private void runHere(Runnable task) {
        try {
            stampTime();
            task.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "application task failed on " + ctx.remote(), e);
        }
        if (!pumping && !working) { // else this thread is inside this connection's own work, which drains it after
            pump();
        }
    }

    /**
     * What callers' threads may do on the connection themselves (lend and read its input, run after letting go):
     * the transport's {@link CallerAccess}, or {@link CallerAccess#LOOP_ONLY} when everything runs on the loop.
     */
    public CallerAccess callers() {
        return callers;
    }

    /** Drains output into the transport now (on the loop thread); commands do not flush by themselves. */
    public void pump() {
        if (transportClosed || connection == null || pumping) {
            return;
        }
        pumping = true;
        try {
            stampTime();
            if (activity != null) { // before the output goes: whatever it answers was read with this state told
                if (connection.liveStreamCount() > 0) {
                    activity.busy();
                } else if (!activity.isIdle()) {
                    activity.idle(clock.getAsLong());
                }
            }
            int rounds = 0;
            do {
                drainToTransport();
                if (!closeRequested) {
                    guarded(app::afterFlush); // may queue more (inline application operations): go round again
                }
            } while (!closeRequested && !transportClosed && connection.hasOutput()
                    && ctx.pendingWriteBytes() < driverConfig.maxPendingWriteBytes() && ++rounds < MAX_PUMP_ROUNDS);
        } finally {
            pumping = false;
        }
    }

    private void drainToTransport() {
        boolean ending = connection.state() == ConnectionState.CLOSED;
        long limit = driverConfig.maxPendingWriteBytes();
        int n;
        ByteBuffer chunk = callers.onLoopThread() ? SCRATCH.get() : CALLER_SCRATCH.get();
        while ((n = Math.min(Math.min(connection.pendingOutputBytes(), driverConfig.writeChunkBytes()), chunk.capacity())) > 0) {
            if (!ending && ctx.pendingWriteBytes() >= limit) {
                ctx.flush(); // the socket may take it all now; if not, onWritable follows
                if (ctx.pendingWriteBytes() >= limit) {
                    break;
                }
            }
            chunk.clear().limit(n);
            connection.drainOutput(chunk);
            chunk.flip();
            if (tap != null) {
                tap.sent(config.connectionId(), chunk.asReadOnlyBuffer());
            }
            ctx.writeCopy(chunk);
        }
        ctx.flush();
        // a closed core has bounded output left: all of it went over; the transport's close flushes it
        if (ending && !closeRequested) {
            closeRequested = true;
            ctx.close();
        }
    }

    // ---------------------------------------------------------------- transport callbacks

    @Override
    public void onOpen(ConnectionContext context) {
        this.ctx = context;
        this.callers = context.capability(CallerAccess.class).orElse(CallerAccess.LOOP_ONLY);
        this.activity = context.capability(ConnectionActivity.class).orElse(null);
        if (activity != null) {
            // shed at a cap: GOAWAY NO_ERROR, so that a stream the client is sending now is still served (RFC 9113 §6.8)
            activity.onShed(() -> execute(() -> connection.goAway(ErrorCode.NO_ERROR,
                    "idle connection shed for a new one at the server's connection limit")));
        }
        long now = clock.getAsLong();
        openedAt = now;
        lastReadAt = now;
        lastActiveAt = now;
        lastPingAt = now;
        SwitchableSink switchable = config.traceSink() instanceof SwitchableSink live ? live : null;
        connection = new Http2Connection(role, config, this::deliver, now,
                config.traceSink().enabled() || switchable != null ? origin(wallClock.instant()) : ConnectionOrigin.UNKNOWN);
        if (switchable != null) { // a recording started or a reader attached: an idle connection tells them its state
            switchable.wakeWith(() -> execute(connection::traceCatchUp));
        }
        working = true;
        try {
            guarded(() -> app.onStart(this));
        } finally {
            working = false;
        }
        tickTimer = ctx.schedule(this::tick, tickNanos, TimeUnit.NANOSECONDS);
        pump();
    }

    /**
     * A read's events (the frames read, the answers they caused) reach a traced connection's sink as one batch, as do
     * a task's ({@link #execute}, {@link #tryRunHere}): a file writer queues their lines together and puts a frame's
     * window and state changes in its line ({@link TraceSink#batch}).
     */
    @Override
    public void onRead(ByteBuffer bytes) {
        inBatch(receive, bytes);
    }

    /**
     * {@code work.accept(input)}, as one batch of a traced connection's events ({@link TraceSink#batch}); untraced, it
     * allocates nothing (the works are fields made once).
     */
    private <T> void inBatch(Consumer<T> work, T input) {
        TraceSink trace = config.traceSink();
        if (trace.enabled()) {
            trace.batch(() -> work.accept(input));
        } else {
            work.accept(input);
        }
    }

    private void receive(ByteBuffer bytes) {
        long now = clock.getAsLong();
        lastReadAt = now;
        lastActiveAt = now;
        boolean outer = working;
        working = true;
        try {
            if (tap != null) {
                tap.received(config.connectionId(), bytes.asReadOnlyBuffer());
            }
            connection.receive(bytes, now);
            if (onPrefaceReceived != null && connection.state() != ConnectionState.PREFACE_PENDING) {
                Runnable task = onPrefaceReceived;
                onPrefaceReceived = null;
                task.run();
            }
        } finally {
            working = outer;
        }
        pump();
    }

    @Override
    public void onWritable() {
        pump();
    }

    @Override
    public void onClose(Throwable causeOrNull) {
        transportClosed = true;
        if (tickTimer != null) {
            tickTimer.cancel();
        }
        if (connection != null) {
            connection.transportClosed(clock.getAsLong(), peerVanished ? ConnectionClosed.Cause.PEER_VANISHED
                    : causeOrNull != null ? ConnectionClosed.Cause.IO_ERROR : ConnectionClosed.Cause.TRANSPORT_CLOSED,
                    causeOrNull == null || peerVanished ? null : String.valueOf(causeOrNull.getMessage()));
        }
        guarded(() -> app.onClosed(causeOrNull));
    }

    /**
     * While tracing, hands the core the time before the application's commands and the output they queue: else their
     * events would carry the time of the last read or tick, up to a tick ago. Untraced, the core needs no more.
     */
    private void stampTime() {
        if (connection != null && config.traceSink().enabled()) {
            connection.timeIs(clock.getAsLong());
        }
    }

    /** What this transport knows of the connection, for its opening trace event; {@code clock}: the wall clock now. */
    private ConnectionOrigin origin(Instant clock) {
        return ConnectionOrigins.of(ctx, cleartextNegotiation, ctx.serverName().orElse(null), clock)
                .withHttp1Heads(http1Heads);
    }

    // ---------------------------------------------------------------- internals

    private void deliver(Event event) {
        if (event instanceof Event.PingAcked) {
            pingOutstanding = false;
        }
        try {
            app.onEvent(event);
        } catch (RuntimeException e) {
            int streamId = streamOf(event);
            LOG.log(System.Logger.Level.WARNING, "application failed on " + event.getClass().getSimpleName()
                    + (streamId > 0 ? " of stream " + streamId : "") + " from " + ctx.remote(), e);
            if (streamId > 0 && connection.state() != ConnectionState.CLOSED) {
                try {
                    connection.reset(streamId, ErrorCode.INTERNAL_ERROR);
                } catch (RuntimeException ignored) {
                    // the stream is already gone
                }
            }
        }
    }

    private void tick() {
        if (transportClosed) {
            return;
        }
        long now = clock.getAsLong();
        working = true;
        try {
            connection.tick(now);
            if (connection.state() != ConnectionState.CLOSED) {
                checkTimers(now);
            }
            if (transportClosed) {
                return;
            }
            if (connection.state() != ConnectionState.CLOSED) {
                guarded(() -> app.onTick(now));
            }
        } finally {
            working = false;
        }
        pump();
        if (!transportClosed) {
            tickTimer = ctx.schedule(this::tick, tickNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void checkTimers(long now) {
        Duration preface = driverConfig.prefaceTimeout();
        if (!preface.isZero() && connection.state() == ConnectionState.PREFACE_PENDING
                && now - openedAt >= preface.toNanos()) {
            connection.goAway(ErrorCode.NO_ERROR, "no connection preface within " + preface.toMillis() + " ms");
            return;
        }
        Duration first = driverConfig.firstStreamTimeout();
        if (!first.isZero() && !connection.hasOpenedStreams() && now - openedAt >= first.toNanos()) {
            connection.idleTimeout("no stream within " + first.toMillis() + " ms (firstStreamTimeout)");
            return;
        }
        Duration idle = driverConfig.idleTimeout();
        if (connection.liveStreamCount() > 0) {
            lastActiveAt = now; // a live stream is activity, even a silent one
        } else if (!idle.isZero() && now - lastActiveAt >= idle.toNanos()) {
            connection.idleTimeout("idle for " + idle.toMillis() + " ms");
            return;
        }
        Duration ping = driverConfig.pingInterval();
        if (!ping.isZero() && now - Math.max(lastReadAt, lastPingAt) >= ping.toNanos()) {
            if (pingOutstanding && lastReadAt < lastPingAt) {
                // the peer read nothing and answered nothing for a whole interval: it is gone, do not wait to flush
                LOG.log(System.Logger.Level.DEBUG, "no PING ACK from " + ctx.remote() + " within " + ping);
                closeRequested = true;
                peerVanished = true;
                ctx.abort();
                return;
            }
            pingOutstanding = true;
            lastPingAt = now;
            connection.ping(now);
        }
    }

    private void guarded(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "application callback failed on " + (ctx == null ? "?" : ctx.remote()), e);
        }
    }

    private static int streamOf(Event event) {
        if (event instanceof Event.HeadersReceived e) {
            return e.streamId();
        }
        if (event instanceof Event.DataReceived e) {
            return e.streamId();
        }
        return event instanceof Event.StreamReset e ? e.streamId() : 0;
    }

    /** The shortest progress deadline the core checks on each tick (Limits), or zero when all are off. */
    private static Duration coreDeadlines(ConnectionConfig config) {
        var l = config.limits();
        long min = 0;
        for (long d : new long[] {l.sendStallTimeoutNanos(), l.headerBlockTimeoutNanos(),
                l.minRequestBodyRate() > 0 ? Math.max(1, l.requestBodyGraceNanos()) : 0}) {
            if (d > 0 && (min == 0 || d < min)) {
                min = d;
            }
        }
        return Duration.ofNanos(min);
    }

    private static long shortest(Duration a, Duration b) {
        long x = a.toNanos();
        long y = b == null ? 0 : b.toNanos();
        if (x == 0) {
            return y;
        }
        return y == 0 ? x : Math.min(x, y);
    }
}
