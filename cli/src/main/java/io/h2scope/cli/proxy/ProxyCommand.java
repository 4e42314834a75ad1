package io.h2scope.cli.proxy;

import io.h2scope.cli.options.DurationValue;
import io.h2scope.cli.options.InputFile;
import io.h2scope.cli.options.OutputFile;
import io.h2scope.cli.options.RevealOption;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.ProxyListenAddress;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.proxy.tls.CertificateAuthority;
import io.h2scope.engine.proxy.tls.UpstreamTls;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.config.ByteSize;
import io.h2scope.engine.trace.config.TraceConfig;
import io.h2scope.engine.trace.jsonl.JsonlTraceWriter;
import io.h2scope.engine.trace.model.TracePrivacy;
import io.h2scope.engine.trace.redact.RedactingSink;
import io.h2scope.engine.trace.text.Redaction;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import io.h2scope.engine.transport.tls.keylog.KeyLogWriter;
import io.h2scope.engine.transport.tls.keylog.KeyLoggingSslContexts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import javax.net.ssl.SSLContext;

/** {@code h2scope proxy}: the recording proxy (docs/PROXY.md) until Ctrl-C. */
@Command(name = "proxy", mixinStandardHelpOptions = true,
        description = {"Relay HTTP/2 connections byte for byte and record both legs of each (docs/PROXY.md).",
                "Reverse proxy: --upstream http://HOST:PORT/ (h2c) or https://HOST:PORT/ (TLS, ALPN h2); clients "
                        + "send HTTP/2 with prior knowledge, or TLS with --listen-tls. Forward proxy: clients send CONNECT "
                        + "HOST:PORT, then h2c, or TLS intercepted with certificates signed by the CA in --ca DIR.",
                "Runs until Ctrl-C."},
        defaultValueProvider = ProxyLimitDefaults.class,
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:stopped by a signal", "1:could not start (port in use, an address not of this machine, "
                + "a CA that cannot be read or made)", "2:usage error (a bad option or URL, a file that cannot be read)"})
public final class ProxyCommand implements Callable<Integer> {

    static final int GRACE_SECONDS = 2;

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:8080",
            description = "where clients connect; port 0 picks a free one (default: ${DEFAULT-VALUE}). An address"
                    + " other than loopback needs --allow-remote")
    String listen;

    @Option(names = "--allow-remote", description = "allow --listen on an address other than loopback: anyone who"
            + " can reach it can use the proxy, which sees credentials in clear")
    boolean allowRemote;

    @Option(names = "--upstream", paramLabel = "URL",
            description = "reverse proxy to http://HOST:PORT/ (h2c, prior knowledge) or https://HOST:PORT/ (TLS,"
                    + " ALPN h2); without it only CONNECT is relayed")
    String upstream;

    @Option(names = "--listen-tls", description = "TLS toward clients (ALPN h2), with a certificate for the"
            + " upstream's name: signed by --ca DIR when given, else self-signed")
    boolean listenTls;

    @Option(names = "--ca", paramLabel = "DIR",
            description = "the local CA that signs certificates for TLS inside CONNECT (and for --listen-tls); made"
                    + " in DIR on first use, with TRUST.txt saying how to trust it")
    Path ca;

    @Option(names = "--upstream-ca", paramLabel = "FILE", converter = InputFile.class,
            description = "PEM certificates to trust for TLS upstreams (default: the JDK's CAs)")
    Path upstreamCa;

    @Option(names = "--insecure", description = "accept any TLS upstream certificate, for any name")
    boolean insecure;

    @Option(names = "--record", paramLabel = "FILE",
            description = "both legs of every connection as JSONL v" + io.h2scope.engine.trace.jsonl.TraceEventJson.VERSION
                    + " (docs/TRACE_FORMAT.md), read by './h2scope trace"
                    + " print'; rolled to FILE.1 past --record-max-bytes")
    Path record;

    @Option(names = "--record-max-bytes", paramLabel = "SIZE", defaultValue = "100m",
            description = "size at which --record rolls, like H2SCOPE_TRACE_MAX_BYTES: bytes, or with k, m or g"
                    + " (default: ${DEFAULT-VALUE})")
    String recordMaxBytes;

    @Option(names = "--record-data-max", paramLabel = "SIZE", defaultValue = "all",
            description = "DATA octets --record keeps of each stream: all, none, or a size in bytes with k, m or g"
                    + " (default: ${DEFAULT-VALUE}; the rest of a frame is counted, not kept)")
    String recordDataMax;

    @Mixin
    RevealOption reveal;

    @Option(names = {"-v", "--verbose"}, description = "print every frame of both legs, and each leg's open and"
            + " close, as text on stdout")
    boolean verbose;

    @Option(names = "--keylog", paramLabel = "FILE", converter = OutputFile.class,
            description = "TLS secrets of both legs in NSS key-log format, for Wireshark (default: $SSLKEYLOGFILE)")
    Path keyLog;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", converter = DurationValue.class,
            description = "the upstream's TCP connect (default: ${DEFAULT-VALUE})")
    Duration connectTimeout;

    @Option(names = "--handshake-timeout", paramLabel = "DURATION", converter = DurationValue.class,
            description = "from accept to the client's HTTP/2 preface (CONNECT and TLS included),"
                    + " and for the upstream's TLS handshake (default: ${DEFAULT-VALUE})")
    Duration handshakeTimeout;

    @Option(names = "--max-connections", paramLabel = "N",
            description = "client connections open at once, each with its upstream; more are closed at accept"
                    + " (default: ${DEFAULT-VALUE})")
    int maxConnections;

    @Option(names = "--relay-buffer", paramLabel = "BYTES",
            description = "bytes of one direction in flight (read, not yet taken by the other side); past it that"
                    + " side is not read until half has drained; at least 32768 (default: ${DEFAULT-VALUE})")
    int relayBuffer;

    @Option(names = "--observer-backlog", paramLabel = "BYTES",
            description = "bytes of one connection relayed but not yet decoded for the recording; past it that"
                    + " connection's recording stops with a counted gap and the bytes still pass; at least 32768"
                    + " (default: ${DEFAULT-VALUE})")
    int observerBacklog;

    @Option(names = "--max-connect-head", paramLabel = "BYTES",
            description = "the HTTP/1.1 CONNECT request head; larger is answered 431 (default: ${DEFAULT-VALUE})")
    int maxConnectHead;

    @Option(names = "--loops", paramLabel = "N",
            description = "loop threads relaying bytes, each serving both legs of its connections; with --record as"
                    + " many observer threads decode beside them; 1 to " + ProxyLimits.MAX_LOOP_THREADS
                    + " (default: ${DEFAULT-VALUE}, one per core)")
    int loops;

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<AutoCloseable> resources = new ArrayList<>();
    private volatile RecordingProxy proxy;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        InetSocketAddress address = usage(() -> ProxyListenAddress.parse(listen, allowRemote), "");
        Upstream target = upstream == null ? null : usage(() -> Upstream.parse(upstream), "--upstream");
        if (listenTls && target == null) {
            throw usageError("--listen-tls needs --upstream (the certificate is made for the upstream's name)");
        }
        ProxyLimits limits = usage(this::limits, "a limit");
        UpstreamTls trust = usage(() -> new UpstreamTls(upstreamCa, insecure), "--upstream-ca and --insecure");
        long maxBytes = usage(() -> ByteSize.parse("--record-max-bytes", recordMaxBytes, TraceConfig.MIN_MAX_BYTES), "");
        long dataMax = usage(() -> dataMax(recordDataMax), "");
        try {
            start(out, err, address, target, trust, limits, maxBytes, dataMax);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "h2scope-proxy-shutdown"));
        stopped.await();
        return 0;
    }

    private void start(PrintWriter out, PrintWriter err, InetSocketAddress address, Upstream target,
                       UpstreamTls trust, ProxyLimits limits, long maxBytes, long dataMax)
            throws IOException, GeneralSecurityException {
        if (!address.getAddress().isLoopbackAddress()) {
            err.println("h2scope proxy: warning: listening on " + address.getAddress().getHostAddress()
                    + ", not loopback: anyone who reaches it can use the proxy, and it sees their traffic in clear");
        }
        KeyLogWriter keys = keyLogWriter(err);
        CertificateAuthority authority = null;
        if (ca != null) {
            authority = CertificateAuthority.loadOrCreate(ca);
            out.println((authority.created() ? "h2scope proxy: made a CA in " : "h2scope proxy: using the CA in ")
                    + ca + ": clients must trust " + authority.certificateFile() + " (see " + ca.resolve(
                    CertificateAuthority.TRUST_FILE) + ")");
        }
        SSLContext toClients = null;
        if (listenTls) {
            KeyMaterial identity = authority != null ? authority.issue(target.host())
                    : SelfSignedCertificate.generate(target.host());
            toClients = keys != null ? KeyLoggingSslContexts.server(identity, keys) : SslContexts.server(identity);
        }
        List<TraceSink> sinks = new ArrayList<>();
        sinks.add(TraceSinks.fromEnvironment()); // H2SCOPE_LOG, H2SCOPE_TRACE_FILE and H2SCOPE_TRACE_LISTEN as everywhere
        Redaction redaction = reveal.redaction();
        if (record != null) {
            JsonlTraceWriter writer = new JsonlTraceWriter(record, maxBytes, System.err);
            resources.add(writer);
            sinks.add(RedactingSink.wrap(writer, redaction, dataMax)); // credentials out unless --reveal
        }
        if (verbose) {
            sinks.add(new TextLines(out, redaction));
        }
        PrintStream notices = System.err;
        ProxyConfig config = new ProxyConfig(address, target, toClients, trust.context(keys), !trust.insecure(), authority,
                keys, limits, TraceSinks.compose(sinks), line -> {
                    synchronized (notices) {
                        notices.println(line);
                    }
                });
        proxy = RecordingProxy.start(config);
        String where = proxy.address().getAddress().getHostAddress() + ":" + proxy.port();
        out.println("h2scope proxy: listening on " + where + (listenTls ? " (TLS, ALPN h2)" : " (cleartext)")
                + (target != null ? ", relaying to " + target : ", forward proxy (CONNECT only)"));
        if (target != null) {
            out.println(listenTls ? "  try: curl --http2 -k https://" + where + "/"
                    : "  try: curl --http2-prior-knowledge http://" + where + "/");
        }
        if (target == null || ca != null) {
            out.println("  through CONNECT: curl -x http://" + where + (ca != null ? " --cacert "
                    + authority.certificateFile() : "") + " https://HOST/"
                    + (ca == null ? " (needs --ca DIR), or curl -p -x http://" + where
                    + " --http2-prior-knowledge http://HOST/" : ""));
        }
        if (record != null) {
            out.println("  recording to " + record + "; read it with: ./h2scope trace print " + record);
        }
        out.println("  Ctrl-C stops");
        out.flush();
    }

    /** {@code --record-data-max}: all, none, or a size. */
    static long dataMax(String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("all")) {
            return TracePrivacy.ALL_DATA;
        }
        if (v.equalsIgnoreCase("none")) {
            return 0;
        }
        return ByteSize.parse("--record-data-max", v, 1);
    }

    /** --keylog, else SSLKEYLOGFILE, else none. */
    private KeyLogWriter keyLogWriter(PrintWriter err) throws IOException {
        if (keyLog != null) {
            KeyLogWriter writer = new KeyLogWriter(keyLog, System.err);
            resources.add(writer);
            return writer;
        }
        return KeyLogWriter.fromEnvironment().orElse(null);
    }

    /** The limits the flags give (each flag's default is {@link ProxyLimits#DEFAULTS}'s, by {@link ProxyLimitDefaults}). */
    ProxyLimits limits() {
        return ProxyLimits.builder().connectTimeout(connectTimeout).handshakeTimeout(handshakeTimeout)
                .maxConnections(maxConnections).relayBufferBytes(relayBuffer).maxConnectHeadBytes(maxConnectHead)
                .observerBacklogBytes(observerBacklog).loopThreads(loops).build();
    }

    private <T> T usage(java.util.function.Supplier<T> value, String what) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw usageError((what.startsWith("--") ? what + ": " : "") + e.getMessage());
        }
    }

    private CommandLine.ParameterException usageError(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Graceful stop (the shutdown hook, or a test). */
    void stop() {
        RecordingProxy p = proxy;
        if (p != null) {
            p.stop(Duration.ofSeconds(GRACE_SECONDS));
        }
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception ignored) {
                // stopping anyway
            }
        }
        stopped.countDown();
    }

    RecordingProxy proxy() {
        return proxy;
    }
}
