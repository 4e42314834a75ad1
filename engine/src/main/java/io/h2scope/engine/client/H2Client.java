package io.h2scope.engine.client;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;
import io.h2scope.engine.transport.NioClient;
import io.h2scope.engine.transport.NioEventLoopGroup;
import io.h2scope.engine.transport.TransportConfig;
import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * An HTTP/2 client: {@code https://} over TLS with ALPN "h2", {@code http://} as h2c by prior
 * knowledge, or by HTTP/1.1 {@code Upgrade: h2c} with {@link Builder#h2cUpgrade}. Requests to one authority share a connection up to the server's
 * SETTINGS_MAX_CONCURRENT_STREAMS, then more connections are opened. Bodies stream both ways under
 * flow control; every wait has a finite timeout.
 *
 * <pre>{@code
 * try (H2Client client = H2Client.newBuilder().build()) {
 *     H2Response<String> r = client.send(H2Request.newBuilder("https://example.org/").build(),
 *             HttpResponse.BodyHandlers.ofString());
 * }
 * }</pre>
 */
public final class H2Client implements AutoCloseable {

    private static final AtomicLong CLIENT_IDS = new AtomicLong();

    private final ClientConfig config;
    private final NioEventLoopGroup group;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final DeadlineSweeper deadlines;
    private final CompletionBatcher completions;
    /** What the layers below share, handed down: none of them names this class. */
    private final ClientRuntime runtime;
    private final ConnectionPool pool;

    private H2Client(ClientConfig config) throws IOException {
        this.config = config;
        SSLContext ssl;
        try {
            ssl = config.sslContext() != null ? config.sslContext() : KeyLoggingSslContexts.client(null);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
        TransportConfig t = TransportConfig.defaults().withName("h2scope-client").withLoopThreads(config.loopThreads());
        this.group = new NioEventLoopGroup(t.withConnectTimeout(config.connectTimeout()));
        if (config.executor() != null) {
            this.executor = config.executor();
            this.ownExecutor = null;
        } else {
            this.ownExecutor = Executors.newCachedThreadPool(daemons("h2scope-client-app-"));
            this.executor = ownExecutor;
        }
        this.completions = new CompletionBatcher(executor);
        this.deadlines = new DeadlineSweeper("h2scope-client-deadlines-" + CLIENT_IDS.incrementAndGet(), now -> {
            completions.checkStuck(now);
            return completions.hasQueued();
        });
        this.runtime = new ClientRuntime(config, executor, completions, deadlines, new AtomicBoolean());
        this.pool = new ConnectionPool(runtime, new ConnectionOpener(runtime, new NioClient(group), ssl));
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    /**
     * Sends {@code request}; the future completes with the response once the body handler's body is complete.
     * Futures complete on the client's executor (after {@link #close}, when it refuses tasks, on a thread of
     * their own), never on an I/O thread nor on a caller's. What holds of their order: futures are completed
     * one after the other in the order their responses (or failures) were settled, and the stages chained
     * without {@code Async} on one run before the next future is completed, unless one of those stages runs
     * for more than 20 ms: then the futures behind it are completed by another executor task while it still
     * runs, in their order again. Blocking work belongs in {@code thenApplyAsync} and the like. Timeouts
     * fire up to 10 ms after their deadline.
     */
    public <T> CompletableFuture<H2Response<T>> sendAsync(H2Request request, HttpResponse.BodyHandler<T> handler) {
        try {
            return start(request, handler, false).result;
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private <T> RequestTask<T> start(H2Request request, HttpResponse.BodyHandler<T> handler, boolean blockingSend)
            throws IOException {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(handler, "handler");
        if (runtime.isClosed()) {
            throw new IOException("the client is closed");
        }
        boolean loopSafe = LoopSafeHandlers.contains(handler);
        RequestTask<T> task = new RequestTask<>(request, handler, runtime, pool, loopSafe, blockingSend);
        task.begin();
        return task;
    }

    /** Sends and waits (never longer than the request's timeout). Interrupting cancels the request. */
    public <T> H2Response<T> send(H2Request request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        // only this thread waits on the future, so a JDK handler's response may complete it from the loop
        RequestTask<T> task = start(request, handler, true);
        task.readWhileWaiting(); // the response may wake this thread directly, not the loop
        CompletableFuture<H2Response<T>> future = task.result;
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (CancellationException e) {
            throw new IOException("request cancelled: " + request, e);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause());
        }
    }

    /** GET {@code url}; the body as a String (by its charset, else UTF-8). */
    public H2Response<String> get(String url) throws IOException, InterruptedException {
        return send(H2Request.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString());
    }

    public ClientConfig config() {
        return config;
    }

    /** Connections open or opening, for all authorities. */
    public int connectionCount() {
        return pool.connections().size();
    }

    /** Sends GOAWAY on every connection, then stops the threads; requests in flight fail. */
    @Override
    public void close() {
        if (!runtime.closed().compareAndSet(false, true)) {
            return;
        }
        pool.connections().forEach(ClientConnection::goAway);
        group.shutdownGracefully(Duration.ofMillis(200));
        deadlines.close();
        if (ownExecutor != null) {
            ownExecutor.shutdown();
        }
    }

    private static IOException rethrow(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IOException(cause);
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Builds an {@link H2Client}; every default is safe (finite timeouts, certificates checked). */
    public static final class Builder {
        /** 1 MiB per stream, 8 MiB per connection: fast downloads, and at most this much buffered unread. */
        public static final ConnectionConfig DEFAULT_CONNECTION = ConnectionConfig.DEFAULTS.withWindows(1 << 20, 8 << 20);

        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration responseHeadersTimeout = Duration.ofSeconds(30);
        private Duration requestTimeout = Duration.ofMinutes(5);
        private Duration idleTimeout = Duration.ofMinutes(2);
        private Duration pingInterval = Duration.ofSeconds(30);
        private int maxConnections = 4;
        private int maxRetries = 2;
        private long streamWriteBufferBytes = 64 * 1024;
        private ConnectionConfig connection = DEFAULT_CONNECTION;
        private SSLContext sslContext;
        private boolean verifyHostname = true;
        private boolean h2cUpgrade;
        private PushHandler pushHandler;
        private TraceSink traceSink;
        private Executor executor;
        private int loopThreads = 1;
        private Duration callerSpin = Duration.ofNanos(50_000);

        public Builder connectTimeout(Duration v) {
            connectTimeout = v;
            return this;
        }

        public Builder responseHeadersTimeout(Duration v) {
            responseHeadersTimeout = v;
            return this;
        }

        public Builder requestTimeout(Duration v) {
            requestTimeout = v;
            return this;
        }

        /** 0 keeps idle connections open until the server closes them. */
        public Builder idleTimeout(Duration v) {
            idleTimeout = v;
            return this;
        }

        /** 0 turns PING keep-alive off. */
        public Builder pingInterval(Duration v) {
            pingInterval = v;
            return this;
        }

        public Builder maxConnectionsPerAuthority(int v) {
            maxConnections = v;
            return this;
        }

        public Builder maxRetries(int v) {
            maxRetries = v;
            return this;
        }

        public Builder streamWriteBufferBytes(long v) {
            streamWriteBufferBytes = v;
            return this;
        }

        /** Core settings: windows, limits (ENABLE_PUSH follows {@link #pushHandler}). */
        public Builder connectionConfig(ConnectionConfig v) {
            connection = Objects.requireNonNull(v, "connection");
            return this;
        }

        /** Receive windows: per stream (SETTINGS_INITIAL_WINDOW_SIZE) and per connection. */
        public Builder windows(int streamWindow, int connectionWindow) {
            connection = connection.withWindows(streamWindow, connectionWindow);
            return this;
        }

        public Builder sslContext(SSLContext v) {
            sslContext = v;
            return this;
        }

        /** Trusts exactly these certificates (a test server's self-signed one). */
        public Builder trust(List<X509Certificate> certificates) {
            try {
                sslContext = SslContexts.clientTrusting(certificates);
            } catch (GeneralSecurityException e) {
                throw new IllegalArgumentException("cannot trust these certificates: " + e.getMessage(), e);
            }
            return this;
        }

        /** Accepts any certificate and host name: for {@code --insecure} only, never a default. */
        public Builder insecure() {
            try {
                sslContext = SslContexts.insecureClient();
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
            verifyHostname = false;
            return this;
        }

        public Builder verifyHostname(boolean v) {
            verifyHostname = v;
            return this;
        }

        /**
         * For http:// URLs: every new connection begins with HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2;
         * deprecated by RFC 9113 §3.1, but still what some servers and proxies need) instead of prior
         * knowledge. https:// is unaffected (ALPN). The first request rides the upgrade when it has no
         * body; a request with a body is sent on stream 3 after an {@code OPTIONS *} upgrade (why: see
         * the RFC 7540 §3.2 notes in docs/CLIENT.md). Requests made meanwhile wait for the connection, then
         * share it. A server that answers without 101 fails them with a {@link ProtocolNegotiationException}
         * quoting its status line. The connect timeout covers the upgrade up to the server's SETTINGS.
         */
        public Builder h2cUpgrade(boolean v) {
            h2cUpgrade = v;
            return this;
        }

        /** Accepts server pushes through {@code v} (and announces SETTINGS_ENABLE_PUSH 1); null refuses them. */
        public Builder pushHandler(PushHandler v) {
            pushHandler = v;
            return this;
        }

        public Builder traceSink(TraceSink v) {
            traceSink = v;
            return this;
        }

        public Builder executor(Executor v) {
            executor = v;
            return this;
        }

        public Builder loopThreads(int v) {
            loopThreads = v;
            return this;
        }

        /** See {@link ClientConfig#callerSpin}; 0 turns the spin off (the caller sleeps in the kernel at once). */
        public Builder callerSpin(Duration v) {
            callerSpin = v;
            return this;
        }

        public ClientConfig config() {
            return new ClientConfig(connectTimeout, responseHeadersTimeout, requestTimeout, idleTimeout, pingInterval,
                    maxConnections, maxRetries, streamWriteBufferBytes, connection, sslContext, verifyHostname,
                    h2cUpgrade, pushHandler, traceSink != null ? traceSink : TraceSinks.fromEnvironment(), executor,
                    loopThreads, callerSpin);
        }

        public H2Client build() {
            try {
                return new H2Client(config());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
