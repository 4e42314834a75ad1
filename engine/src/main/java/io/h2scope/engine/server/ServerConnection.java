package io.h2scope.engine.server;

import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.core.event.Event;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.stream.StreamIdMap;
import io.h2scope.engine.transport.ConnectionDriver;
import io.h2scope.engine.transport.http1.H2cUpgrade;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The server side of one HTTP/2 connection: turns the core's events into {@link StreamExchange}s,
 * hands each request to the handler on the application executor, and carries the application's
 * response operations back to the loop thread. Everything here runs on the loop thread except
 * {@link #run} and {@link #pushEnabled}.
 */
final class ServerConnection implements ConnectionDriver.Application {

    private static final System.Logger LOG = System.getLogger("h2scope.server");

    private final H2Server server;
    private final H2cUpgrade upgrade;
    private final StreamIdMap<StreamExchange> exchanges = new StreamIdMap<>();
    private final List<StreamExchange> writers = new ArrayList<>();
    private ConnectionDriver driver;
    private volatile Thread loopThread;
    private volatile boolean pushEnabled;
    private volatile boolean closed;

    private final MemoryBudget bodyBudget;
    /** Queued response data of this connection as last counted in the server's budget (loop thread). */
    private long chargedQueue;
    /** This connection's streams in the server's {@link StalledStreams} (loop thread). */
    private final StreamIdMap<StalledStreams.Stall> published = new StreamIdMap<>();
    /** Each tick's count of published stalls, to drop those no longer stalled. */
    private int stallGeneration;

    ServerConnection(H2Server server, H2cUpgrade upgradeOrNull) {
        this.server = server;
        this.upgrade = upgradeOrNull;
        this.bodyBudget = server.connectionBodyBudget();
    }

    /** A stream's share of this connection's body budget, for {@code readBody}. */
    MemoryBudget streamBodyBudget(long maxBytes) {
        return bodyBudget.child("maxBufferedBodyBytesPerStream",
                Math.min(maxBytes, server.config().bodyBudgets().perStream()));
    }

    // ---------------------------------------------------------------- for exchanges

    Http2Connection connection() {
        return driver.connection();
    }

    Executor executor() {
        return server.applicationExecutor();
    }

    long now() {
        return driver.nanoTime();
    }

    String remote() {
        return driver.context().remote();
    }

    boolean isTls() {
        return driver.context().isTls();
    }

    boolean pushEnabled() {
        return pushEnabled && !closed;
    }

    boolean onLoop() {
        return Thread.currentThread() == loopThread;
    }

    /** Runs {@code op} on the loop thread: at once when already there (the driver flushes after its callback). */
    void run(Runnable op) {
        if (closed) {
            op.run(); // every stream is failed by now: the op sees a closed exchange and fails its futures
            return;
        }
        if (onLoop()) {
            op.run();
        } else {
            driver.execute(op);
        }
    }

    void watchWrites(StreamExchange exchange) {
        if (!writers.contains(exchange)) {
            writers.add(exchange);
        }
    }

    void adopt(StreamExchange pushed) {
        exchanges.put(pushed.streamId(), pushed);
    }

    /** Drops the exchange once both the request and the response are complete. */
    void maybeForget(StreamExchange exchange) {
        if (exchange.requestEnded && exchange.responseEnded) {
            forget(exchange);
        }
    }

    void forget(StreamExchange exchange) {
        exchange.releaseBodyBudget();
        if (exchanges.get(exchange.streamId()) == exchange) {
            exchanges.remove(exchange.streamId());
        }
    }

    /** Graceful shutdown of this connection: GOAWAY NO_ERROR with the last stream id (RFC 9113 §6.8). */
    void goAway() {
        run(() -> connection().goAway(ErrorCode.NO_ERROR, "server shutting down"));
    }

    // ---------------------------------------------------------------- driver callbacks

    @Override
    public void onStart(ConnectionDriver d) {
        this.driver = d;
        this.loopThread = Thread.currentThread();
        this.pushEnabled = d.connection().remoteSettings().enablePush();
        server.register(this);
        if (upgrade != null) {
            List<HeaderField> fields = UpgradeRequest.fields(upgrade.request());
            d.connection().acceptUpgrade(upgrade.settingsPayload(), fields, now());
            pushEnabled = d.connection().remoteSettings().enablePush();
            StreamExchange exchange = open(1, fields);
            exchange.onData(upgrade.body(), true);
        }
    }

    @Override
    public void onEvent(Event event) {
        if (event instanceof Event.HeadersReceived h) {
            onHeaders(h);
        } else if (event instanceof Event.DataReceived d) {
            StreamExchange exchange = exchanges.get(d.streamId());
            if (exchange != null) {
                exchange.onData(d.data(), d.endStream());
            } else {
                connection().consumed(d.streamId(), d.data().length);
            }
        } else if (event instanceof Event.StreamReset r) {
            failStream(r.streamId(), r.errorCode(), "stream reset " + (r.byPeer() ? "by the client" : "by the server")
                    + " with " + r.errorName());
        } else if (event instanceof Event.StreamErrorRaised e) {
            failStream(e.error().streamId(), e.error().code().code(), e.error().getMessage());
        } else if (event instanceof Event.RequestRefused r) {
            failStream(r.streamId(), ErrorCode.CANCEL.code(), "request refused with " + r.status() + ": " + r.reason());
        } else if (event instanceof Event.SettingsReceived s) {
            pushEnabled = s.settings().enablePush();
        } else if (event instanceof Event.GoAwayReceived) {
            pushEnabled = false;
        } else if (event instanceof Event.ConnectionClosed c) {
            failAll("connection closed: " + c.reason());
        }
    }

    private void onHeaders(Event.HeadersReceived h) {
        if (h.kind() == Event.HeadersKind.REQUEST && server.refusesNewStreams()) {
            // RFC9113 §8.7: REFUSED_STREAM, as nothing of the request was processed; the client may retry it elsewhere
            connection().reset(h.streamId(), ErrorCode.REFUSED_STREAM);
            server.refusedForMemory();
            server.shedIfOver();
            return;
        }
        if (h.kind() == Event.HeadersKind.REQUEST) {
            StreamExchange exchange = open(h.streamId(), h.headers());
            if (h.endStream()) {
                exchange.endRequest(null);
            }
        } else if (h.kind() == Event.HeadersKind.TRAILERS) {
            StreamExchange exchange = exchanges.get(h.streamId());
            if (exchange != null) {
                exchange.endRequest(h.headers());
            }
        }
    }

    private StreamExchange open(int streamId, List<HeaderField> fields) {
        StreamExchange exchange = new StreamExchange(this, streamId, RequestHeads.of(streamId, fields), now());
        exchanges.put(streamId, exchange);
        H2Handler handler = server.handler();
        Runnable call = () -> {
            try {
                handler.handle(exchange);
            } catch (RuntimeException | AssertionError | LinkageError e) {
                // a handler's own bug gets a 500; an OutOfMemoryError or a StackOverflowError goes on to the loop or
                // pool thread, whose FatalErrorPolicy ends the process
                LOG.log(System.Logger.Level.WARNING, "handler failed on stream " + streamId + " from " + remote(), e);
                run(() -> {
                    if (!exchange.responseHeadersSent && !exchange.closed) {
                        exchange.respond(500, List.of(new HeaderField("content-type", "text/plain")),
                                ByteBuffer.wrap("internal server error\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
                    } else {
                        exchange.reset(ErrorCode.INTERNAL_ERROR);
                    }
                });
            }
        };
        if (handler.isNonBlocking(exchange.request())) {
            exchange.serial.executeHere(call); // on the loop: no hop to the executor and back
        } else {
            exchange.serial.execute(call);
        }
        return exchange;
    }

    @Override
    public void onTick(long nowNanos) {
        chargeQueued(); // streams the core's own deadlines reset are counted off before they leave the stall list
        publishStalls();
        server.shedIfOver();
        long timeout = server.config().readTimeout().toNanos();
        if (timeout == 0 || exchanges.isEmpty()) {
            return;
        }
        List<StreamExchange> expired = new ArrayList<>();
        exchanges.forEachValue(e -> {
            if (!e.requestEnded && !e.closed && nowNanos - e.lastInboundAt >= timeout) {
                expired.add(e);
            }
        });
        for (StreamExchange e : expired) {
            LOG.log(System.Logger.Level.DEBUG, "read timeout on stream " + e.streamId() + " from " + remote());
            connection().reset(e.streamId(), ErrorCode.CANCEL); // the StreamReset event fails the exchange
        }
    }

    @Override
    public void afterFlush() {
        chargeQueued();
        if (writers.isEmpty()) {
            return;
        }
        long limit = server.config().streamWriteBufferBytes();
        Iterator<StreamExchange> it = writers.iterator();
        while (it.hasNext()) {
            StreamExchange e = it.next();
            if (e.releaseWrites(connection().queuedDataBytes(e.streamId()), limit)) {
                it.remove();
            }
        }
    }

    @Override
    public void onClosed(Throwable causeOrNull) {
        failAll(causeOrNull == null ? "connection closed" : "connection failed: " + causeOrNull);
        closed = true;
        bodyBudget.close();
        server.queuedResponses().add(-chargedQueue);
        chargedQueue = 0;
        published.forEachValue(server.stalled()::resumed);
        published.clear();
        server.unregister(this);
    }

    /** Counts what this connection has queued in the server's budget, and sheds when the server is over it. */
    private void chargeQueued() {
        long queued = connection().queuedDataBytes();
        if (queued != chargedQueue) {
            server.queuedResponses().add(queued - chargedQueue);
            boolean grew = queued > chargedQueue;
            chargedQueue = queued;
            if (grew) {
                server.shedIfOver();
            }
        }
    }

    /** Puts this connection's stalled streams into the server's list, oldest wait first, and drops those that moved on. */
    private void publishStalls() {
        int generation = ++stallGeneration;
        connection().forEachStalledStream((id, since, bytes) -> {
            StalledStreams.Stall s = server.stalled().stalled(this, id, since, bytes, published.get(id));
            s.generation = generation;
            published.put(id, s);
        });
        if (published.size() > 0) {
            List<StalledStreams.Stall> gone = new ArrayList<>();
            published.forEachValue(s -> {
                if (s.generation != generation) {
                    gone.add(s);
                }
            });
            for (StalledStreams.Stall s : gone) {
                published.remove(s.streamId);
                server.stalled().resumed(s);
            }
        }
    }

    /**
     * Any thread: the server is over {@code maxBufferedBytes} and this stream has waited longest on a closed window.
     * On the loop it is reset with CANCEL (the request reached the application, so not REFUSED_STREAM: RFC 9113 §8.7)
     * and its writer told which budget ended it.
     */
    void resetStalled(StalledStreams.Stall stall) {
        run(() -> {
            if (published.get(stall.streamId) == stall) {
                published.remove(stall.streamId);
            }
            if (!closed && connection().queuedDataBytes(stall.streamId) > 0) { // else it moved on or ended meanwhile
                failStream(stall.streamId, ErrorCode.CANCEL.code(), "stream reset: the server's maxBufferedBytes"
                        + " budget is spent and this stream had waited longest on a closed flow-control window");
                connection().reset(stall.streamId, ErrorCode.CANCEL);
                chargeQueued();
                server.shedForMemory();
            }
            // only now, with its octets counted off the budget: a shed meanwhile counted them as on their way
            server.stalled().resumed(stall);
        });
    }

    private void failStream(int streamId, long code, String why) {
        StreamExchange exchange = exchanges.remove(streamId);
        if (exchange != null) {
            exchange.fail(new StreamClosedException(streamId, code, why));
        }
    }

    private void failAll(String why) {
        List<StreamExchange> all = new ArrayList<>(exchanges.size());
        exchanges.forEachValue(all::add);
        for (StreamExchange e : all) {
            e.fail(new StreamClosedException(e.streamId(), -1, why));
        }
        exchanges.clear();
        for (StreamExchange e : writers) {
            e.fail(new StreamClosedException(e.streamId(), -1, why));
        }
        writers.clear();
    }
}
