package io.h2scope.cli.conform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.cli.CommandRun;
import io.h2scope.conformance.intermediary.IntermediaryTarget;
import io.h2scope.conformance.intermediary.ProxySuiteRunner;
import io.h2scope.conformance.intermediary.cases.ProxySuite;
import io.h2scope.conformance.runner.CaseSelection;
import io.h2scope.conformance.targets.launch.ContainerTarget;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.engine.proxy.ProxyConfig;
import io.h2scope.engine.proxy.ProxyLimits;
import io.h2scope.engine.proxy.RecordingProxy;
import io.h2scope.engine.proxy.Upstream;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformProxyCommandTest {

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void listsTheCasesWithoutRunning() {
        CommandRun r = CommandRun.of("conform-proxy", "--list");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("proxy/8.1.1/h2-cl-smuggled-request"), r.out());
        assertTrue(r.out().contains("proxy/8.2.3/cookie-crumbs-joined"), r.out());
    }

    @Test
    void listsOnlyTheSelectedSectionByNameOrRfcNumber() {
        CommandRun byName = CommandRun.of("conform-proxy", "--list", "--section", "proxy/8.2.3");
        assertEquals(0, byName.exit(), byName.err());
        assertTrue(byName.out().contains("proxy/8.2.3/cookie-crumbs-joined"), byName.out());
        assertFalse(byName.out().contains("proxy/8.1.1/"), byName.out());
        assertFalse(byName.out().contains("proxy/e2e/"), byName.out());
        // an RFC section number takes the request-side and the response-side cases of its rule
        CommandRun byRfc = CommandRun.of("conform-proxy", "--list", "--section", "8.1.1");
        assertEquals(0, byRfc.exit(), byRfc.err());
        assertTrue(byRfc.out().contains("proxy/8.1.1/two-content-lengths"), byRfc.out());
        assertTrue(byRfc.out().contains("proxy/response/8.1.1/"), byRfc.out());
        assertFalse(byRfc.out().contains("proxy/8.2.3/"), byRfc.out());
    }

    @Test
    void aSelectionOfNoCaseIsAOneLineUsageError() {
        CommandRun r = CommandRun.of("conform-proxy", "--case", "proxy/no-such-case", "--front", "http://127.0.0.1:1",
                "--origin-port", "9");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.errLine().contains("--case proxy/no-such-case selects no case: give a section that --list shows ("
                + "proxy/8.1.1, "), r.err());
        CommandRun list = CommandRun.of("conform-proxy", "--list", "--section", "9.9");
        assertEquals(2, list.exit(), list.out());
        assertTrue(list.errLine().contains("--section 9.9 selects no case"), list.err());
    }

    @Test
    void aCaseSelectionJudgesOnlyThoseCases() throws Exception {
        int origin = freePort();
        try (RecordingProxy proxy = relayToward(origin)) {
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:" + proxy.port(), "--origin", "h2c",
                    "--origin-port", Integer.toString(origin), "--case",
                    "proxy/8.1.1/h2-cl-smuggled-request,proxy/8.2.3");
            assertEquals(1, r.exit(), r.out() + r.err()); // a byte relay forwards the smuggled length as it came
            assertTrue(r.out().contains("Running 2 cases..."), r.out());
            assertTrue(r.out().contains("proxy/8.1.1/h2-cl-smuggled-request"), r.out());
            assertTrue(r.out().contains("proxy/8.2.3/cookie-crumbs-joined"), r.out());
            assertFalse(r.out().contains("proxy/8.1.1/two-content-lengths"), r.out());
            assertFalse(r.out().contains("proxy/e2e/"), r.out());
        }
    }

    @Test
    void casesRunAtOnceAreJudgedAndReportedInSuiteOrder(@TempDir Path dir) throws Exception {
        int origin = freePort();
        try (RecordingProxy proxy = relayToward(origin)) {
            Path json = dir.resolve("run.json");
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:" + proxy.port(), "--origin",
                    "h2c", "--origin-port", Integer.toString(origin), "--section", "proxy/8.2.3,proxy/8.2.2",
                    "--parallel", "4", "--report", "json=" + json);
            assertEquals(1, r.exit(), r.out() + r.err()); // a byte relay forwards the connection fields as they came
            String report = Files.readString(json);
            List<String> ids = Pattern.compile("\"(proxy/8\\.2\\.[23]/[^\"]+)\"").matcher(report)
                    .results().map(m -> m.group(1)).distinct().toList();
            List<String> suiteOrder = ProxySuiteRunner.plan(ProxySuite.sections(), CaseSelection.all()).stream()
                    .map(p -> p.definition().id().value()).filter(ids::contains).toList();
            assertTrue(ids.size() > 4, report);
            assertEquals(suiteOrder, ids);
        }
    }

    @Test
    void aSelectionIsHeldOnlyAgainstTheListedCasesItRan(@TempDir Path dir) throws Exception {
        int origin = freePort();
        try (RecordingProxy proxy = relayToward(origin)) {
            // the selected case FAILs as listed; the other listed ones did not run, so they count neither way
            Path expected = dir.resolve("expected-failures.txt");
            java.nio.file.Files.writeString(expected, "proxy/8.1.1/h2-cl-smuggled-request  a byte relay forwards it\n"
                    + "proxy/e2e/large-download-whole  not selected\n"
                    + "proxy/8.2.3/cookie-crumbs-joined  not selected\n");
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:" + proxy.port(), "--origin", "h2c",
                    "--origin-port", Integer.toString(origin), "--case", "proxy/8.1.1/h2-cl-smuggled-request",
                    "--expected", expected.toString());
            assertEquals(0, r.exit(), r.out() + r.err());
            String summary = r.out().lines().filter(l -> l.startsWith("Expected failures: ")).findFirst().orElse("");
            assertTrue(summary.startsWith("Expected failures: as expected"), r.out());
        }
    }

    /** h2scope's own byte relay, an h2c front forwarding to {@code originPort}: it forwards every request as it came. */
    private static RecordingProxy relayToward(int originPort) throws Exception {
        return RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", originPort, false), null, SslContexts.insecureClient(), false, null, null,
                ProxyLimits.DEFAULTS, TraceSink.NONE, line -> { }));
    }

    @Test
    void aFrontWithoutAnOriginPortIsAUsageError() {
        CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1");
        assertEquals(2, r.exit());
        assertTrue(r.errLine().contains("--origin-port N is required with --front"), r.err());
        r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "99999"); // said "is required"
        assertEquals(2, r.exit());
        assertEquals("h2scope conform-proxy: --origin-port must be 1 to 65535 (the port on 127.0.0.1 the intermediary "
                + "forwards to), got 99999", r.errLine());
        assertEquals(2, CommandRun.of("conform-proxy", "--front", "https://127.0.0.1:1", "--origin-port", "9",
                "--insecure", "--ca", "x.pem").exit());
        assertEquals(2, CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--insecure").exit());
        assertEquals(2, CommandRun.of("conform-proxy").exit());
        CommandRun negative = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--refused-retries", "-1");
        assertEquals(2, negative.exit());
        assertTrue(negative.errLine().contains("--refused-retries takes 0 or more"), negative.err());
        CommandRun big = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--buffer-limit", "1g");
        assertEquals(2, big.exit());
        assertTrue(big.errLine().contains("--buffer-limit takes at most 512m"), big.err());
        assertEquals(2, CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--buffer-limit", "100k").exit());
        CommandRun often = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--memory-interval", "5ms");
        assertEquals(2, often.exit());
        assertEquals("h2scope conform-proxy: --memory-interval: the memory sampling interval must be 10 ms to 1000 ms,"
                + " got 5 ms", often.errLine());
        assertEquals(2, CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--memory-interval", "2s").exit());
        CommandRun much = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--legs-data", "2m");
        assertEquals(2, much.exit());
        assertEquals("h2scope conform-proxy: --legs-data takes at most 1m (what a case keeps per stream or message), got 2m",
                much.errLine());
        CommandRun none = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--legs-http1-shown", "0");
        assertEquals(2, none.exit());
        assertTrue(none.errLine().contains("--legs-http1-shown=\"0\": out of range"), none.err());
        for (String n : List.of("0", "1000")) {
            CommandRun parallel = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                    "--parallel", n);
            assertEquals(2, parallel.exit(), parallel.err());
            assertEquals("h2scope conform-proxy: --parallel takes 1 to 16 (cases run at once through the intermediary),"
                    + " got " + n, parallel.errLine());
        }
        CommandRun missing = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--expected", "no/such/expected-failures.txt");
        assertEquals(2, missing.exit());
        assertTrue(missing.errLine().contains("--expected no/such/expected-failures.txt: no such file"), missing.err());
    }

    @Test
    void anIntermediaryForwardingElsewhereIsSaidOnceWithExit3() throws Exception {
        int origin = freePort();
        // a byte relay toward a port where nothing listens: it never reaches the origin h2scope opens
        try (RecordingProxy proxy = relayToward(freePort())) {
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:" + proxy.port(), "--origin-port",
                    Integer.toString(origin), "--timeout", "2s");
            assertEquals(3, r.exit(), r.out() + r.err());
            assertTrue(r.errLine().contains("the origin saw nothing") && r.errLine().contains(
                    "is the intermediary configured to forward to 127.0.0.1:" + origin + "?"), r.err());
        }
    }

    @Test
    void aTlsFrontThatDoesNotChooseH2IsSaidOnceWithExit3() throws Exception {
        SSLContext context = SslContexts.server(SelfSignedCertificate.generate("localhost", "127.0.0.1"));
        try (SSLServerSocket listener = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 5,
                InetAddress.getLoopbackAddress())) {
            // no ALPN on the listener at all: an HTTP/1.1-only TLS server, as an https front without http2 is
            Thread server = new Thread(() -> {
                try (Socket s = listener.accept()) {
                    ((SSLSocket) s).startHandshake();
                    s.getInputStream().read();
                } catch (IOException e) {
                    // the client hangs up once it sees no h2
                }
            });
            server.setDaemon(true);
            server.start();
            CommandRun r = CommandRun.of("conform-proxy", "--front", "https://127.0.0.1:" + listener.getLocalPort(),
                    "--insecure", "--origin-port", Integer.toString(freePort()), "--timeout", "2s");
            assertEquals(3, r.exit(), r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.errLine().contains("did not choose h2 by ALPN (RFC 9113 §3.2; it chose none)"),
                    r.err());
        }
    }

    @Test
    void aTlsFrontTrustedByCaFileRunsEveryCase(@TempDir Path dir) throws Exception {
        KeyMaterial identity = SelfSignedCertificate.generate("localhost", "127.0.0.1");
        identity.writePem(dir.resolve("cert.pem"), dir.resolve("key.pem"));
        int origin = freePort();
        // h2scope's own relay with a TLS front, toward the h2c origin the run opens
        try (RecordingProxy proxy = RecordingProxy.start(new ProxyConfig(new InetSocketAddress("127.0.0.1", 0),
                new Upstream("127.0.0.1", origin, false), SslContexts.server(identity), SslContexts.insecureClient(),
                false, null, null, ProxyLimits.DEFAULTS, TraceSink.NONE, line -> { }))) {
            // held against a file that lists one case a byte relay passes, and none of those it fails
            Path expected = dir.resolve("expected-failures.txt");
            java.nio.file.Files.writeString(expected, "proxy/e2e/large-download-whole  listed to be contradicted\n"
                    + "~proxy/8.2.1/value-trailing-space  timing: never counts\n");
            CommandRun r = CommandRun.of("conform-proxy", "--front", "https://127.0.0.1:" + proxy.port(), "--ca",
                    dir.resolve("cert.pem").toString(), "--origin", "h2c", "--origin-port", Integer.toString(origin),
                    "--expected", expected.toString());
            assertEquals(1, r.exit(), r.out() + r.err()); // a byte relay forwards every malformed request as it came
            assertTrue(r.out().contains("0 inconclusive"), r.out() + r.err());
            assertTrue(r.out().contains("proxy/e2e/large-download-whole"), r.out());
            String summary = r.out().lines().filter(l -> l.startsWith("Expected failures: ")).findFirst().orElse("");
            assertTrue(summary.contains("unexpected FAILs (proxy/8.1.1/") && summary.contains(
                    "1 unexpected PASS (proxy/e2e/large-download-whole)"), r.out());
            assertTrue(!summary.contains("value-trailing-space"), summary);
        }
    }

    @Test
    void anOriginPortInUseIsSaid() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port",
                    Integer.toString(taken.getLocalPort()));
            assertEquals(2, r.exit(), r.out() + r.err()); // refused before the run: not "a case failed"
            assertEquals("h2scope conform-proxy: origin port " + taken.getLocalPort() + " is in use: choose another with "
                    + "--origin-port", r.errLine());
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }

    @Test
    void anUnknownLocalIntermediaryListsTheKnownOnes() throws Exception {
        CommandRun r = CommandRun.of("conform-proxy", "--target", "local:nosuch-proxy");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.errLine().startsWith("h2scope conform-proxy: no intermediary is called 'nosuch-proxy'; the known "
                + "ones are ") && r.errLine().contains(String.join(", ", IntermediaryTarget.names())), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    /**
     * h2scope's own relay as a named target: the malformed requests come out "forwarded as it came", FAILs its folder's
     * file lists by design, so the run is as expected (exit 0); two cases (a field value, a field name), the rest being
     * {@code IntermediaryMatrixTest}'s.
     */
    @Test
    void h2scopesOwnRelayAsATargetFailsEveryMalformedCaseAsItsFileSays() {
        CommandRun r = CommandRun.of("conform-proxy", "--target", "local:h2scope-proxy", "--case",
                "proxy/8.2.1/value-crlf-injects-field,proxy/8.2.1/name-with-colon");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("Testing h2scope's own proxy"), r.out());
        assertTrue(r.out().contains(": 0 passed, 0 lenient, 2 failed, 0 skipped, 0 inconclusive"), r.out());
        assertTrue(r.out().contains("Expected failures: as expected"), r.out());
    }

    /**
     * A local intermediary that dies mid-run: a byte relay (python3) toward the h2c origin that exits at its fourth
     * connection (the readiness probe, the reachability GET and one case's go through). The run is not judged: exit 3,
     * with the intermediary's log.
     */
    @Test
    void anIntermediaryThatDiesMidRunIsExit3WithItsLog(@TempDir Path root) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "/usr/bin/python3 is missing");
        Path folder = Files.createDirectories(root.resolve("dying-relay"));
        Files.writeString(folder.resolve(IntermediaryTarget.PROPERTIES), String.join("\n",
                "name=dying-relay", "description=a byte relay that exits at its fourth connection", "origin=h2c",
                "config=relay.py", "local.binary=/usr/bin/python3", "local.command=@BINARY@ @STATE@/relay.py", ""));
        Files.writeString(folder.resolve("relay.py"), String.join("\n",
                "import os, socket, threading",
                "def pipe(a, b):",
                "    try:",
                "        while True:",
                "            d = a.recv(65536)",
                "            if not d: break",
                "            b.sendall(d)",
                "    except OSError: pass",
                "    try: b.shutdown(socket.SHUT_WR)",
                "    except OSError: pass",
                "front = socket.socket()",
                "front.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
                "front.bind(('127.0.0.1', @FRONT_PORT@))",
                "front.listen(16)",
                "served = 0",
                "while True:",
                "    c, _ = front.accept()",
                "    served += 1",
                "    if served == 4:",
                "        print('dying-relay: exits at connection 4', flush=True)",
                "        os._exit(1)",
                "    o = socket.create_connection(('127.0.0.1', @ORIGIN_PORT@))",
                "    threading.Thread(target=pipe, args=(c, o), daemon=True).start()",
                "    threading.Thread(target=pipe, args=(o, c), daemon=True).start()", ""));
        String before = System.getProperty(TargetRegistry.ROOT_PROPERTY);
        System.setProperty(TargetRegistry.ROOT_PROPERTY, root.toString());
        try {
            CommandRun r = CommandRun.of("conform-proxy", "--target", "local:dying-relay", "--section", "proxy/8.2.1",
                    "--timeout", "2s");
            assertEquals(3, r.exit(), r.out() + r.err());
            assertTrue(r.err().startsWith("h2scope conform-proxy: the intermediary died during the run; its log:"), r.err());
            assertTrue(r.err().contains("dying-relay: exits at connection 4"), r.err());
        } finally {
            if (before == null) {
                System.clearProperty(TargetRegistry.ROOT_PROPERTY);
            } else {
                System.setProperty(TargetRegistry.ROOT_PROPERTY, before);
            }
        }
    }

    @Test
    void aTimeoutOfZeroIsAUsageError() {
        CommandRun r = CommandRun.of("conform-proxy", "--front", "http://127.0.0.1:1", "--origin-port", "9",
                "--timeout", "0s");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals("h2scope conform-proxy: --timeout must be above 0, got '0s'", r.errLine());
    }

    @Test
    void theMemoryIntervalGivenIsTheOneTheSlowClientsEvidenceNames(@TempDir Path dir) throws Exception {
        String unavailable = IntermediaryTarget.unavailableReason(IntermediaryTarget.spec("nginx-proxy"));
        Assumptions.assumeTrue(unavailable == null, unavailable);
        Path json = dir.resolve("run.json");
        CommandRun r = CommandRun.of("conform-proxy", "--target", "local:nginx-proxy", "--case",
                "proxy/e2e/slow-client-bounded-buffering", "--memory-interval", "20ms", "--report", "json=" + json);
        assertEquals(0, r.exit(), r.out() + r.err());
        String report = Files.readString(json);
        assertTrue(report.contains("intermediary RSS: before ") && report.contains(" readings every 20 ms of "), report);
    }

    @Test
    void aTargetThatIsNeitherLocalNorDockerIsOneLineSayingBoth() {
        // an unknown NAME after either is anUnknownLocalIntermediaryListsTheKnownOnes
        CommandRun how = CommandRun.of("conform-proxy", "--target", "podman:nginx-proxy");
        assertEquals(2, how.exit(), how.out() + how.err());
        assertTrue(how.errLine().contains("--target takes local:NAME") && how.err().contains("docker:NAME"), how.err());
    }

    @Test
    void dockerWithoutAnEngineIsOneLineSayingWhatToDo() {
        // where an engine answers, docker:nginx-proxy starts: that path is IntermediaryContainerVersusLocalTest's
        Assumptions.assumeFalse(ContainerTarget.dockerAvailable(), "a Docker engine answers here");
        CommandRun r = CommandRun.of("conform-proxy", "--target", "docker:nginx-proxy");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.errLine().contains("docker:nginx-proxy: no Docker engine answers") && r.err().contains("local:nginx-proxy"),
                r.err());
    }

    @Test
    void nginxAsALocalTargetGetsAVerdictPerCase() throws Exception {
        String unavailable = IntermediaryTarget.unavailableReason(IntermediaryTarget.spec("nginx-proxy"));
        Assumptions.assumeTrue(unavailable == null, unavailable);
        // one section: the command's wiring (a named target, its expected FAILs); every case through nginx is
        // NginxProxyVerdictsTest's, and every intermediary's whole suite IntermediaryMatrixTest's
        CommandRun r = CommandRun.of("conform-proxy", "--target", "local:nginx-proxy", "--section", "proxy/8.2.1");
        // nginx forwards whitespace around values as it came: a FAIL its expected-failures.txt lists
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("0 inconclusive"), r.out() + r.err());
        assertTrue(r.out().contains("proxy/8.2.1/value-trailing-space"), r.out());
        assertTrue(r.out().contains("Expected failures: as expected"), r.out());
    }
}
