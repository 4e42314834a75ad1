package io.h2scope.engine.client;

import io.h2scope.engine.core.ConnectionState;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamIdMap;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.transport.ConnectionDriver;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLSession;

/**
 * The client side of one HTTP/2 connection, driven by a {@link ConnectionDriver} like the server's
 * connections: turns the core's events into the {@link ClientStream}s' progress and tells its
 * {@link Route} when it is ready, how many streams it takes, and when a slot frees up or it is gone.
 * Everything here runs by the thread that holds the connection (the package's threading model): the loop,
 * or a thread that took it while it was free ({@link ConnectionDriver#tryRunHere}). {@link #start} and
 * {@link #onLoop} are the ways in from any thread.
 *
 * <p>Over 500 lines as one class: it is the one listener of the core's events for a client connection, and each event
 * moves a stream and the route's view of the connection together; a stream's own progress is in {@link ClientStream}.
 */
final class ClientConnection implements ConnectionDriver.Application {

    private static final System.Logger LOG = System.getLogger("h2scope.client");

    /**
     * The stream limit assumed after an h2c upgrade's 101, until the server's SETTINGS say otherwise:
     * RFC9113 §6.5.2 recommends MAX_CONCURRENT_STREAMS "be no smaller than 100". A server with a lower
     * limit refuses the excess with REFUSED_STREAM, which idempotent requests survive by a retry.
     */
    static final int ASSUMED_MAX_CONCURRENT_STREAMS = 100;

    /** GOAWAY debug data shown in an error, at most (a server may send kilobytes). */
    static final int MAX_DEBUG_SHOWN = 200;

    private final ClientRuntime runtime;
    private final StreamSlots route;
    private final long id;
    /** The HTTP/1.1 Upgrade: h2c this connection starts with, or null (TLS, prior knowledge). */
    private final H2cUpgradeRequest upgrade;
    /** The client's {@code callerSpin}, as the reading caller's wait takes it. */
    private final long callerSpinNanos;
    private final StreamIdMap<ClientStream> streams = new StreamIdMap<>();
    private final ConcurrentLinkedQueue<RequestTask<?>> starts = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean startsScheduled = new AtomicBoolean();
    /** Tasks from {@link #onLoop}, run in arrival order by whichever thread has the connection next. */
    private final ConcurrentLinkedQueue<Runnable> mailbox = new ConcurrentLinkedQueue<>();
    private final List<RequestBodyWriter> writers = new ArrayList<>();
    private volatile ConnectionDriver driver;
    private volatile Thread loopThread;
    private volatile boolean closed;
    /** Why the client gave up on this connection (the connect timeout), reported to its streams rather than "closed". */
    private volatile IOException abandonedBecause;
    private boolean ready;
    /** When this connection's input is lent to a blocking caller, and who takes the reading over. */
    private final InputLending lending = new InputLending();
    private volatile boolean peerSettingsReceived;
    /** The server's last GOAWAY: its code says why streams still in flight fail when the connection goes. */
    private volatile Event.GoAwayReceived goAway;
    /** Our own connection error, its rule named, when we ended the connection for one. */
    private volatile String connectionError;

    ClientConnection(ClientRuntime runtime, StreamSlots route, long id) {
        this(runtime, route, id, null);
    }

    ClientConnection(ClientRuntime runtime, StreamSlots route, long id, H2cUpgradeRequest upgrade) {
        this.runtime = runtime;
        this.route = route;
        this.id = id;
        this.upgrade = upgrade;
        this.callerSpinNanos = runtime.config().callerSpin().toNanos();
    }

    H2cUpgradeRequest upgrade() {
        return upgrade;
    }

    /** Loop thread: stream 1 of an upgrade is still live, so it holds one of the route's slots. */
    boolean upgradeStreamLive() {
        return upgrade != null && streams.containsKey(1);
    }

    long id() {
        return id;
    }

    ClientRuntime runtime() {
        return runtime;
    }

    Http2Connection core() {
        return driver.connection();
    }

    Optional<SSLSession> sslSession() {
        return driver.context().sslSession();
    }

    /**
     * Runs {@code r} with the connection to itself: at once when this thread has it or can take it (the loop at
     * work here, or idle), else on the loop thread. After the close, tasks run at once (and see a dead connection).
     */
    void onLoop(Runnable r) {
        mailbox.add(r); // one FIFO for both ways in: a task run here must not overtake one queued for the loop
        if (closed || driver == null) {
            runMailbox();
        } else if (!driver.tryRunHere(this::runMailbox)) {
            driver.execute(this::runMailbox);
        }
    }

    /** With the connection to this thread: runs every task handed to {@link #onLoop} so far, in the order given. */
    private void runMailbox() {
        Runnable r;
        while ((r = mailbox.poll()) != null) {
            try {
                r.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "client task failed on connection " + id, e);
            }
        }
    }

    /**
     * Any thread: opens a stream for {@code task}, which holds one of this connection's slots in the route.
     * From another thread the task is queued, and one loop task opens every stream queued by then: the
     * driver drains the output once after it, so requests sent together leave in one write, not one each.
     */
    void start(RequestTask<?> task) {
        if (closed || driver == null) {
            open(task);
            return;
        }
        // a blocking send, and nothing else works on this connection now (or this thread already does): open the
        // stream and write its HEADERS from here rather than wake the loop for it, one thread hand-off less per
        // request. Asynchronous ones are queued for the loop, so that requests sent together leave in one write.
        // On the loop thread (this connection's work, or another's on the same loop) it opens at once, as it always did.
        if (lending.opensOnThisThread(task.waiter, Thread.currentThread() == loopThread) && starts.isEmpty()
                && driver.tryRunHere(() -> openHere(task))) {
            return;
        }
        starts.add(task);
        if (startsScheduled.compareAndSet(false, true)) {
            driver.execute(this::openQueued);
        }
        if (closed) {
            openQueued(); // closed meanwhile: onClosed may have drained the queue before this task was in it
        }
    }

    /** With the connection to this thread: opens the stream; a blocking caller then reads its response itself if it may. */
    private void openHere(RequestTask<?> task) {
        open(task);
        if (lending.claimsAfterOpening(task.waiter, Thread.currentThread() == loopThread, task.streamIsOn(this))) {
            driver.callers().claimInput(); // its readWhileWaiting follows at once and gives the input back when done
        }
    }

    /** Opens the streams of the tasks queued by {@link #start}; after the close, hands them back to the route. */
    private void openQueued() {
        startsScheduled.set(false); // before draining: a task queued from now on schedules another run
        RequestTask<?> task;
        while ((task = starts.poll()) != null) {
            open(task);
        }
    }

    /** Loop thread (or any after the close): opens the stream, or hands the task back to the route. */
    private void open(RequestTask<?> task) {
        if (task.isOver()) {
            route.release(this);
            return;
        }
        ConnectionState state = core().state();
        if (closed || state == ConnectionState.CLOSED || state == ConnectionState.GOAWAY_RECEIVED
                || state == ConnectionState.GOAWAY_SENT) {
            route.noMoreStreams(this, 0); // so the route does not choose this connection again
            route.release(this);
            route.submitFirst(task);
            return;
        }
        ClientStream stream = new ClientStream(this, task, true);
        try {
            stream.open();
        } catch (IllegalStateException e) {
            // the peer lowered MAX_CONCURRENT_STREAMS, sent GOAWAY or the ids ran out: another connection takes it
            route.noMoreStreams(this, core().liveStreamCount());
            route.release(this);
            route.submitFirst(task);
        }
    }

    /**
     * With the connection held: a response went to its waiting caller; a reading caller's gets this connection's
     * input lent once the work is done, if no other stream is live ({@link InputLending#delivered}).
     */
    void responseDelivered(InputLending.Waiter waiter) {
        lending.delivered(waiter);
    }

    /**
     * A blocking caller's thread: reads this connection's input while it waits for {@code done}, if the loop lent
     * it; returns at once otherwise. The input stays lent after it only while no other stream is live.
     */
    void readWhileWaiting(BooleanSupplier done) {
        ConnectionDriver d = driver;
        if (d != null && !closed) {
            d.callers().readWhileWaiting(done, this::idle, callerSpinNanos);
        }
    }

    /** With the connection to itself: no stream live or about to open, so no one else waits on its input. */
    private boolean idle() {
        return streams.isEmpty() && starts.isEmpty() && writers.isEmpty();
    }

    /** Runs {@code r} once this thread lets go of the connection: a waiting caller woken then can take it at once. */
    void afterRelease(Runnable r) {
        ConnectionDriver d = driver;
        if (d == null || closed) {
            r.run();
        } else {
            d.callers().afterRelease(r);
        }
    }

    void register(ClientStream stream) {
        streams.put(stream.id(), stream);
    }

    void watchWrites(RequestBodyWriter w) {
        if (!writers.contains(w)) {
            writers.add(w);
        }
    }

    /**
     * After an event on {@code streamId}, or our own END_STREAM sent on it: a closed stream frees its slot. The core
     * moves a stream's state before it reports the frame that moved it (RFC 9113 §5.1), so the state read here is
     * the one after the event.
     */
    void afterStreamEvent(int streamId) {
        ClientStream s = streams.get(streamId);
        if (s == null) {
            return;
        }
        if (core().streamState(streamId) == StreamState.CLOSED) {
            streams.remove(streamId);
            s.finish();
            if (s.reserved) {
                route.release(this);
            }
        }
    }

    // ---------------------------------------------------------------- driver callbacks

    @Override
    public void onStart(ConnectionDriver d) {
        driver = d;
        loopThread = Thread.currentThread();
        if (upgrade != null && upgrade.claim()) {
            // RFC7540 §3.2: the 101 came; the upgraded request is stream 1 and its response arrives there
            core().startFromUpgrade(upgrade.settingsHeader(), upgrade.fields(), d.nanoTime());
            new ClientStream(this, upgrade.task(), true).adoptUpgraded();
            // RFC9113 §3.4: "clients are permitted to send additional frames to the server immediately after sending
            // the client connection preface, without waiting to receive the server connection preface": the requests
            // that waited for the upgrade leave with the preface, in one write (apache2 serves only what it reads
            // before its upgraded session first goes idle)
            ready = true;
            route.ready(this, ASSUMED_MAX_CONCURRENT_STREAMS);
        }
    }

    @Override
    public void onEvent(Event event) {
        if (event instanceof Event.HeadersReceived h) {
            ClientStream s = streams.get(h.streamId());
            if (s != null) {
                s.onHeaders(h);
            }
            afterStreamEvent(h.streamId());
        } else if (event instanceof Event.DataReceived d) {
            ClientStream s = streams.get(d.streamId());
            if (s != null) {
                s.onData(d);
            } else {
                core().consumed(d.streamId(), d.data().length);
            }
            afterStreamEvent(d.streamId());
        } else if (event instanceof Event.StreamReset r) {
            ClientStream s = streams.get(r.streamId());
            Event.GoAwayReceived g = goAway;
            if (s != null && g != null && r.byPeer() && r.streamId() > g.lastStreamId()
                    && r.errorCode() == ErrorCode.REFUSED_STREAM.code()) {
                s.onNotProcessed(describe(g)); // the core's report of a stream the GOAWAY cut off, not a RST_STREAM
            } else if (s != null) {
                s.onReset(r.errorCode(), r.byPeer(), "");
            }
            afterStreamEvent(r.streamId());
        } else if (event instanceof Event.StreamErrorRaised e) {
            ClientStream s = streams.get(e.error().streamId());
            if (s != null) {
                s.onReset(e.error().code().code(), false, e.error().getMessage());
            }
            afterStreamEvent(e.error().streamId());
        } else if (event instanceof Event.SettingsReceived s) {
            int max = (int) Math.min(Integer.MAX_VALUE, s.settings().maxConcurrentStreams());
            peerSettingsReceived = true;
            if (!ready) {
                ready = true;
                route.ready(this, max);
            } else {
                route.capacity(this, max);
            }
        } else if (event instanceof Event.PushPromiseReceived p) {
            onPush(p);
        } else if (event instanceof Event.GoAwayReceived g) {
            goAway = g;
            route.noMoreStreams(this, 0); // RFC9113 §6.8: "Receivers of a GOAWAY frame MUST NOT open additional streams"
        } else if (event instanceof Event.ConnectionErrorRaised e) {
            connectionError = "connection error: " + e.error().getMessage();
            failAll(new IOException(connectionError));
        } else if (event instanceof Event.ConnectionClosed && (connectionError != null || goAway != null)) {
            failAll(closedBecause(null)); // else the transport closed it: onClosed, which follows, knows how
        }
    }

    /** RFC 9113 §8.4: a promise is accepted by the push handler, or refused with RST_STREAM CANCEL. */
    private void onPush(Event.PushPromiseReceived p) {
        PushHandler handler = runtime.config().pushHandler();
        H2Request promised = promisedRequest(p.requestHeaders());
        if (handler != null && promised != null) {
            RequestTask<byte[]> task = route.pushedTask(promised);
            CompletableFuture<H2Response<byte[]>> view = task.result.copy();
            boolean accepted;
            try {
                accepted = handler.accept(promised, view);
            } catch (RuntimeException e) {
                accepted = false;
            }
            if (accepted) {
                ClientStream stream = new ClientStream(this, task, false);
                task.beginPushed(stream);
                stream.adoptPushed(p.promisedStreamId());
                return;
            }
        }
        // RFC9113 §8.4.2: "A client can ... reset the promised stream ... with a CANCEL error code"
        core().reset(p.promisedStreamId(), ErrorCode.CANCEL);
    }

    private H2Request promisedRequest(List<HeaderField> fields) {
        String scheme = null;
        String authority = null;
        String path = null;
        String method = "GET";
        H2Request.Builder b = null;
        List<HeaderField> regular = new ArrayList<>();
        for (HeaderField f : fields) {
            switch (f.name()) {
                case ":scheme" -> scheme = f.value();
                case ":authority" -> authority = f.value();
                case ":path" -> path = f.value();
                case ":method" -> method = f.value();
                default -> regular.add(f);
            }
        }
        try {
            b = H2Request.newBuilder(URI.create(scheme + "://" + authority + path)).method(method, null);
            for (HeaderField f : regular) {
                b.header(f.name(), f.value());
            }
            return b.build();
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public void afterFlush() {
        if (lending.lendsNow(idle())) {
            driver.callers().lendInput(); // only the loop lends: ignored when a caller reads this response itself
        }
        if (writers.isEmpty()) {
            return;
        }
        List<RequestBodyWriter> snapshot = new ArrayList<>(writers);
        writers.clear();
        for (RequestBodyWriter w : snapshot) {
            if (!w.onFlushed() && !writers.contains(w)) {
                writers.add(w);
            }
        }
    }

    @Override
    public void onClosed(Throwable causeOrNull) {
        closed = true;
        openQueued(); // tasks queued for a loop task that will not run now: each goes back to the route
        IOException why = closedBecause(causeOrNull);
        failAll(why);
        route.gone(this, why);
        runMailbox(); // tasks the loop will not run now see the closed connection
    }

    /** Any thread, before aborting the transport: the streams will fail with {@code cause}. */
    void abandon(IOException cause) {
        abandonedBecause = cause;
    }

    private void failAll(IOException closedCause) {
        IOException cause = abandonedBecause != null ? abandonedBecause : closedCause;
        List<ClientStream> all = new ArrayList<>(streams.size());
        streams.forEachValue(all::add);
        streams.clear();
        writers.clear();
        for (ClientStream s : all) {
            s.connectionLost(cause);
            if (s.reserved) {
                route.release(this);
            }
        }
    }

    /**
     * Why the connection ended, for the requests it did not finish: our own connection error, the server's GOAWAY, or
     * what the server did when it closed without one (before its SETTINGS, inside a frame), never a bare "closed".
     */
    private IOException closedBecause(Throwable transportError) {
        if (connectionError != null) {
            return new IOException(connectionError, transportError);
        }
        String what = transportError == null ? "the server closed the connection" : "the connection failed ("
                + transportError.getMessage() + ")";
        if (goAway != null) {
            return new IOException(what + goAwayNote(), transportError);
        }
        return new IOException(what + " without a GOAWAY" + progress(), transportError);
    }

    /** How far the server had got: its SETTINGS or not, and the frame it stopped inside. */
    private String progress() {
        ConnectionDriver d = driver;
        Http2Connection core = d == null ? null : d.connection();
        if (core == null) {
            return " before it was ready";
        }
        String frame = core.partialInputFrame().map(p -> ", inside a frame (" + p.read() + " of its " + p.expected()
                + " octets came)").orElse("");
        if (!peerSettingsReceived) {
            return " before its SETTINGS" + (core.bytesReceived() == 0 ? " (it sent nothing)" : "") + frame;
        }
        return frame;
    }

    /**
     * Why the server gave up the connection, for the error of the streams it did not finish: a bare
     * "transport closed" after GOAWAY ENHANCE_YOUR_CALM (nginx's answer to an oversized header) hides
     * the cause. Streams up to the last id may have been processed, so they are failed, not retried.
     */
    private String goAwayNote() {
        Event.GoAwayReceived g = goAway;
        if (g == null) {
            return "";
        }
        return " after " + describe(g)
                + "; RFC 9113 §6.8: streams up to the last id may have been processed, so they are not retried";
    }

    /** "the server's GOAWAY CODE (last stream N, debug "...")", the debug data printable and cut at {@link #MAX_DEBUG_SHOWN}. */
    private static String describe(Event.GoAwayReceived g) {
        String debug = new String(g.debugData(), StandardCharsets.US_ASCII).replaceAll("[^\\x20-\\x7e]", "?");
        if (debug.length() > MAX_DEBUG_SHOWN) {
            debug = debug.substring(0, MAX_DEBUG_SHOWN) + "…";
        }
        return "the server's GOAWAY " + g.errorName() + " (last stream " + g.lastStreamId()
                + (debug.isEmpty() ? "" : ", debug \"" + debug + "\"") + ")";
    }

    /** Graceful close: GOAWAY NO_ERROR; streams in flight finish first (RFC 9113 §6.8). */
    void goAway() {
        if (driver != null && !closed) {
            onLoop(() -> core().goAway(ErrorCode.NO_ERROR, "client closing"));
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** Started (for an upgrade: after the 101) but the server's SETTINGS have not come yet: the connect timeout still runs. */
    boolean awaitingPeerSettings() {
        return driver != null && !peerSettingsReceived && !closed;
    }
}
