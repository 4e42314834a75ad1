package io.h2scope.conformance.targets.launch;

import io.h2scope.conformance.report.H2scopeVersion;
import io.h2scope.conformance.targets.ServerVersion;
import io.h2scope.conformance.targets.Target;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The embedded default target: the engine's own reference server ({@link ReferenceServer}), started
 * in-process on 127.0.0.1 with an ephemeral port, h2c by prior knowledge or TLS with a generated
 * self-signed certificate (so the peer must run with {@code insecure}). What {@code h2scope conform}
 * tests when no URL is given.
 *
 * <p>Single use: {@link #start()} once, {@link #close()} any number of times.
 */
public final class ReferenceServerTarget implements EmbeddedTarget {

    private static final Duration SHUTDOWN_DEADLINE = Duration.ofMillis(500);

    private final boolean tls;
    private final UnaryOperator<H2Server.Builder> customizer;
    private final String label;
    private H2Server server;

    /**
     * @param tls        TLS with ALPN h2 and a self-signed certificate (true) or h2c (false)
     * @param customizer applied to the reference server's builder before it starts (limits, a trace
     *                   sink, or, in tests, a fault); {@code UnaryOperator.identity()} for none
     * @param label      how reports name the server, e.g. "h2scope reference server"
     */
    public ReferenceServerTarget(boolean tls, UnaryOperator<H2Server.Builder> customizer, String label) {
        this.tls = tls;
        this.customizer = Objects.requireNonNull(customizer, "customizer");
        this.label = Objects.requireNonNull(label, "label");
    }

    /** The reference server as shipped, h2c or TLS. */
    /** The reference server's route for a body of that many octets: four full frames and a part. */
    static final String LARGE_PATH = "/bytes/70000";

    public static ReferenceServerTarget of(boolean tls) {
        return new ReferenceServerTarget(tls, UnaryOperator.identity(), "h2scope reference server");
    }

    /** The embedded server's version, for a report: this build's, as it runs in this JVM. */
    public static ServerVersion version() {
        return ServerVersion.known("h2scope", H2scopeVersion.get(), "this build (the embedded server)");
    }

    @Override
    public synchronized Target start() throws IOException {
        if (server != null) {
            throw new IllegalStateException("already started");
        }
        ReferenceServer.Options options = tls ? ReferenceServer.Options.tlsSelfSigned() : ReferenceServer.Options.h2c();
        server = customizer.apply(ReferenceServer.configure(options)).start();
        return new Target(label + " (embedded, " + (tls ? "TLS" : "h2c") + ", " + server.url() + ")",
                "127.0.0.1", server.port(), tls, "/", LARGE_PATH);
    }

    /** The running server (for tests that look inside), or null before {@link #start()}. */
    public synchronized H2Server server() {
        return server;
    }

    public boolean tls() {
        return tls;
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.shutdown(SHUTDOWN_DEADLINE);
        }
    }
}
