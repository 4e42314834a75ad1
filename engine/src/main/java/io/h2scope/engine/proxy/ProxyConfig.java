package io.h2scope.engine.proxy;

import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;

import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;

/**
 * What a {@link RecordingProxy} does.
 *
 * @param listen          where clients connect
 * @param upstream        where a client that sends the HTTP/2 preface at once is relayed (reverse proxy); null: only
 *                        {@code CONNECT host:port} is accepted (forward proxy)
 * @param listenTls       the server context toward clients ({@code --listen-tls}); null: clients speak cleartext
 *                        (h2c, or CONNECT)
 * @param upstreamTls     the client context toward TLS upstreams (its trust decides which certificates pass)
 * @param verifyUpstreamHostname whether a TLS upstream's certificate must name the host dialled
 * @param authority       signs a certificate per host for TLS inside CONNECT (interception); null: TLS inside
 *                        CONNECT is refused
 * @param keyLog          where the TLS secrets of the intercepted client legs go (SSLKEYLOGFILE); null: none. The
 *                        other contexts are given key-logging by whoever builds them.
 * @param limits          timeouts, caps and the relay buffer
 * @param sink            every event of both legs of every proxied connection
 * @param notices         one line per refused or failed connection, said so that a person can act on it
 */
public record ProxyConfig(InetSocketAddress listen, Upstream upstream, SSLContext listenTls, SSLContext upstreamTls,
        boolean verifyUpstreamHostname, CertificateAuthority authority, KeyLogWriter keyLog, ProxyLimits limits,
        TraceSink sink, Consumer<String> notices) {

    public ProxyConfig {
        Objects.requireNonNull(listen, "listen");
        Objects.requireNonNull(upstreamTls, "upstreamTls");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(sink, "sink");
        Objects.requireNonNull(notices, "notices");
    }
}
