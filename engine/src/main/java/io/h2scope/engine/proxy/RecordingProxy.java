package io.h2scope.engine.proxy;

import io.h2scope.engine.proxy.tls.HostKeyManager;
import io.h2scope.engine.transport.AcceptLimits;
import io.h2scope.engine.transport.NioClient;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.NioEventLoop;
import io.h2scope.engine.transport.NioEventLoopGroup;
import io.h2scope.engine.transport.NioServer;
import io.h2scope.engine.transport.TransportConfig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * The recording proxy (docs/PROXY.md): accepts clients, relays each one's bytes to an upstream and back unchanged,
 * and records both legs of every proxied connection through {@link io.h2scope.engine.observer.Http2Observer}
 * to the configured sink. Relays on the engine's NIO loops, one thread per core, and decodes on as many observer
 * threads beside them ({@link ObserverFeed}); no thread per socket.
 */
public final class RecordingProxy implements AutoCloseable {

    private final ProxyConfig config;
    private final NioEventLoopGroup group;
    private final NioClient connector;
    private final SSLContext interception;
    private final ExecutorService decoders;
    /** Resolves upstream names (may block): threads of the proxy's own, never the loops or the shared common pool. */
    private final ExecutorService resolver;
    private final AtomicLong nextId = new AtomicLong(1);
    private NioServer server;

    private RecordingProxy(ProxyConfig config, NioEventLoopGroup group, SSLContext interception) {
        this.config = config;
        this.group = group;
        this.connector = new NioClient(group);
        this.interception = interception;
        AtomicInteger threads = new AtomicInteger();
        this.decoders = Executors.newFixedThreadPool(group.loops().size(), task -> {
            Thread t = new Thread(task, "h2scope-proxy-observer-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.resolver = Executors.newCachedThreadPool(task -> {
            Thread t = new Thread(task, "h2scope-proxy-resolver");
            t.setDaemon(true);
            return t;
        });
    }

    /** Binds {@link ProxyConfig#listen()} and starts relaying. */
    public static RecordingProxy start(ProxyConfig config) throws IOException, GeneralSecurityException {
        SSLContext interception = config.authority() == null ? null
                : HostKeyManager.context(config.authority(), config.keyLog());
        TransportConfig transport = TransportConfig.defaults().withName("h2scope-proxy")
                .withLoopThreads(config.limits().loopThreads()).withConnectTimeout(config.limits().connectTimeout());
        NioEventLoopGroup group = new NioEventLoopGroup(transport);
        RecordingProxy proxy = new RecordingProxy(config, group, interception);
        int cap = config.limits().maxConnections();
        try {
            proxy.server = NioServer.bind(group, config.listen(), () -> new FrontDoor(proxy),
                    AcceptLimits.DEFAULTS.withMaxConnections(cap).withMaxConnectionsPerAddress(cap));
        } catch (IOException | RuntimeException e) {
            group.shutdownGracefully(Duration.ZERO);
            proxy.decoders.shutdown();
            proxy.resolver.shutdown();
            throw e;
        }
        return proxy;
    }

    /** Where clients connect (the port chosen when port 0 was asked for). */
    public InetSocketAddress address() {
        return server.localAddress();
    }

    public int port() {
        return server.port();
    }

    /** Proxied connections begun so far (each recorded as two connections). */
    public long pairsStarted() {
        return (nextId.get() - 1) / 2;
    }

    /** Client connections open now. */
    public int clientConnections() {
        return server.connectionCount();
    }

    ProxyConfig config() {
        return config;
    }

    NioClient connector() {
        return connector;
    }

    /** The server context for TLS inside CONNECT, or null without a CA. */
    SSLContext interception() {
        return interception;
    }

    /** Where upstream names are resolved. */
    Executor resolver() {
        return resolver;
    }

    /** Where the legs' observers decode, off the loops ({@link ObserverFeed}). */
    Executor decoders() {
        return decoders;
    }

    /**
     * A new pair for the client connection {@code client}: the client leg takes an odd id, its upstream leg the next
     * one, dialled on the client's loop.
     */
    ProxiedPair newPair(Upstream target, ConnectionContext client) {
        return new ProxiedPair(this, target, nextId.getAndAdd(2), client.capability(NioEventLoop.class).orElse(null));
    }

    /**
     * Stops accepting, gives open connections {@code grace} to finish, then stops the loops; returns once the
     * recording has every leg's events (the observers get at most {@code grace} more to decode what they were given).
     */
    public void stop(Duration grace) {
        server.stop(grace);
        group.shutdownGracefully(Duration.ZERO);
        resolver.shutdown();
        decoders.shutdown();
        try {
            decoders.awaitTermination(Math.max(1, grace.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(1));
    }
}
