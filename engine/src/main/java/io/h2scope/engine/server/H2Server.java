package io.h2scope.engine.server;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.limits.Limits;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.AcceptLimits;
import io.h2scope.engine.transport.ConnectionDriver;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.DriverConfig;
import io.h2scope.engine.transport.FatalErrorPolicy;
import io.h2scope.engine.transport.HandshakeDeadline;
import io.h2scope.engine.transport.IntervalLog;
import io.h2scope.engine.transport.NioEventLoopGroup;
import io.h2scope.engine.transport.NioServer;
import io.h2scope.engine.transport.TransportConfig;
import io.h2scope.engine.transport.http1.H2Handlers;
import io.h2scope.engine.transport.http1.H2cUpgrade;
import io.h2scope.engine.transport.http1.Http1Limits;
import io.h2scope.engine.transport.http1.Http1Responses;
import io.h2scope.engine.transport.http1.ServerProtocols;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.PemFiles;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * An HTTP/2 server: a listening socket, selector threads running the sans-IO core through
 * {@link ConnectionDriver}, and an {@link H2Handler} called per request on an application executor.
 * Over TLS it speaks h2 (ALPN); in cleartext h2c by prior knowledge and by {@code Upgrade: h2c} on the
 * same port, and a plain HTTP/1.1 request gets a clear refusal. See docs/SERVER.md.
 *
 * <pre>{@code
 * H2Server server = H2Server.builder().port(0).handler(ex -> ex.respond(200, List.of(),
 *         ByteBuffer.wrap("hi\n".getBytes()))).start();
 * ... server.port() ...
 * server.shutdown(Duration.ofSeconds(5));
 * }</pre>
 *
 * <p>Over 500 lines with its {@link Builder}, which keeps every server option beside the server that takes it; the
 * connections' own work is in {@code ServerConnection} and the transport.
 */
public final class H2Server implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("h2scope.server");

    private final ServerConfig config;
    private final H2Handler handler;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final NioEventLoopGroup group;
    private final NioServer listener;
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicLong connectionIds = new AtomicLong();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong handshakeTimeouts = new AtomicLong();
    /** Everything the server buffers for its peers: queued response data and buffered request bodies. */
    private final MemoryBudget buffered;
    private final MemoryBudget bodyBudget;
    /** Response data queued behind closed windows, counted by each connection after its output is flushed. */
    private final MemoryBudget queuedResponses;
    private final StalledStreams stalled = new StalledStreams();
    /** Refused streams and shed ones, in one line per interval with counts. */
    private final IntervalLog memoryLog;
    private final AtomicLong refusedForMemory = new AtomicLong();
    private final AtomicLong shedForMemory = new AtomicLong();

    private H2Server(ServerConfig config, H2Handler handler) throws IOException {
        this.config = config;
        this.handler = handler;
        this.buffered = new MemoryBudget("maxBufferedBytes", config.maxBufferedBytes(), null);
        this.bodyBudget = buffered.child("maxBufferedBodyBytesPerServer", config.bodyBudgets().perServer());
        this.queuedResponses = buffered.child("queued response data", Long.MAX_VALUE);
        this.memoryLog = IntervalLog.warnings(LOG, config.accept().logInterval().toNanos());
        if (config.handlersOnLoop()) {
            this.ownExecutor = null;
            this.executor = Runnable::run;
        } else if (config.executor() != null) {
            this.ownExecutor = null;
            this.executor = config.executor();
        } else {
            this.ownExecutor = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                    daemonThreads("h2scope-app-", config.fatalErrors()));
            this.executor = ownExecutor;
        }
        try {
            this.group = new NioEventLoopGroup(TransportConfig.defaults().withName("h2scope-server")
                    .withLoopThreads(config.loopThreads()).withFatalErrors(config.fatalErrors()));
        } catch (IOException e) {
            shutdownExecutor();
            throw e;
        }
        try {
            this.listener = NioServer.bind(group, config.address(), handlers(), config.accept());
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(Duration.ZERO);
            shutdownExecutor();
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a server from a complete configuration. */
    public static H2Server start(ServerConfig config, H2Handler handler) throws IOException {
        return new H2Server(Objects.requireNonNull(config, "config"), Objects.requireNonNull(handler, "handler"));
    }

    /** Per connection: the handshake deadline outermost, then TLS or protocol detection, then HTTP/2. */
    private Supplier<ConnectionHandler> handlers() throws IOException {
        // KeyLoggingSslContexts is the plain JDK context unless SSLKEYLOGFILE is set
        SSLContext context = config.isTls() ? sslContext() : null;
        return () -> {
            HandshakeDeadline deadline = new HandshakeDeadline(config.handshakeTimeout(), handshakeTimeouts::incrementAndGet);
            H2Handlers h2 = new H2Handlers() {
                @Override
                public ConnectionHandler priorKnowledge() {
                    return driver(null, deadline);
                }

                @Override
                public ConnectionHandler upgraded(H2cUpgrade upgrade) {
                    return driver(upgrade, deadline);
                }
            };
            Supplier<ConnectionHandler> layers = context == null ? ServerProtocols.cleartext(h2, config.http1())
                    : ServerProtocols.tls(context, h2, config.http1());
            return deadline.wrap(layers.get());
        };
    }

    private SSLContext sslContext() throws IOException {
        try {
            return KeyLoggingSslContexts.server(config.tls());
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
    }

    private ConnectionDriver driver(H2cUpgrade upgrade, HandshakeDeadline deadline) {
        long id = connectionIds.incrementAndGet();
        TraceSink trace = config.traceSink().forConnection(id);
        ConnectionConfig connection = config.connection().withTraceSink(id, trace);
        ConnectionDriver driver = new ConnectionDriver(Role.SERVER, connection, config.driver(),
                new ServerConnection(this, upgrade), System::nanoTime, config.readTimeout());
        driver.whenPrefaceReceived(deadline::complete);
        if (upgrade != null) {
            driver.cleartextNegotiation(ConnectionOrigin.H2C_UPGRADE);
            // the trace shows the HTTP/1.1 start as the client's side does (the 101 is written already)
            driver.http1Head(false, upgrade.request().text());
            driver.http1Head(true, Http1Responses.SWITCHING_TO_H2C_HEAD);
        }
        return driver;
    }

    // ---------------------------------------------------------------- public view

    public int port() {
        return listener.port();
    }

    public InetSocketAddress address() {
        return listener.localAddress();
    }

    public boolean isTls() {
        return config.isTls();
    }

    /** The base URL, e.g. "https://127.0.0.1:8443/". */
    public String url() {
        String host = address().getAddress().isAnyLocalAddress() ? "127.0.0.1" : address().getHostString();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return (isTls() ? "https" : "http") + "://" + host + ":" + port() + "/";
    }

    /** The certificate and key in use (generated or loaded), for clients that must trust it; empty for h2c. */
    public Optional<KeyMaterial> keyMaterial() {
        return Optional.ofNullable(config.tls());
    }

    public ServerConfig config() {
        return config;
    }

    /** Connections closed because they did not reach HTTP/2 SETTINGS within the handshake timeout, since start. */
    public long handshakeTimeoutCount() {
        return handshakeTimeouts.get();
    }

    /** Connections refused at accept because a connection cap was reached, since start. */
    public long refusedConnectionCount() {
        return listener.refusedCount();
    }

    /** Idle connections closed (GOAWAY NO_ERROR) to make room for a new one at a connection cap, since start. */
    public long shedConnectionCount() {
        return listener.shedCount();
    }

    /** The total connection cap in force: {@code maxConnections}, or less when the descriptor limit leaves less. */
    public int connectionCap() {
        return listener.connectionCap();
    }

    /** Times accept failed (descriptors exhausted, ...), since start; each pauses accepting briefly. */
    public long acceptFailureCount() {
        return listener.acceptFailureCount();
    }

    /** Bytes of request bodies buffered by {@code readBody} right now, all connections together. */
    public long bufferedBodyBytes() {
        return bodyBudget.used();
    }

    /** Response data queued behind closed windows and request bodies buffered, all connections together, in octets. */
    public long bufferedBytes() {
        return buffered.used();
    }

    /** Response data queued behind closed flow-control windows (or a peer that does not read), all connections. */
    public long queuedResponseBytes() {
        return queuedResponses.used();
    }

    /** New streams refused with REFUSED_STREAM because {@code maxBufferedBytes} was spent, since start. */
    public long memoryRefusedStreams() {
        return refusedForMemory.get();
    }

    /** Stalled streams reset with CANCEL to bring the server back under {@code maxBufferedBytes}, since start. */
    public long memoryShedStreams() {
        return shedForMemory.get();
    }

    /** HTTP/2 connections currently open. */
    public int connectionCount() {
        return connections.size();
    }

    /**
     * Graceful shutdown: stops accepting, sends GOAWAY (NO_ERROR, last stream id; RFC 9113 §6.8) on
     * every connection, lets in-flight streams finish (new ones are refused with REFUSED_STREAM), and
     * closes each connection when its last stream is done. What is still open at the deadline is closed
     * by force. Returns true if every connection finished in time.
     */
    public boolean shutdown(Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        if (!stopping.compareAndSet(false, true)) {
            return connections.isEmpty();
        }
        listener.stopAccepting();
        connections.forEach(ServerConnection::goAway);
        while (!connections.isEmpty() && System.nanoTime() - end < 0) {
            try {
                Thread.sleep(5); // other threads finish the streams; bounded by the deadline
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        boolean clean = connections.isEmpty();
        if (!clean) {
            LOG.log(System.Logger.Level.INFO, connections.size() + " connection(s) still open at the deadline: closed by force");
        }
        listener.stop(Duration.ofMillis(100));
        group.shutdownGracefully(Duration.ofMillis(100));
        shutdownExecutor();
        return clean;
    }

    @Override
    public void close() {
        shutdown(Duration.ofSeconds(5));
    }

    // ---------------------------------------------------------------- for ServerConnection

    H2Handler handler() {
        return handler;
    }

    /** A new connection's share of the server's body budget. */
    MemoryBudget connectionBodyBudget() {
        return bodyBudget.child("maxBufferedBodyBytesPerConnection", config.bodyBudgets().perConnection());
    }

    /** The budget a connection's queued response data is counted in. */
    MemoryBudget queuedResponses() {
        return queuedResponses;
    }

    StalledStreams stalled() {
        return stalled;
    }

    /** Over {@code maxBufferedBytes}: new streams are refused (REFUSED_STREAM, nothing was processed: RFC 9113 §8.7). */
    boolean refusesNewStreams() {
        return buffered.excess() > 0;
    }

    /** A new stream refused for memory: counted, and logged at most once per interval. */
    void refusedForMemory() {
        refusedForMemory.incrementAndGet();
        logMemory();
    }

    /** A stalled stream reset for memory by its connection: counted, and logged at most once per interval. */
    void shedForMemory() {
        shedForMemory.incrementAndGet();
        logMemory();
    }

    private void logMemory() {
        memoryLog.record("over maxBufferedBytes " + buffered.limit() + " bytes (" + queuedResponses.used()
                + " of queued responses, " + bodyBudget.used() + " of request bodies): " + refusedForMemory.get()
                + " new streams refused with REFUSED_STREAM, " + shedForMemory.get()
                + " longest-stalled streams reset with CANCEL since start");
    }

    /**
     * Over {@code maxBufferedBytes}: the streams that have waited longest on a closed window, server-wide, are reset
     * (CANCEL) until a tenth of the budget is free again (a margin, so that the next write does not shed again).
     */
    void shedIfOver() {
        long excess = buffered.excess();
        if (excess > 0) {
            stalled.shed(excess + buffered.limit() / 10, s -> ((ServerConnection) s.owner).resetStalled(s));
        }
    }

    Executor applicationExecutor() {
        return executor;
    }

    void register(ServerConnection connection) {
        connections.add(connection);
        if (stopping.get()) {
            connection.goAway(); // accepted while the shutdown began
        }
    }

    void unregister(ServerConnection connection) {
        connections.remove(connection);
    }

    private void shutdownExecutor() {
        if (ownExecutor != null) {
            ownExecutor.shutdown();
        }
    }

    /** Daemon threads; a VirtualMachineError (OutOfMemoryError, ...) that ends one is met with {@code fatal}. */
    private static java.util.concurrent.ThreadFactory daemonThreads(String prefix, FatalErrorPolicy fatal) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.getAndIncrement());
            t.setDaemon(true);
            t.setUncaughtExceptionHandler((thread, e) -> {
                if (e instanceof VirtualMachineError) {
                    fatal.onError(thread.getName(), e, LOG);
                } else {
                    LOG.log(System.Logger.Level.ERROR, thread.getName() + " died", e);
                }
            });
            return t;
        };
    }

    /**
     * Options of an {@link H2Server}; every one has a default.
     */
    public static final class Builder {

        /** Server connection defaults: windows wider than the RFC's 64 KiB so uploads are not RTT-bound. */
        public static final ConnectionConfig DEFAULT_CONNECTION = ConnectionConfig.DEFAULTS.withWindows(256 * 1024,
                1024 * 1024);
        public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
        public static final long DEFAULT_STREAM_WRITE_BUFFER_BYTES = 64 * 1024;
        /** h2o closes such connections at 10 s, Go waits 10 s for the preface. */
        public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

        private String host = "127.0.0.1";
        private int port;
        private KeyMaterial tls;
        private boolean selfSigned;
        private Path certFile;
        private Path keyFile;
        private ConnectionConfig connection = DEFAULT_CONNECTION;
        private DriverConfig driver = DriverConfig.SERVER_DEFAULTS;
        private Duration readTimeout = DEFAULT_READ_TIMEOUT;
        private long streamWriteBufferBytes = DEFAULT_STREAM_WRITE_BUFFER_BYTES;
        private int loopThreads = Runtime.getRuntime().availableProcessors();
        private Executor executor;
        private boolean handlersOnLoop;
        private TraceSink traceSink = TraceSinks.fromEnvironment();
        private Http1Limits http1 = Http1Limits.defaults();
        private Duration handshakeTimeout = DEFAULT_HANDSHAKE_TIMEOUT;
        private AcceptLimits accept = AcceptLimits.DEFAULTS;
        private BodyBudgets bodyBudgets = BodyBudgets.defaults();
        private FatalErrorPolicy fatalErrors = FatalErrorPolicy.EXIT_PROCESS;
        private long maxBufferedBytes = defaultMaxBufferedBytes();
        private H2Handler handler;

        private Builder() {
        }

        /** Address to bind. Default 127.0.0.1 (loopback only); "0.0.0.0" for every interface. */
        public Builder host(String v) {
            host = Objects.requireNonNull(v, "host");
            return this;
        }

        /** Port to bind; 0 (the default) picks an ephemeral port, see {@link H2Server#port()}. */
        public Builder port(int v) {
            if (v < 0 || v > 65_535) {
                throw new IllegalArgumentException("port 0..65535, got " + v);
            }
            port = v;
            return this;
        }

        /** Cleartext h2c (prior knowledge and Upgrade: h2c): the default. */
        public Builder h2c() {
            tls = null;
            selfSigned = false;
            certFile = keyFile = null;
            return this;
        }

        /** TLS (h2 over ALPN) with a certificate chain and private key in PEM files. */
        public Builder tls(Path certificatePem, Path keyPem) {
            h2c();
            certFile = Objects.requireNonNull(certificatePem, "certificatePem");
            keyFile = Objects.requireNonNull(keyPem, "keyPem");
            return this;
        }

        /** TLS with a certificate and key already loaded. */
        public Builder tls(KeyMaterial material) {
            h2c();
            tls = Objects.requireNonNull(material, "material");
            return this;
        }

        /** TLS with a self-signed certificate for localhost, generated at start. */
        public Builder tlsSelfSigned() {
            h2c();
            selfSigned = true;
            return this;
        }

        /** Every limit of the connection core ({@link Limits}: streams, header list, body size, floods). */
        public Builder limits(Limits v) {
            connection = connection.withLimits(v);
            return this;
        }

        /**
         * DATA waiting this long on a closed send window (or one too small for a frame worth sending): the stream
         * is reset with CANCEL and its queue dropped; on the connection window, GOAWAY ENHANCE_YOUR_CALM. Default
         * 60 s; zero is off. A core limit: a later {@link #limits} replaces it.
         */
        public Builder sendStallTimeout(Duration v) {
            return limits(connection.limits().toBuilder().sendStallTimeout(Objects.requireNonNull(v, "sendStallTimeout")).build());
        }

        /**
         * A field block (HEADERS without END_HEADERS) must be complete within this, else GOAWAY ENHANCE_YOUR_CALM.
         * Default 10 s; zero is off. A core limit: a later {@link #limits} replaces it.
         */
        public Builder headerBlockTimeout(Duration v) {
            return limits(connection.limits().toBuilder().headerBlockTimeout(Objects.requireNonNull(v, "headerBlockTimeout")).build());
        }

        /**
         * A request body must arrive by {@code grace} + received / {@code octetsPerSecond}, time our own receive
         * window was closed not counted; else 408 (or RST_STREAM CANCEL once a response began). Default 500
         * octets/s after 20 s; a rate of zero is off. A core limit: a later {@link #limits} replaces it.
         */
        public Builder minRequestBodyRate(int octetsPerSecond, Duration grace) {
            return limits(connection.limits().toBuilder().minRequestBodyRate(octetsPerSecond,
                    Objects.requireNonNull(grace, "grace")).build());
        }

        /**
         * The settings of a config file ({@link ServerOptionValues#read}: {@code key = value} lines, the keys of
         * {@code h2scope serve}'s flags), applied over what was set before. A bad line is a
         * {@link ServerOptionValuesException} naming the file, line, value, what is allowed and the default.
         */
        public Builder configFile(Path file) throws IOException {
            return settings(ServerOptionValues.read(file));
        }

        /** The same from {@link Properties} (keys as in a config file); {@code name} says where in errors. */
        public Builder properties(Properties properties, String name) {
            return settings(ServerOptionValues.of(properties, name));
        }

        /** Every value of {@code settings}, applied over what was set before. */
        public Builder settings(ServerOptionValues settings) {
            return settings.applyTo(this);
        }

        Limits currentLimits() {
            return connection.limits();
        }

        BodyBudgets currentBodyBudgets() {
            return bodyBudgets;
        }

        /** The whole connection configuration (limits, windows, window-update policy, message rules). */
        public Builder connectionConfig(ConnectionConfig v) {
            connection = Objects.requireNonNull(v, "connectionConfig");
            return this;
        }

        /** Per request: longest silence while its headers or body are arriving. Default 30 s; zero is off. */
        public Builder readTimeout(Duration v) {
            readTimeout = v;
            return this;
        }

        /** A PING after this long without input; no answer by the next one closes the connection. Default off. */
        public Builder pingInterval(Duration v) {
            driver = driver.withPingInterval(v);
            return this;
        }

        /**
         * A connection that has opened no stream this long after HTTP/2 began gets GOAWAY NO_ERROR and is closed, PINGs
         * or not. Default 10 s; zero is off. A connection that has served requests keeps {@link #idleTimeout}.
         */
        public Builder firstStreamTimeout(Duration v) {
            driver = driver.withFirstStreamTimeout(v);
            return this;
        }

        /** A connection without streams or input for this long gets GOAWAY and is closed. Default 3 min. */
        public Builder idleTimeout(Duration v) {
            driver = driver.withIdleTimeout(v);
            return this;
        }

        /**
         * From accept to the client's first complete HTTP/2 SETTINGS, whatever comes before it (TLS handshake,
         * HTTP/1.1 head, h2c upgrade, preface); then the connection is closed. Default 10 s; zero is off.
         */
        public Builder handshakeTimeout(Duration v) {
            handshakeTimeout = Objects.requireNonNull(v, "handshakeTimeout");
            if (v.isNegative()) {
                throw new IllegalArgumentException("handshakeTimeout must be >= 0 (0 = off), got " + v);
            }
            return this;
        }

        /** Connections open at once, all clients together; more are closed at accept. Default 10,000. */
        public Builder maxConnections(int v) {
            accept = accept.withMaxConnections(v);
            return this;
        }

        /** Connections open at once from one client IP address; more are closed at accept. Default 1,000. */
        public Builder maxConnectionsPerAddress(int v) {
            accept = accept.withMaxConnectionsPerAddress(v);
            return this;
        }

        /** When accept fails (EMFILE, ENFILE), no accept for this long, then a retry. Default 100 ms; at least 1 ms. */
        public Builder acceptRetryDelay(Duration v) {
            accept = accept.withAcceptRetryDelay(Objects.requireNonNull(v, "acceptRetryDelay"));
            return this;
        }

        /**
         * At most one log line per this interval for each of refused and shed connections, failed accepts and streams
         * refused or reset for memory, with a count of those not logged. Default 10 s; at least 1 ms.
         */
        public Builder logInterval(Duration v) {
            accept = accept.withLogInterval(Objects.requireNonNull(v, "logInterval"));
            return this;
        }

        /**
         * File descriptors kept free beyond those open at start: the connection cap in force is at most the descriptor
         * limit less these, so that the server can always accept, shed an idle connection and answer. Default 64.
         */
        public Builder descriptorReserve(int v) {
            accept = accept.withDescriptorReserve(v);
            return this;
        }

        /** Connection caps, accept back-off and the interval of their log lines, all at once. */
        public Builder acceptLimits(AcceptLimits v) {
            accept = Objects.requireNonNull(v, "acceptLimits");
            return this;
        }

        /**
         * Bytes of request bodies {@code readBody} may buffer: per stream (default 16 MiB), per connection
         * (64 MiB) and per server (a quarter of the maximum heap); over one the read fails naming the budget and
         * the rest of the body is dropped; after the handler's answer the client is told to stop with RST_STREAM
         * NO_ERROR.
         */
        public Builder bodyBudgets(BodyBudgets v) {
            bodyBudgets = Objects.requireNonNull(v, "bodyBudgets");
            return this;
        }

        /**
         * What an Error (OutOfMemoryError, StackOverflowError, ...) that escapes a selector loop, or ends a thread of the
         * server's own pool, does. Default {@link FatalErrorPolicy#EXIT_PROCESS}: one line on standard error and exit
         * status 70, so that a supervisor restarts the server, rather than a process that accepts and never answers.
         * {@link FatalErrorPolicy#STOP_LOOP} ends only that loop (for an application that handles it itself).
         */
        public Builder fatalErrors(FatalErrorPolicy v) {
            fatalErrors = Objects.requireNonNull(v, "fatalErrors");
            return this;
        }

        /**
         * Response data queued behind closed flow-control windows and request bodies buffered, all connections
         * together. Over it new streams are refused with REFUSED_STREAM and the streams that have waited longest on a
         * closed window, whichever connection they are on, are reset with CANCEL until a tenth of it is free. Default
         * half the maximum heap ({@link #defaultMaxBufferedBytes()}).
         */
        public Builder maxBufferedBytes(long v) {
            if (v < 1) {
                throw new IllegalArgumentException("maxBufferedBytes must be >= 1, got " + v);
            }
            maxBufferedBytes = v;
            return this;
        }

        /**
         * Half the heap the JVM may grow to: what the server may hold for its peers, the rest left to connections,
         * streams and the application. A stalled stream of the reference server's {@code /bytes/N} holds about 100 KB.
         */
        public static long defaultMaxBufferedBytes() {
            return Runtime.getRuntime().maxMemory() / 2;
        }

        /** How long a new connection may take to send the client preface once HTTP/2 is known. Default 10 s. */
        public Builder prefaceTimeout(Duration v) {
            driver = driver.withPrefaceTimeout(v);
            return this;
        }

        /** Transport-side timers and back-pressure all at once. */
        public Builder driverConfig(DriverConfig v) {
            driver = Objects.requireNonNull(v, "driverConfig");
            return this;
        }

        /** A response {@code write} completes once its stream has at most this queued. Default 64 KiB. */
        public Builder streamWriteBufferBytes(long v) {
            streamWriteBufferBytes = v;
            return this;
        }

        /** Selector threads. Default one per core. */
        public Builder loopThreads(int v) {
            loopThreads = v;
            return this;
        }

        /** Runs handlers and body callbacks. Default: the server's own pool (max(2, cores) daemon threads). */
        public Builder executor(Executor v) {
            executor = Objects.requireNonNull(v, "executor");
            handlersOnLoop = false;
            return this;
        }

        /** Runs handlers on the selector thread itself: fastest, but a handler must never block. */
        public Builder runHandlersOnLoop() {
            handlersOnLoop = true;
            return this;
        }

        /** Receives every frame of every connection. Default: what H2SCOPE_LOG and H2SCOPE_TRACE_FILE ask for ({@link TraceSinks#fromEnvironment()}), {@link TraceSink#NONE} when unset. */
        public Builder traceSink(TraceSink v) {
            traceSink = Objects.requireNonNull(v, "traceSink");
            return this;
        }

        /** Bounds of the HTTP/1.1 front door (Upgrade: h2c, refusals). */
        public Builder http1Limits(Http1Limits v) {
            http1 = Objects.requireNonNull(v, "http1Limits");
            return this;
        }

        public Builder handler(H2Handler v) {
            handler = Objects.requireNonNull(v, "handler");
            return this;
        }

        /** The configuration these options describe (generating or loading TLS material). */
        public ServerConfig build() throws IOException {
            KeyMaterial material = tls;
            try {
                if (selfSigned) {
                    material = SelfSignedCertificate.generate("localhost");
                } else if (certFile != null) {
                    material = PemFiles.load(certFile, keyFile);
                }
            } catch (GeneralSecurityException e) {
                throw new IOException("cannot load TLS material: " + e.getMessage(), e);
            }
            return new ServerConfig(new InetSocketAddress(host, port), material, connection, driver, readTimeout,
                    streamWriteBufferBytes, loopThreads, executor, handlersOnLoop, traceSink, http1, handshakeTimeout,
                    accept, bodyBudgets, maxBufferedBytes, fatalErrors);
        }

        /** Binds and starts; the server runs until {@link H2Server#shutdown}. */
        public H2Server start() throws IOException {
            if (handler == null) {
                throw new IllegalStateException("no handler: call handler(...) first");
            }
            return H2Server.start(build(), handler);
        }
    }
}
