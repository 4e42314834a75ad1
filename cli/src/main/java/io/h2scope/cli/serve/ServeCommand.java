package io.h2scope.cli.serve;

import io.h2scope.cli.DurationValue;
import io.h2scope.cli.InputFile;
import io.h2scope.engine.server.BodyBudgets;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code h2scope serve}: runs the reference HTTP/2 server until Ctrl-C (graceful shutdown on SIGINT/SIGTERM). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the reference HTTP/2 server (h2 over TLS, or cleartext h2c by prior knowledge and Upgrade).",
                "Routes: / (small text), /echo (request body back), /bytes/N (N pattern bytes), /slow?ms=M,",
                "/headers (request headers as JSON), /push (server push of /pushed.css); anything else is 404.",
                "Runs until Ctrl-C; in-flight requests get " + ServeCommand.GRACE_SECONDS + " s to finish."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:stopped by a signal", "1:could not start (port in use, an address not of this machine, "
                + "a bad certificate)", "2:usage error (a bad option, a --cert or --key file that cannot be read)"})
public final class ServeCommand implements Callable<Integer> {

    static final int GRACE_SECONDS = 5;

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N",
            description = "port to listen on, 0..65535; 0 picks a free one (default: 8443 with TLS, 8080 with h2c)")
    Integer port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1", converter = BindAddress.class,
            description = "address to bind (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface)")
    String host;

    @CommandLine.ArgGroup(exclusive = true)
    Mode mode = new Mode();

    static final class Mode {
        @Option(names = "--tls", description = "h2 over TLS (a self-signed certificate unless --cert/--key)")
        boolean tls;

        @Option(names = "--h2c", description = "cleartext HTTP/2, prior knowledge and Upgrade: h2c (the default)")
        boolean h2c;
    }

    @Option(names = "--cert", paramLabel = "FILE", converter = InputFile.class,
            description = "PEM certificate chain (implies --tls)")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", converter = InputFile.class,
            description = "PEM private key (implies --tls)")
    Path key;

    @Option(names = "--handshake-timeout", paramLabel = "DURATION", converter = DurationValue.class,
            defaultValue = "10s",
            description = "from accept to the client's first HTTP/2 SETTINGS (TLS handshake, HTTP/1.1 head and h2c"
                    + " upgrade included), then the connection is closed; 0 is off (default: ${DEFAULT-VALUE})")
    Duration handshakeTimeout;

    @Option(names = "--max-connections", paramLabel = "N", defaultValue = "10000",
            description = "connections open at once, all clients; more are closed at accept (default: ${DEFAULT-VALUE})")
    int maxConnections;

    @Option(names = "--max-connections-per-address", paramLabel = "N", defaultValue = "1000",
            description = "connections open at once from one client IP address; more are closed at accept"
                    + " (default: ${DEFAULT-VALUE})")
    int maxConnectionsPerAddress;

    @Option(names = "--accept-retry-delay", paramLabel = "DURATION", converter = DurationValue.class,
            defaultValue = "100ms",
            description = "when accept fails (descriptors exhausted), no accept for this long, then a retry;"
                    + " at least 1ms (default: ${DEFAULT-VALUE})")
    Duration acceptRetryDelay;

    @Option(names = "--body-budget-per-stream", paramLabel = "BYTES", defaultValue = "16777216",
            description = "request body bytes one stream may buffer (/echo); over it RST_STREAM REFUSED_STREAM"
                    + " (default: ${DEFAULT-VALUE})")
    long bodyPerStream;

    @Option(names = "--body-budget-per-connection", paramLabel = "BYTES", defaultValue = "67108864",
            description = "request body bytes one connection's streams may buffer together (default: ${DEFAULT-VALUE})")
    long bodyPerConnection;

    @Option(names = "--body-budget-per-server", paramLabel = "BYTES",
            description = "request body bytes all connections may buffer together (default: a quarter of the"
                    + " maximum heap)")
    Long bodyPerServer;

    @Option(names = "--send-stall-timeout", paramLabel = "DURATION", converter = DurationValue.class,
            defaultValue = "60s",
            description = "DATA waiting this long on a closed flow-control window: the stream is reset (CANCEL),"
                    + " a closed connection window ends the connection; 0 is off (default: ${DEFAULT-VALUE})")
    Duration sendStallTimeout;

    @Option(names = "--header-block-timeout", paramLabel = "DURATION", converter = DurationValue.class,
            defaultValue = "10s",
            description = "a HEADERS without END_HEADERS must see its last CONTINUATION within this, else GOAWAY;"
                    + " 0 is off (default: ${DEFAULT-VALUE})")
    Duration headerBlockTimeout;

    @Option(names = "--min-request-body-rate", paramLabel = "OCTETS_PER_S", defaultValue = "500",
            description = "after --request-body-grace a request body must average this many octets per second"
                    + " (time our own window was closed not counted), else 408; 0 is off (default: ${DEFAULT-VALUE})")
    int minRequestBodyRate;

    @Option(names = "--request-body-grace", paramLabel = "DURATION", converter = DurationValue.class,
            defaultValue = "20s",
            description = "the time a request body has before --min-request-body-rate counts (default: ${DEFAULT-VALUE})")
    Duration requestBodyGrace;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile H2Server server;

    @Override
    public Integer call() throws Exception {
        if ((cert == null) != (key == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cert and --key go together");
        }
        boolean tls = mode.tls || cert != null;
        if (tls && mode.h2c) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cert/--key need TLS, not --h2c");
        }
        if (port != null && (port < 0 || port > 65_535)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be 0..65535, got " + port);
        }
        int chosenPort = port != null ? port : tls ? 8443 : 8080;
        PrintWriter out = spec.commandLine().getOut();
        H2Server.Builder builder = ReferenceServer.configure(new ReferenceServer.Options(host, chosenPort, tls, cert, key));
        applyLimits(builder);
        server = builder.start();
        Thread hook = new Thread(this::stop, "h2scope-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println("h2scope serve: listening on " + server.url() + (tls ? " (h2 over TLS)" : " (h2c: prior knowledge and Upgrade)"));
        if (tls && cert == null) {
            out.println("  self-signed certificate for localhost: curl --http2 -k " + server.url());
        } else if (!tls) {
            out.println("  try: curl --http2-prior-knowledge " + server.url());
        }
        out.println("  routes: / /echo /bytes/N /slow?ms=M /headers /push; Ctrl-C stops");
        out.flush();
        stopped.await();
        return 0;
    }

    /** The limit options onto the builder; a value the builder refuses is a usage error naming the option. */
    private void applyLimits(H2Server.Builder builder) {
        option("--handshake-timeout", () -> builder.handshakeTimeout(handshakeTimeout));
        option("--max-connections", () -> builder.maxConnections(maxConnections));
        option("--max-connections-per-address", () -> builder.maxConnectionsPerAddress(maxConnectionsPerAddress));
        option("--accept-retry-delay", () -> builder.acceptRetryDelay(acceptRetryDelay));
        option("--send-stall-timeout", () -> builder.sendStallTimeout(sendStallTimeout));
        option("--header-block-timeout", () -> builder.headerBlockTimeout(headerBlockTimeout));
        option("--min-request-body-rate", () -> builder.minRequestBodyRate(minRequestBodyRate, requestBodyGrace));
        option("--body-budget-*", () -> builder.bodyBudgets(new BodyBudgets(bodyPerStream, bodyPerConnection,
                bodyPerServer != null ? bodyPerServer : BodyBudgets.defaults().perServer())));
    }

    private void option(String name, Runnable apply) {
        try {
            apply.run();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), name + ": " + e.getMessage());
        }
    }

    /** Graceful shutdown (the shutdown hook, or a test). */
    void stop() {
        H2Server s = server;
        if (s != null) {
            s.shutdown(Duration.ofSeconds(GRACE_SECONDS));
        }
        stopped.countDown();
    }

    H2Server server() {
        return server;
    }
}
