package io.h2scope.engine.client;

import io.h2scope.engine.core.ConnectionConfig;
import io.h2scope.engine.core.Http2Connection;
import io.h2scope.engine.http1.Http1ResponseHead;
import io.h2scope.engine.http1.Http1ResponseParser;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionOrigin;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.ConnectionDriver;
import io.h2scope.engine.transport.ConnectionHandler;
import io.h2scope.engine.transport.DriverConfig;
import io.h2scope.engine.transport.NioClient;
import io.h2scope.engine.transport.http1.H2cUpgradeHandshake;
import io.h2scope.engine.transport.tls.TlsLayer;
import io.h2scope.engine.transport.tls.TlsPolicy;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;

/**
 * Opens one client connection for a {@link Route}: TCP, then TLS with ALPN (offering "h2" and
 * "http/1.1", so a server without h2 can say what it speaks instead of failing the handshake), or h2c:
 * by prior knowledge, or by HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2) when the connection carries an
 * {@link H2cUpgradeRequest}. The connect timeout covers all of it up to the server's first SETTINGS.
 */
final class ConnectionOpener {

    private final ClientRuntime runtime;
    private final NioClient nio;
    private final SSLContext sslContext;
    private final String h2cSettingsHeader;

    ConnectionOpener(ClientRuntime runtime, NioClient nio, SSLContext sslContext) {
        this.runtime = runtime;
        this.nio = nio;
        this.sslContext = sslContext;
        this.h2cSettingsHeader = Http2Connection.h2cSettingsHeader(coreConfig(runtime.config()));
    }

    /** HTTP2-Settings of an upgrade: our first SETTINGS, which the core checks again after the 101 (RFC 7540 §3.2.1). */
    String h2cSettingsHeader() {
        return h2cSettingsHeader;
    }

    private static ConnectionConfig coreConfig(ClientConfig config) {
        return config.connection().withEnablePush(config.pushHandler() != null);
    }

    void connect(Route route, ClientConnection conn) {
        ClientConfig config = runtime.config();
        TraceSink trace = config.traceSink().forConnection(conn.id());
        ConnectionConfig core = coreConfig(config).withTraceSink(conn.id(), trace);
        DriverConfig timers = DriverConfig.DEFAULTS.withPrefaceTimeout(config.connectTimeout().multipliedBy(2)) // ours fires first
                .withIdleTimeout(config.idleTimeout()).withPingInterval(config.pingInterval());
        ConnectionDriver driver = new ConnectionDriver(Role.CLIENT, core, timers, conn, System::nanoTime, Duration.ZERO);
        ConnectionHandler handler = driver;
        String authority = route.host + ":" + route.port;
        if (route.tls) {
            TlsLayer tls = TlsLayer.client(sslContext, route.host, route.port, List.of(TlsPolicy.H2, TlsPolicy.HTTP_1_1),
                    config.verifyHostname(), new AlpnCheck(driver, route, conn));
            tls.handshake().whenComplete((session, error) -> {
                if (error != null) {
                    route.gone(conn, handshakeFailure(authority, error));
                }
            });
            handler = tls;
        } else if (conn.upgrade() != null) {
            driver.cleartextNegotiation(ConnectionOrigin.H2C_UPGRADE);
            handler = upgradeHandshake(route, conn, driver, authority);
        }
        CompletableFuture<ConnectionContext> tcp;
        try {
            tcp = nio.connect(new InetSocketAddress(route.host, route.port), handler);
        } catch (RuntimeException e) {
            route.gone(conn, e);
            return;
        }
        tcp.whenComplete((ctx, error) -> {
            if (error != null) {
                route.gone(conn, connectFailure(authority, error));
            }
        });
        runtime.deadlines().arm(new ConnectDeadline(() -> {
            if (route.isPending(conn) || conn.awaitingPeerSettings()) {
                HttpConnectTimeoutException timeout = new HttpConnectTimeoutException("connection to " + authority + " not ready within "
                        + config.connectTimeout().toMillis() + " ms (TCP, TLS or the h2c upgrade, and the server's SETTINGS)");
                conn.abandon(timeout); // stream 1 of an h2c upgrade fails with it too
                route.gone(conn, timeout);
                tcp.thenAccept(ctx -> ctx.execute(ctx::abort));
            }
        }), System.nanoTime() + config.connectTimeout().toNanos());
    }

    /** The connect timeout: a deadline of the client's one timer, checked when it fires (a ready connection ignores it). */
    private static final class ConnectDeadline extends DeadlineSweeper.Node {
        private final Runnable check;

        ConnectDeadline(Runnable check) {
            this.check = check;
        }

        @Override
        void onDeadline(long nowNanos) {
            check.run();
        }
    }

    private ConnectionHandler upgradeHandshake(Route route, ClientConnection conn, ConnectionDriver http2,
            String authority) {
        H2cUpgradeRequest upgrade = conn.upgrade();
        if (upgrade.isProbe()) {
            upgrade.task().beginProbe();
        }
        return new H2cUpgradeHandshake(upgrade.http1Bytes(), Http1ResponseParser.DEFAULT_MAX_HEAD_BYTES, http2,
                new H2cUpgradeHandshake.Listener() {
                    @Override
                    public void requestSent(String head) {
                        upgrade.markSent();
                        http2.http1Head(true, head);
                    }

                    @Override
                    public void responseReceived(Http1ResponseHead head) {
                        http2.http1Head(false, head.text());
                    }

                    @Override
                    public void refused(String answer) {
                        route.gone(conn, ProtocolNegotiationException.h2cUpgradeRefused(authority, answer));
                    }

                    @Override
                    public void failed(java.io.IOException cause) {
                        route.gone(conn, cause);
                    }
                });
    }

    /** An unknown host says so itself; any other TCP failure gets the authority it was for. */
    private static Throwable connectFailure(String authority, Throwable error) {
        if (error instanceof UnknownHostException) {
            return error;
        }
        ConnectException named = new ConnectException("cannot connect to " + authority + ": " + error.getMessage());
        named.initCause(error);
        return named;
    }

    private static Throwable handshakeFailure(String authority, Throwable error) {
        String message = String.valueOf(error.getMessage());
        if (error instanceof SSLHandshakeException && message.contains("no_application_protocol")) {
            return new ProtocolNegotiationException(authority, null, error);
        }
        return UntrustedCertificateException.of(authority, error).map(Throwable.class::cast).orElse(error);
    }
}
