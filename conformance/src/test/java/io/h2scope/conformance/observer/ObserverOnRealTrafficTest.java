package io.h2scope.conformance.observer;

import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.stream.StreamState;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.StreamStateChanged;
import io.h2scope.engine.trace.model.TraceEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link io.h2scope.engine.observer.Http2Observer} on real traffic: the bytes of one engine connection (tapped in
 * its transport, after TLS) against nginx, h2o and nghttpd (local processes from their Debian packages, with the
 * docker-targets/ configs), against the engine's own server, and curl against the engine's server. Fed to the
 * observer from the engine's side, they must give the engine's own events ({@link ObserverAgreement}). A server
 * that is not installed is skipped, naming its package.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ObserverOnRealTrafficTest {

    /** Where each config serves the state directory's www/. */
    private static final Map<String, String> FILES = Map.of("nginx", "/files/", "h2o", "/", "nghttpd", "/", "apache2", "/");
    private static final int LARGE = 1 << 20;

    @TempDir
    static Path work;

    private static final Map<String, LocalProcessTarget> RUNNING = new HashMap<>();

    @AfterAll
    static void stop() {
        RUNNING.values().forEach(LocalProcessTarget::close);
        RUNNING.clear();
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @CsvSource({"nginx,false", "nginx,true", "h2o,false", "h2o,true", "nghttpd,false", "nghttpd,true"})
    void theEnginesClientWithARealServer(String name, boolean tls) throws Exception {
        LocalProcessTarget server = server(name);
        Target target = server.target(tls);
        WireRecording recording = new WireRecording();
        H2Client.Builder builder = H2Client.newBuilder().requestTimeout(Duration.ofSeconds(30)).traceSink(recording)
                .maxConnectionsPerAuthority(1);
        if (tls) {
            builder.trust(List.of(certificate(server)));
        }
        String base = target.scheme() + "://" + target.authority() + FILES.get(name);
        try (H2Client client = builder.build()) {
            exercise(client, base, base + "large.bin", base + "small.txt");
        }
        WireRecording.Connection connection = single(recording);
        ObserverAgreement.assertAgrees(Role.CLIENT, connection, name + (tls ? " over TLS" : " h2c"));
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void theEnginesClientWithTheEnginesServer(boolean tls) throws Exception {
        WireRecording serverSide = new WireRecording();
        ReferenceServer.Options options = tls ? ReferenceServer.Options.tlsSelfSigned() : ReferenceServer.Options.h2c();
        H2Server server = ReferenceServer.configure(options).traceSink(serverSide).start();
        try {
            WireRecording clientSide = new WireRecording();
            H2Client.Builder builder = H2Client.newBuilder().requestTimeout(Duration.ofSeconds(30))
                    .traceSink(clientSide).maxConnectionsPerAuthority(1);
            if (tls) {
                builder.insecure();
            }
            try (H2Client client = builder.build()) {
                exercise(client, server.url(), server.url() + "bytes/" + LARGE, server.url());
                H2Response<byte[]> echoed = client.send(H2Request.newBuilder(server.url() + "echo")
                        .method("POST", BodyPublishers.ofByteArray(body(200_000))).build(), BodyHandlers.ofByteArray());
                assertEquals(200_000, echoed.body().length);
            }
            ObserverAgreement.assertAgrees(Role.CLIENT, single(clientSide), "the engine's client");
            ObserverAgreement.assertAgrees(Role.SERVER, serverSide.closed(1, Duration.ofSeconds(10)).get(0),
                    "the engine's server");
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {false, true})
    void curlWithTheEnginesServer(boolean tls) throws Exception {
        String curl = onPath("curl");
        WireRecording recording = new WireRecording();
        ReferenceServer.Options options = tls ? ReferenceServer.Options.tlsSelfSigned() : ReferenceServer.Options.h2c();
        H2Server server = ReferenceServer.configure(options).traceSink(recording).start();
        try {
            Path upload = work.resolve("upload-" + tls + ".bin");
            Files.write(upload, body(300_000));
            List<String> command = new ArrayList<>(List.of(curl, "-sS", "-o", "/dev/null", "-o", "/dev/null", "-o",
                    "/dev/null", "-o", "/dev/null", "-Z", "--parallel-immediate"));
            command.add(tls ? "--http2" : "--http2-prior-knowledge");
            if (tls) {
                command.add("-k");
            }
            command.addAll(List.of(server.url(), server.url() + "bytes/" + LARGE, server.url() + "headers",
                    server.url() + "nowhere"));
            run(command);
            run(List.of(curl, "-sS", "-o", "/dev/null", tls ? "--http2" : "--http2-prior-knowledge", "-k",
                    "--data-binary", "@" + upload, server.url() + "echo"));
            for (WireRecording.Connection c : recording.closed(2, Duration.ofSeconds(10))) {
                List<TraceEvent> observed = ObserverAgreement.assertAgrees(Role.SERVER, c, "curl" + (tls ? " over TLS" : " h2c")
                        + " connection " + c.id);
                assertTrue(observed.stream().filter(e -> e instanceof FrameEvent).count() > 5, "frames were observed");
            }
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void theEnginesClientUpgradingToH2cWithTheEnginesServer() throws Exception {
        WireRecording serverSide = new WireRecording();
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(serverSide).start();
        try {
            WireRecording clientSide = new WireRecording();
            try (H2Client client = H2Client.newBuilder().requestTimeout(Duration.ofSeconds(30)).traceSink(clientSide)
                    .maxConnectionsPerAuthority(1).h2cUpgrade(true).build()) {
                exercise(client, server.url(), server.url() + "bytes/" + LARGE, server.url());
            }
            assertUpgraded(Role.CLIENT, ObserverAgreement.assertAgrees(Role.CLIENT, single(clientSide), "the engine's client, upgrading"));
            assertUpgraded(Role.SERVER, ObserverAgreement.assertAgrees(Role.SERVER, serverSide.closed(1, Duration.ofSeconds(10)).get(0),
                    "the engine's server, upgraded"));
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    /**
     * apache2 (mod_http2) switches a GET without a body to h2c (its config: Protocols h2c http/1.1) and answers it on
     * stream 1; it may end an upgraded connection with GOAWAY "timeout" once its session waits (which cuts a large
     * body short), so each client here makes one small GET on its own upgraded connection, then closes it.
     */
    @Test
    void theEnginesClientUpgradingToH2cWithApache() throws Exception {
        LocalProcessTarget server = server("apache2");
        Target target = server.target(false);
        WireRecording recording = new WireRecording();
        String small = target.scheme() + "://" + target.authority() + FILES.get("apache2") + "small.txt";
        for (int i = 0; i < 2; i++) {
            try (H2Client client = H2Client.newBuilder().requestTimeout(Duration.ofSeconds(30)).traceSink(recording)
                    .maxConnectionsPerAuthority(1).h2cUpgrade(true).build()) {
                H2Response<byte[]> response = client.send(H2Request.newBuilder(small).header("x-request", "n" + i)
                        .build(), BodyHandlers.ofByteArray());
                assertEquals(200, response.status());
                assertEquals("small\n", new String(response.body()));
            }
        }
        for (WireRecording.Connection c : recording.closed(2, Duration.ofSeconds(10))) {
            assertUpgraded(Role.CLIENT, ObserverAgreement.assertAgrees(Role.CLIENT, c, "apache2, upgraded, connection "
                    + c.id));
        }
    }

    /** The upgraded request was stream 1, opened by the HTTP/1.1 request, not by a HEADERS frame. */
    private static void assertUpgraded(Role role, List<TraceEvent> observed) {
        Direction fromClient = role == Role.CLIENT ? Direction.OUTBOUND : Direction.INBOUND;
        assertTrue(observed.stream().anyMatch(e -> e instanceof StreamStateChanged s && s.streamId() == 1
                && s.from() == StreamState.IDLE), "stream 1 was opened");
        assertTrue(observed.stream().noneMatch(e -> e instanceof FrameEvent f && f.streamId() == 1
                && f.frame() instanceof io.h2scope.engine.frame.HeadersFrame && f.direction() == fromClient),
                "no request HEADERS on stream 1: it came over HTTP/1.1");
    }

    /** A GET of a large body (flow control both ways), five small ones at once, a POST with a body. */
    private static void exercise(H2Client client, String root, String large, String small) throws Exception {
        H2Response<byte[]> big = client.send(H2Request.newBuilder(large).build(), BodyHandlers.ofByteArray());
        assertEquals(200, big.status(), large);
        assertEquals(LARGE, big.body().length);
        List<CompletableFuture<H2Response<byte[]>>> many = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            many.add(client.sendAsync(H2Request.newBuilder(small).header("x-request", "n" + i).build(),
                    BodyHandlers.ofByteArray()));
        }
        for (CompletableFuture<H2Response<byte[]>> f : many) {
            assertEquals(200, f.get(30, TimeUnit.SECONDS).status(), small);
        }
        client.send(H2Request.newBuilder(root).method("POST", BodyPublishers.ofByteArray(body(100_000))).build(),
                BodyHandlers.discarding());
    }

    private static WireRecording.Connection single(WireRecording recording) throws InterruptedException {
        List<WireRecording.Connection> closed = recording.closed(1, Duration.ofSeconds(10));
        assertEquals(1, closed.size(), "one connection");
        return closed.get(0);
    }

    private static byte[] body(int size) {
        byte[] b = new byte[size];
        new Random(size).nextBytes(b);
        return b;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectInput(new File("/dev/null")).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "curl finished");
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + ": " + new String(out));
    }

    private static String onPath(String binary) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, binary))) {
                return Path.of(dir, binary).toString();
            }
        }
        assumeTrue(false, binary + " is not installed (apt-get install " + binary + ")");
        return null;
    }

    private static X509Certificate certificate(LocalProcessTarget server) throws Exception {
        try (var in = Files.newInputStream(server.stateDir().resolve("cert.pem"))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** Starts {@code name} once for the class, serving large.bin and small.txt from its www/. */
    private static synchronized LocalProcessTarget server(String name) throws Exception {
        TargetSpec spec = TargetRegistry.locate().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + ": apt-get install " + spec.debianPackage());
        LocalProcessTarget running = RUNNING.get(name);
        if (running != null) {
            return running;
        }
        // workers that drop to www-data must walk down into the state directory (a JUnit temp dir is 0700)
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path state = work.resolve(name);
        Path www = Files.createDirectories(state.resolve("www"));
        Files.write(www.resolve("large.bin"), body(LARGE));
        Files.write(www.resolve("small.txt"), "small\n".getBytes());
        LocalProcessTarget started = LocalProcessTarget.start(spec, state);
        RUNNING.put(name, started);
        return started;
    }
}
