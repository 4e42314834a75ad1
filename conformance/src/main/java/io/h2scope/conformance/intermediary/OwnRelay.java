package io.h2scope.conformance.intermediary;

import io.h2scope.conformance.intermediary.origin.Origin;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.SslContexts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;

/**
 * h2scope's own proxy as the intermediary under test: a byte-exact relay on a free loopback port toward an h2c
 * origin (docs/PROXY.md), recording nothing. Every request-side case must come out "forwarded as it came" through
 * it; the inspector runs the suite against it when asked for {@code own}, and {@code --target local:h2scope-proxy}
 * runs it as a process of its own ({@link OwnRelayProcess}).
 */
public final class OwnRelay {

    private OwnRelay() {
    }

    /** The relay toward {@code origin} (h2c), listening on 127.0.0.1 ({@link RecordingProxy#port()}). */
    public static RecordingProxy toward(Origin origin) throws IOException, GeneralSecurityException {
        return toward(new InetSocketAddress("127.0.0.1", 0), origin.port());
    }

    /** The relay listening on {@code listen} (port 0: a free one) toward the h2c origin on 127.0.0.1:{@code originPort}. */
    public static RecordingProxy toward(InetSocketAddress listen, int originPort) throws IOException, GeneralSecurityException {
        return RecordingProxy.start(new ProxyConfig(listen, new Upstream("127.0.0.1", originPort, false), null,
                SslContexts.insecureClient(), false, null, null, ProxyLimits.DEFAULTS, TraceSink.NONE, line -> { }));
    }
}
