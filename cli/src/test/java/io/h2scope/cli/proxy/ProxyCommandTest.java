package io.h2scope.cli.proxy;

import io.h2scope.cli.CommandRun;
import io.h2scope.cli.H2scopeCommand;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** {@code proxy}: its usage errors on one line each, and a recording that {@code trace print} reads. */
@Timeout(60)
class ProxyCommandTest {

    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @Test
    void aNonLoopbackListenNeedsAllowRemote() {
        CommandRun r = run("proxy", "--listen", "0.0.0.0:0", "--upstream", "http://127.0.0.1:1/");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: --listen 0.0.0.0:0 is not a loopback address: the proxy sees credentials in"
                + " clear, so add --allow-remote to listen there on purpose (see './h2scope proxy --help')", r.errLine());
    }

    /** Said "has scheme 'null'". */
    @Test
    void anUpstreamThatIsNoUrlIsAUsageError() {
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "localhost");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: --upstream: 'localhost' is not a URL (no scheme); expected http://HOST:PORT/ (h2c) "
                + "or https://HOST:PORT/ (TLS) (see './h2scope proxy --help')", r.err().strip());
    }

    /** Said "FILE: cannot access: check the path". */
    @Test
    void aCaThatIsAFileSaysSo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("ca.pem"), "x");
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--ca", file.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("h2scope proxy: " + file + " is a file, not a directory: give a directory for the CA (made if "
                + "missing)", r.err().strip());
    }

    @Test
    void anUpstreamWithAPathIsAUsageError() {
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:9080/api");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: --upstream: 'http://127.0.0.1:9080/api' has a path or query; the proxy relays"
                + " whole connections, so give the upstream as http://HOST:PORT/ or https://HOST:PORT/"
                + " (see './h2scope proxy --help')", r.errLine());
    }

    @Test
    void aRelayBufferBelowOneTlsRecordIsAUsageError() {
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:1/", "--relay-buffer", "1000");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: relayBufferBytes (--relay-buffer) must be at least 32768, got 1000 (see './h2scope proxy --help')",
                r.errLine());
    }

    @Test
    void listenTlsNeedsAnUpstream() {
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--listen-tls");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: --listen-tls needs --upstream (the certificate is made for the upstream's name)"
                + " (see './h2scope proxy --help')", r.errLine());
    }

    @Test
    void anUpstreamCaWithInsecureIsAUsageError() throws Exception {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "any\n");
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "https://127.0.0.1:1/", "--upstream-ca",
                ca.toString(), "--insecure");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: --upstream-ca and --insecure: an upstream CA file and insecure (accept any"
                + " certificate) contradict each other; give one of them (see './h2scope proxy --help')", r.errLine());
    }

    @Test
    void aKeyLogThatCannotBeMadeIsAUsageErrorNamingIt() {
        Path keys = dir.resolve("no-such-dir").resolve("keys.log");
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "https://127.0.0.1:1/", "--keylog",
                keys.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: Invalid value for option '--keylog': no directory '" + keys.getParent()
                + "' to make '" + keys + "' in; check the path (see './h2scope proxy --help')", r.errLine());
    }

    @Test
    void helpListsEveryLimitWithItsDefault() {
        CommandRun r = run("proxy", "--help");
        String help = r.out().replaceAll("\\s+", " ");
        for (String expected : List.of("--connect-timeout=DURATION", "--handshake-timeout=DURATION",
                "(default: 10s)", "--max-connections=N", "(default: 1000)", "--relay-buffer=BYTES",
                "(default: 1048576)", "--max-connect-head=BYTES", "(default: 8192)", "--record-max-bytes=SIZE",
                "(default: 100m)", "(default: 127.0.0.1:8080)", "--observer-backlog=BYTES", "(default: 2097152)",
                "--loops=N", "(default: " + Runtime.getRuntime().availableProcessors() + ", one per core)")) {
            assertTrue(help.contains(expected), expected + " in: " + help);
        }
    }

    /** --help names the recording's format version as the engine writes it, not a version left behind. */
    @Test
    void helpNamesTheRecordingsFormatVersion() {
        String help = run("proxy", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("as JSONL v" + io.h2scope.engine.trace.jsonl.TraceEventJson.VERSION + " "), help);
    }

    /** The flags' defaults are the engine's: written once, in {@link ProxyLimits#DEFAULTS}. */
    @Test
    void withNoLimitFlagsTheLimitsAreTheEngineDefaults() {
        ProxyCommand command = new ProxyCommand();
        new CommandLine(command).parseArgs("--upstream", "http://127.0.0.1:1/");
        assertEquals(ProxyLimits.DEFAULTS, command.limits());
    }

    @Test
    void eachLimitFlagReachesItsLimit() {
        ProxyCommand command = new ProxyCommand();
        new CommandLine(command).parseArgs("--connect-timeout", "1500ms", "--handshake-timeout", "3s",
                "--max-connections", "7", "--relay-buffer", "65536", "--max-connect-head", "512",
                "--observer-backlog", "40000", "--loops", "3");
        assertEquals(ProxyLimits.builder().connectTimeout(Duration.ofMillis(1500)).handshakeTimeout(Duration.ofSeconds(3))
                .maxConnections(7).relayBufferBytes(65_536).maxConnectHeadBytes(512).observerBacklogBytes(40_000)
                .loopThreads(3).build(), command.limits());
    }

    @Test
    void zeroLoopsIsAUsageError() {
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:1/", "--loops", "0");
        assertEquals(2, r.exit(), r.err());
        assertEquals("h2scope proxy: loopThreads (--loops) must be at least 1, got 0 (see './h2scope proxy --help')",
                r.errLine());
    }

    /** A request through the command's proxy, recorded to --record, printed by trace print: both legs, linked. */
    @Test
    void theRecordingIsReadByTracePrint() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed (apt-get install curl)");
        H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
        Path record = dir.resolve("proxy.jsonl");
        Path ca = dir.resolve("ca");
        CommandLine cli = H2scopeCommand.commandLine();
        StringWriter out = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));
        ProxyCommand command = cli.getSubcommands().get("proxy").getCommand();
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> cli.execute("proxy", "--listen",
                "127.0.0.1:0", "--upstream", server.url(), "--record", record.toString(), "--ca", ca.toString()));
        try {
            Await.until(() -> command.proxy() != null, "the proxy started");
            int port = command.proxy().port();
            Process curl = new ProcessBuilder("curl", "-sS", "--http2-prior-knowledge", "-H",
                    "authorization: Bearer secret123", "http://127.0.0.1:" + port + "/").redirectErrorStream(true).start();
            String body = new String(curl.getInputStream().readAllBytes());
            assertTrue(curl.waitFor(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            assertEquals(ReferenceHandler.ROOT_BODY, body);
            Await.until(() -> closesIn(record) >= 2, "both legs' closes in the recording");
        } finally {
            command.stop();
            assertEquals(0, running.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            server.shutdown(Duration.ofSeconds(1));
        }
        assertTrue(out.toString().contains("made a CA in " + ca), out.toString());
        assertTrue(out.toString().contains("read it with: ./h2scope trace print " + record), "the launcher as other banners name it: " + out);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(ca.resolve("h2scope-ca-key.pem"))));
        assertTrue(Files.readString(ca.resolve("TRUST.txt")).contains("curl --cacert"));

        CommandRun printed = run("trace", "print", record.toString());
        assertEquals(0, printed.exit(), printed.err());
        String text = printed.out();
        assertTrue(text.contains("conn=1 opened server") && text.contains("pair=2"), text);
        assertTrue(text.contains("conn=2 opened client") && text.contains("pair=1"), text);
        assertTrue(text.contains("conn=1 recv HEADERS") && text.contains("conn=2 send HEADERS"), text);
        assertTrue(text.contains("conn=2 recv DATA") && text.contains("conn=1 send DATA"), text);

        // credentials hidden, DATA kept: the recording is the proxy's, made on purpose
        String recorded = Files.readString(record);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(record)));
        assertTrue(!recorded.contains("secret123") && text.contains("authorization: <redacted 16 bytes>"), text);
        assertTrue(recorded.contains("\"redact\":[\"authorization\",\"cookie\",\"proxy-authorization\",\"set-cookie\"]}"),
                recorded);
        CommandRun revealed = run("trace", "print", "--reveal", "--type", "DATA", record.toString());
        assertTrue(revealed.out().contains("data=\"" + ReferenceHandler.ROOT_BODY.substring(0, 10)), revealed.out());
    }

    private static long closesIn(Path record) {
        try {
            return Files.readString(record).lines().filter(l -> l.contains("\"kind\":\"closed\"")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void recordDataMaxIsAllNoneOrASize() {
        assertEquals(Long.MAX_VALUE, ProxyCommand.dataMax("all"));
        assertEquals(0, ProxyCommand.dataMax("none"));
        assertEquals(4096, ProxyCommand.dataMax("4k"));
        CommandRun r = run("proxy", "--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:1/",
                "--record-data-max", "lots");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.errLine().startsWith("h2scope proxy: --record-data-max=\"lots\": not a number; accepted: a size"),
                r.err());
    }
}
