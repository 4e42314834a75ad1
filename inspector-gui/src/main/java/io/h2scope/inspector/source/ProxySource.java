package io.h2scope.inspector.source;

import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.ProxyListenAddress;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.proxy.tls.UpstreamTls;
import io.h2scope.engine.transport.FileProblems;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * The recording proxy (docs/PROXY.md) run from the window: {@link #start(Settings)} binds a {@link RecordingProxy}
 * in front of one upstream, whose trace sink is a {@link QueuedDelivery}, so the relay's loop threads only enqueue
 * and both legs of each proxied connection reach the recording in batches as they happen; a connection the proxy
 * refuses is told as a problem. Closing stops the proxy (its open connections get a moment to finish).
 */
public final class ProxySource implements TraceSource {

    /**
     * What the Proxy panel asks for.
     *
     * @param listen      HOST:PORT on loopback (port 0: a free one)
     * @param upstream    http://HOST:PORT/ (h2c) or https://HOST:PORT/ (TLS, ALPN h2)
     * @param caDirectory the local CA (made there on first use) that signs the certificate toward clients with
     *                    listen-TLS and those of TLS inside CONNECT; blank: self-signed, and no interception
     * @param listenTls   TLS with ALPN h2 toward clients, with a certificate for the upstream's host
     * @param upstreamCa  PEM certificates to trust for a TLS upstream instead of the JDK's CAs; blank: the JDK's
     * @param insecure    accept any TLS upstream certificate, for any name
     * @param keyLog      a file the TLS secrets of both legs are appended to (NSS key-log format); blank: none
     */
    public record Settings(String listen, String upstream, String caDirectory, boolean listenTls, String upstreamCa,
            boolean insecure, String keyLog) {

        /** Cleartext toward clients, the JDK's CAs toward a TLS upstream, no key log. */
        public Settings(String listen, String upstream, String caDirectory, boolean listenTls) {
            this(listen, upstream, caDirectory, listenTls, "", false, "");
        }
    }

    private static final Duration STOP_GRACE = Duration.ofSeconds(1);

    private final QueuedDelivery sink = new QueuedDelivery("h2scope-inspector-proxy-trace");
    private final Settings settings;
    private final Upstream upstream;
    private RecordingProxy proxy;
    private KeyLogWriter keys;
    private boolean closed; // guarded by this

    private ProxySource(Settings settings, Upstream upstream) {
        this.settings = settings;
        this.upstream = upstream;
    }

    /**
     * Starts a proxy as {@code settings} say; its events wait for {@link #start(SourceSink)}.
     *
     * @throws IllegalArgumentException with one line saying what is wrong and what to do (a bad address or URL, a
     *                                  port in use, a CA directory that cannot be read or made)
     */
    public static ProxySource start(Settings settings) {
        InetSocketAddress listen = ProxyListenAddress.parse(settings.listen().strip(), false);
        Upstream upstream = Upstream.parse(settings.upstream().strip());
        UpstreamTls trust = field("upstream CA file", () -> UpstreamTls.of(settings.upstreamCa(), settings.insecure()));
        Path keyLog = field("key log file", () -> keyLogFile(settings.keyLog()));
        ProxySource source = new ProxySource(settings, upstream);
        try {
            String ca = settings.caDirectory() == null ? "" : settings.caDirectory().strip();
            CertificateAuthority authority = ca.isEmpty() ? null : CertificateAuthority.loadOrCreate(Path.of(ca));
            source.keys = keyLog == null ? null : new KeyLogWriter(keyLog, System.err);
            ProxyConfig config = new ProxyConfig(listen, upstream, source.listenTls(authority),
                    trust.context(source.keys), !trust.insecure(), authority, source.keys, ProxyLimits.DEFAULTS,
                    source.sink, source.sink::problem);
            source.proxy = RecordingProxy.start(config);
        } catch (BindException e) {
            source.closeKeyLog();
            throw new IllegalArgumentException("cannot listen on " + settings.listen().strip() + ": " + e.getMessage()
                    + "; stop what uses the port, or give port 0 for a free one", e);
        } catch (IOException | GeneralSecurityException e) {
            source.closeKeyLog();
            throw new IllegalArgumentException("cannot start the proxy: " + e.getMessage(), e);
        }
        return source;
    }

    /** The key log's path, checked as {@code --keylog} is; blank: none. */
    private static Path keyLogFile(String text) {
        String file = text == null ? "" : text.strip();
        if (file.isEmpty()) {
            return null;
        }
        Path path = FileProblems.path(file);
        FileProblems.toAppend(path).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        return path;
    }

    /** {@code value}, or its one-line problem named after the panel's field. */
    private static <T> T field(String name, Supplier<T> value) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    /** The context toward clients: a certificate for the upstream's host, signed by the CA or self-signed. */
    private SSLContext listenTls(CertificateAuthority authority) throws GeneralSecurityException {
        if (!settings.listenTls()) {
            return null;
        }
        KeyMaterial identity = authority == null ? SelfSignedCertificate.generate(upstream.host())
                : authority.issue(upstream.host());
        return keys != null ? KeyLoggingSslContexts.server(identity, keys) : SslContexts.server(identity);
    }

    @Override
    public String name() {
        return "proxy " + address().getAddress().getHostAddress() + ":" + proxy.port();
    }

    /** Where clients connect (the port chosen when port 0 was asked for). */
    public InetSocketAddress address() {
        return proxy.address();
    }

    /** "listening on 127.0.0.1:PORT (cleartext), relaying to http://HOST:PORT/", for the panel. */
    public String describe() {
        return "listening on " + address().getAddress().getHostAddress() + ":" + proxy.port()
                + (settings.listenTls() ? " (TLS, ALPN h2)" : " (cleartext)") + ", relaying to " + upstream;
    }

    /** Proxied connections begun so far. */
    public long pairsStarted() {
        return proxy.pairsStarted();
    }

    @Override
    public void start(SourceSink target) {
        sink.start(target);
    }

    /** Stops the proxy, then delivers the closing events of its connections. */
    @Override
    public synchronized void close() {
        if (proxy != null && !closed) {
            closed = true;
            proxy.stop(STOP_GRACE);
            sink.close();
            closeKeyLog();
        }
    }

    private void closeKeyLog() {
        if (keys != null) {
            try {
                keys.close();
            } catch (IOException ignored) {
                // stopping anyway; the secrets written so far are on disk
            }
        }
    }
}
