package io.h2scope.engine.proxy;

import io.h2scope.engine.observer.Http2Observer;
import io.h2scope.engine.proxy.tls.HostKeyManager;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.ConnectionOrigins;
import io.h2scope.engine.transport.NioEventLoop;
import io.h2scope.engine.transport.tls.TlsLayer;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;

/**
 * One proxied connection: the client's leg and the upstream's leg, each a connection of its own on the engine's
 * loops, with the bytes read on one written to the other unchanged, as they arrive. Each leg has an
 * {@link Http2Observer}, fed what the leg read and what it wrote through an {@link ObserverFeed} (decoded off the
 * loop, so it never slows the relay), so the recording
 * is a linked pair of connections ({@link ConnectionOpened#pair()}) seen as the proxy sees them: on the client
 * leg the proxy is the server, on the upstream leg the client.
 *
 * <p>A FIN on one leg is a half-close of the other, a reset or failure resets the other, an orderly close
 * closes the other once its output is flushed. The proxy writes bytes of its own only toward a client it cannot
 * relay ({@link Refusals}).
 */
final class ProxiedPair {

    final RecordingProxy proxy;
    final ProxyConfig config;
    private volatile Upstream target;
    final long clientId;
    final long upstreamId;
    /**
     * The client leg's loop, where the upstream leg is dialled too: the relay then hands bytes from one leg to the
     * other on one thread, with no wake-up of another (null: any loop).
     */
    private final NioEventLoop clientLoop;
    final ClientLeg client = new ClientLeg(this);
    final UpstreamLeg upstream = new UpstreamLeg(this);
    final RelayFlow toUpstream;
    final RelayFlow toClient;
    // guarded by this: client bytes read before the upstream is open, and what happened meanwhile
    final ArrayDeque<ByteBuffer> early = new ArrayDeque<>();
    boolean upstreamOpen;
    boolean earlyEnd;
    boolean abandoned;
    private ConnectionContext upstreamTcp;
    private CompletableFuture<ConnectionContext> dialled;
    private boolean started;
    private final UpstreamDoor door = new UpstreamDoor(this);

    ProxiedPair(RecordingProxy proxy, Upstream target, long clientId, NioEventLoop clientLoop) {
        this.proxy = proxy;
        this.clientLoop = clientLoop;
        this.config = proxy.config();
        this.target = target;
        this.clientId = clientId;
        this.upstreamId = clientId + 1;
        int cap = config.limits().relayBufferBytes();
        this.toUpstream = new RelayFlow(cap, client, upstream);
        this.toClient = new RelayFlow(cap, upstream, client);
    }

    /** The upstream: CONNECT names it, {@link #start} fixes whether TLS goes over it. */
    Upstream target() {
        return target;
    }

    int relayBufferBytes() {
        return config.limits().relayBufferBytes();
    }

    /**
     * Whether the client began what the proxy relays: the whole connection preface, or the head of an HTTP/1.1
     * {@code Upgrade: h2c} request (the front door's deadline stops there).
     */
    boolean clientBegan() {
        return client.began;
    }

    private String name() {
        return "conn " + clientId + "/" + upstreamId + " (client " + (client.ctx == null ? "?" : client.ctx.remote())
                + ", upstream " + target + ")";
    }

    void notice(String text) {
        config.notices().accept("h2scope proxy: " + name() + ": " + text);
    }

    // ---------------------------------------------------------------- upstream connect

    /**
     * Dials the upstream's TCP connection (once; later calls return the same future): for CONNECT before its 200,
     * else once the client's preface is in. The connection waits in an {@link UpstreamDoor} until {@link #start}
     * says whether TLS goes over it.
     */
    synchronized CompletableFuture<ConnectionContext> dial() {
        if (dialled == null) {
            // resolving may block: not on the loop, and not in the JVM's common pool, which a busy application (or
            // a test draining a process's output there) can hold for as long as it likes
            dialled = CompletableFuture.supplyAsync(() -> new InetSocketAddress(target.host(), target.port()), proxy.resolver())
                    .thenCompose(address -> clientLoop == null ? proxy.connector().connect(address, door)
                            : proxy.connector().connect(address, door, clientLoop))
                    .whenComplete((tcp, failure) -> {
                        if (failure == null) {
                            synchronized (this) {
                                upstreamTcp = tcp;
                                if (abandoned) {
                                    tcp.abort();
                                }
                            }
                        }
                    });
        }
        return dialled;
    }

    /** The upstream leg starts over the dialled connection: TLS with ALPN h2 first when {@code tls}. */
    void start(boolean tls) {
        synchronized (this) {
            if (started) {
                return;
            }
            started = true;
            target = new Upstream(target.host(), target.port(), tls);
        }
        dial().whenComplete((tcp, failure) -> {
            if (failure != null) {
                client.refuse("the upstream " + target.authority() + " cannot be reached (" + describe(failure) + ")");
            }
        });
        ConnectionHandler handler = upstream;
        if (tls) {
            TlsLayer layer = TlsLayer.client(config.upstreamTls(), target.host(), target.port(), List.of(TlsPolicy.H2),
                    config.verifyUpstreamHostname(), upstream);
            layer.handshake().whenComplete((session, failure) -> {
                if (failure != null) {
                    client.refuse("the TLS handshake with the upstream " + target.authority() + " failed ("
                            + describe(failure) + ")");
                }
            });
            handler = layer;
        }
        door.install(handler);
        long deadline = config.limits().connectTimeout().toMillis() + config.limits().handshakeTimeout().toMillis();
        CompletableFuture.delayedExecutor(deadline, TimeUnit.MILLISECONDS).execute(() -> {
            if (abandon()) {
                client.refuse("the upstream " + target.authority() + " was not ready within " + deadline + " ms"
                        + " (connect and TLS handshake; --connect-timeout, --handshake-timeout)");
            }
        });
    }

    /** Gives up an upstream that is not open yet; true if it was not. */
    synchronized boolean abandon() {
        if (upstreamOpen || abandoned) {
            return false;
        }
        abandoned = true;
        if (upstreamTcp != null) {
            upstreamTcp.abort();
        }
        return true;
    }


    /** The dialled connection closed before the upstream leg started over it. */
    void lostBeforeStart(Throwable cause) {
        if (abandon()) {
            client.refuse("the upstream " + target.authority() + " closed the connection before HTTP/2 began"
                    + (cause == null ? "" : " (" + describe(cause) + ")"));
        }
    }

    // ---------------------------------------------------------------- helpers

    /** The leg's first event: addresses, transport and TLS as the proxy has them, and the other leg's id. */
    ConnectionOpened opened(long id, Role role, ConnectionContext ctx, long pair, Instant clock) {
        SSLSession session = ctx.sslSession().orElse(null);
        String sni = null;
        if (session != null) {
            sni = role == Role.CLIENT ? target.host() : HostKeyManager.requestedName(session);
        }
        return ConnectionOpened.of(id, 0, role, ConnectionOrigins.of(ctx, ConnectionOrigin.H2C, sni, clock), pair);
    }

    static String describe(Throwable failure) {
        Throwable t = failure;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }
}
