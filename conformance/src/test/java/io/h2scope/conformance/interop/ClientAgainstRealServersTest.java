package io.h2scope.conformance.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.h2scope.conformance.targets.launch.LocalProcessTarget;
import io.h2scope.conformance.targets.Target;
import io.h2scope.conformance.targets.launch.TargetRegistry;
import io.h2scope.conformance.targets.launch.TargetSpec;
import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.client.H2Request;
import io.h2scope.engine.client.H2Response;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
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
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine's {@link H2Client} against nginx, h2o and apache2 (mod_http2), run as local processes from
 * their Debian packages with the conformance suite's own configs ({@code docker-targets/<name>/}), over
 * h2c (prior knowledge) and TLS (ALPN h2, the server's self-signed certificate trusted, host name
 * checked). Each server starts once for the class; the files it serves are written by the test into its
 * state directory's www/ (a 100 MiB sparse file is never committed). Skipped, naming the Debian
 * package, when a server is not installed.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ClientAgainstRealServersTest {

    private static final List<String> SERVERS = List.of("nginx", "h2o", "apache2");
    /** Where each config serves the state directory's www/ (nginx answers / itself, see nginx.conf). */
    private static final Map<String, String> FILES_PATH = Map.of("nginx", "/files/", "h2o", "/", "apache2", "/");
    /** SETTINGS_MAX_CONCURRENT_STREAMS by default: nginx http2_max_concurrent_streams, h2o
     *  http2-max-concurrent-requests-per-connection, apache2 H2MaxSessionStreams. */
    private static final Map<String, Long> MAX_CONCURRENT_STREAMS = Map.of("nginx", 128L, "h2o", 100L, "apache2", 100L);
    /**
     * POST to a static file: nginx's static module and h2o's file.dir refuse it (405); apache2's default
     * handler reads and discards the body and serves the file (200).
     */
    private static final Map<String, Integer> POST_STATUS = Map.of("nginx", 405, "h2o", 405, "apache2", 200);
    /**
     * Requests served on one connection before the server sends GOAWAY, by default: nginx
     * keepalive_requests (1000, applied to HTTP/2 streams since 1.19.7). h2o 2.2 has no such limit, and
     * apache2's MaxKeepAliveRequests (100) does not end an h2 connection: 1,000 requests on one connection
     * get no GOAWAY (the concurrency test checks it).
     */
    private static final Map<String, Integer> REQUESTS_PER_CONNECTION = Map.of("nginx", 1000);

    /**
     * A request header field of {@link #OVERSIZED_HEADER_BYTES}: nginx gives up the connection
     * (large_client_header_buffers 4 8k; GOAWAY ENHANCE_YOUR_CALM, the request counted as processed),
     * apache2 answers 431 (LimitRequestFieldSize 8190), h2o 2.2 takes it.
     */
    private static final Map<String, String> OVERSIZED_HEADER = Map.of("nginx", "GOAWAY ENHANCE_YOUR_CALM",
            "h2o", "200", "apache2", "431");
    private static final int OVERSIZED_HEADER_BYTES = 20_000;

    private static final long BIG = 100L * 1024 * 1024;
    private static final int PATTERN = 1024 * 1024;
    private static final int CONCURRENT = 1_000;
    private static final byte[] HELLO = "hello from the client's interop test\n".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    static Path work;

    private static final Map<String, LocalProcessTarget> RUNNING = new HashMap<>();
    private static byte[] pattern;

    static Stream<Arguments> listeners() {
        TargetRegistry registry = TargetRegistry.locateUnchecked();
        return SERVERS.stream().map(registry::get).flatMap(spec -> Stream.of(
                spec.hasH2c() ? Arguments.of(spec.name(), false) : null,
                spec.hasTls() ? Arguments.of(spec.name(), true) : null).filter(java.util.Objects::nonNull));
    }

    @AfterAll
    static void stopServers() throws InterruptedException {
        synchronized (RUNNING) {
            for (LocalProcessTarget server : RUNNING.values()) {
                server.close();
            }
            RUNNING.clear();
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void getReturnsTheFilesBytes(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        try (H2Client client = l.client().build()) {
            H2Response<byte[]> root = client.send(l.get("/"), BodyHandlers.ofByteArray());
            assertEquals(200, root.status(), "GET /");
            assertTrue(root.body().length > 0, "GET / has a body");

            H2Response<byte[]> file = client.send(l.get(l.files + "pattern.bin"), BodyHandlers.ofByteArray());
            assertEquals(200, file.status());
            assertArrayEquals(pattern, file.body(), "1 MiB of pseudo-random bytes, byte for byte");
            assertEquals(root.connectionId(), file.connectionId(), "both on one connection");
            assertEquals(1, client.connectionCount());
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void postWithABodyGetsTheServersStatusAndTheConnectionStaysUsable(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        StreamCounter trace = new StreamCounter();
        try (H2Client client = l.client().traceSink(trace).build()) {
            // larger than any initial window (65,535), so the request body waits for the server's WINDOW_UPDATEs
            H2Request post = H2Request.newBuilder(l.url(l.files + "pattern.bin"))
                    .POST(BodyPublishers.ofByteArray(pattern)).build();
            H2Response<byte[]> posted = client.send(post, BodyHandlers.ofByteArray());
            int expected = POST_STATUS.get(name);
            assertEquals(expected, posted.status(), name + " answers a POST to a static file with " + expected);
            if (expected == 200) {
                assertArrayEquals(pattern, posted.body(), "the file, after the request body was read");
            }

            H2Response<byte[]> after = client.send(l.get(l.files + "hello.txt"), BodyHandlers.ofByteArray());
            assertEquals(200, after.status());
            assertArrayEquals(HELLO, after.body());
            assertEquals(posted.connectionId(), after.connectionId(), "the connection survived the POST");
            assertEquals(1, client.connectionCount());
            StreamCounter.PerConnection c = trace.connections().get(posted.connectionId());
            assertTrue(c.goAwaysReceived.isEmpty(), () -> "no GOAWAY: " + c.goAwaysReceived);
            // RFC 9113 §8.1: after a complete response a server may stop the upload with RST_STREAM NO_ERROR;
            // "clients MUST NOT discard responses as a result" (the status was delivered above)
            assertTrue(c.resetsReceived.stream().allMatch(r -> r.errorCode() == ErrorCode.NO_ERROR.code()),
                    () -> "only RST_STREAM NO_ERROR: " + c.resetsReceived);
            System.out.printf("%s tls=%s: POST of 1 MiB answered %d; RST_STREAM received: %s%n", name, tls,
                    posted.status(), c.resetsReceived);
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void a100MebibyteDownloadStreamsThroughAnInputStreamUnderFlowControl(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        try (H2Client client = l.client().build()) {
            long start = System.nanoTime();
            H2Response<InputStream> r = client.send(l.get(l.files + "big.bin"), BodyHandlers.ofInputStream());
            assertEquals(200, r.status());
            long total = 0;
            int ored = 0;
            try (InputStream in = r.body()) {
                byte[] buf = new byte[64 * 1024];
                for (int n; (n = in.read(buf)) > 0; ) {
                    total += n;
                    for (int i = 0; i < n; i++) {
                        ored |= buf[i];
                    }
                }
            }
            assertEquals(BIG, total, "every byte of the 100 MiB file");
            assertEquals(0, ored, "a sparse file reads as zeros");
            assertEquals(BIG, r.header("content-length").map(Long::parseLong).orElse(BIG));
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("%s tls=%s: 100 MiB in %.2f s (%.0f MiB/s)%n", name, tls, seconds, 100 / seconds);
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void aThousandConcurrentGetsOnOneConnectionStayWithinMaxConcurrentStreams(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        StreamCounter trace = new StreamCounter();
        try (H2Client client = l.client().traceSink(trace).maxConnectionsPerAuthority(1).build()) {
            List<CompletableFuture<H2Response<byte[]>>> all = new ArrayList<>();
            for (int i = 0; i < CONCURRENT; i++) {
                all.add(client.sendAsync(l.get(l.files + "hello.txt"), BodyHandlers.ofByteArray()));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(45, TimeUnit.SECONDS);
            for (CompletableFuture<H2Response<byte[]>> f : all) {
                assertEquals(200, f.join().status());
                assertArrayEquals(HELLO, f.join().body());
            }
            Map<Long, StreamCounter.PerConnection> connections = trace.connections();
            long limit = MAX_CONCURRENT_STREAMS.get(name);
            for (StreamCounter.PerConnection c : connections.values()) {
                assertEquals(limit, c.limit, name + "'s SETTINGS_MAX_CONCURRENT_STREAMS");
                assertTrue(c.overLimit.isEmpty(), () -> "more streams than the server allows: " + c.overLimit);
                assertTrue(c.maxOpen <= limit);
                assertTrue(c.resetsReceived.isEmpty(), () -> "the server refused or reset streams: " + c.resetsReceived);
            }
            int opened = connections.values().stream().mapToInt(c -> c.opened).sum();
            int maxOpen = connections.values().stream().mapToInt(c -> c.maxOpen).max().orElse(0);
            System.out.printf("%s tls=%s: %d requests, %d streams on %d connection(s), at most %d open (limit %d), "
                    + "%d GOAWAY%n", name, tls, CONCURRENT, opened, connections.size(), maxOpen, limit,
                    connections.values().stream().mapToInt(c -> c.goAwaysReceived.size()).sum());
            assertEquals(limit, maxOpen, "the queue kept the connection full up to the server's limit");
            if (!REQUESTS_PER_CONNECTION.containsKey(name)) {
                assertEquals(1, connections.size(), "one connection: " + connections.keySet());
                assertTrue(connections.values().stream().allMatch(c -> c.goAwaysReceived.isEmpty()), "no GOAWAY");
            }
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void cancellingDownloadsMidStreamKeepsTheConnectionAndItsWindow(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        StreamCounter trace = new StreamCounter();
        // each cancelled download may leave up to a stream window (1 MiB) in flight; 12 of them are more
        // than the 8 MiB connection window, so a client that kept that credit would stall the last GET
        int cancels = 12;
        try (H2Client client = l.client().traceSink(trace).build()) {
            long connection = -1;
            for (int i = 0; i < cancels; i++) {
                H2Response<InputStream> r = client.send(l.get(l.files + "big.bin"), BodyHandlers.ofInputStream());
                assertEquals(200, r.status());
                try (InputStream in = r.body()) {
                    assertEquals(256 * 1024, in.readNBytes(256 * 1024).length);
                } // closed before the end: RST_STREAM CANCEL
                assertTrue(connection == -1 || connection == r.connectionId(), "every download on one connection");
                connection = r.connectionId();
            }
            H2Request last = H2Request.newBuilder(l.url(l.files + "pattern.bin")).timeout(Duration.ofSeconds(20)).build();
            H2Response<byte[]> after = client.send(last, BodyHandlers.ofByteArray());
            assertEquals(200, after.status());
            assertArrayEquals(pattern, after.body());
            assertEquals(connection, after.connectionId(), "the same connection");
            assertEquals(1, client.connectionCount(), "no connection was added");
            StreamCounter.PerConnection c = trace.connections().get(connection);
            long cancelled = c.resetsSent.stream().filter(f -> f.errorCode() == ErrorCode.CANCEL.code()).count();
            assertEquals(cancels, cancelled, "one RST_STREAM CANCEL per closed download: " + c.resetsSent);
            assertTrue(c.goAwaysReceived.isEmpty(), () -> "the server did not give up the connection: " + c.goAwaysReceived);
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void afterTheServersRequestLimitGoAwayIdempotentRequestsAreRetriedOnANewConnection(String name, boolean tls)
            throws Exception {
        Integer perConnection = REQUESTS_PER_CONNECTION.get(name);
        assumeTrue(perConnection != null, name + " sends no GOAWAY after a number of requests (no such limit), so there is none to provoke");
        Listener l = listener(name, tls);
        StreamCounter trace = new StreamCounter();
        int requests = perConnection + perConnection / 2;
        try (H2Client client = l.client().traceSink(trace).maxConnectionsPerAuthority(1).build()) {
            List<CompletableFuture<H2Response<byte[]>>> all = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                all.add(client.sendAsync(l.get(l.files + "hello.txt"), BodyHandlers.ofByteArray()));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(45, TimeUnit.SECONDS);
            all.forEach(f -> assertEquals(200, f.join().status()));
            Map<Long, StreamCounter.PerConnection> connections = trace.connections();
            List<GoAwayFrame> goAways = connections.values().stream().flatMap(c -> c.goAwaysReceived.stream()).toList();
            int opened = connections.values().stream().mapToInt(c -> c.opened).sum();
            // a stream above the GOAWAY's last id was refused unprocessed (RFC 9113 §6.8) and its request retried
            System.out.printf("%s tls=%s: %d requests on %d connections, %d streams (%d retried), GOAWAYs %s%n", name,
                    tls, requests, connections.size(), opened, opened - requests, goAways);
            assertFalse(goAways.isEmpty(), name + " sends GOAWAY after " + perConnection + " requests");
            assertTrue(goAways.stream().allMatch(g -> g.errorCode() == ErrorCode.NO_ERROR.code()), goAways::toString);
            assertTrue(connections.size() >= 2, "the rest went to a new connection: " + connections.keySet());
            connections.values().forEach(c -> assertTrue(c.overLimit.isEmpty(), c.overLimit::toString));
        }
    }

    @ParameterizedTest(name = "{0} tls={1}")
    @MethodSource("listeners")
    void anOversizedRequestHeaderGetsTheServersAnswerAndTheClientCarriesOn(String name, boolean tls) throws Exception {
        Listener l = listener(name, tls);
        try (H2Client client = l.client().build()) {
            long first = client.send(l.get(l.files + "hello.txt"), BodyHandlers.ofByteArray()).connectionId();
            H2Request oversized = H2Request.newBuilder(l.url(l.files + "hello.txt"))
                    .header("x-oversized", "a".repeat(OVERSIZED_HEADER_BYTES)).build();
            String expected = OVERSIZED_HEADER.get(name);
            boolean goAway = expected.startsWith("GOAWAY");
            if (goAway) {
                IOException e = assertThrows(IOException.class, () -> client.send(oversized, BodyHandlers.ofByteArray()));
                assertTrue(e.getMessage().contains(expected), "the error names the server's " + expected + ": " + e);
            } else {
                assertEquals(Integer.parseInt(expected), client.send(oversized, BodyHandlers.ofByteArray()).status());
            }
            H2Response<byte[]> after = client.send(l.get(l.files + "hello.txt"), BodyHandlers.ofByteArray());
            assertEquals(200, after.status());
            assertArrayEquals(HELLO, after.body());
            assertEquals(!goAway, after.connectionId() == first,
                    goAway ? "a new connection after the GOAWAY" : "the same connection");
        }
    }

    // ---------------------------------------------------------------- servers

    /** One listener of a running server, and the client settings that reach it. */
    private record Listener(Target target, String files, List<X509Certificate> trusted) {

        String url(String path) {
            return target.scheme() + "://" + target.authority() + path;
        }

        H2Request get(String path) {
            return H2Request.newBuilder(url(path)).build();
        }

        /** Default windows and limits; TLS trusts exactly the server's certificate and checks 127.0.0.1 is in it. */
        H2Client.Builder client() {
            H2Client.Builder b = H2Client.newBuilder().requestTimeout(Duration.ofSeconds(40));
            return target.tls() ? b.trust(trusted) : b;
        }
    }

    private static Listener listener(String name, boolean tls) throws Exception {
        LocalProcessTarget server = server(name);
        List<X509Certificate> cert = List.of((X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(Files.newInputStream(server.stateDir().resolve("cert.pem"))));
        return new Listener(server.target(tls), FILES_PATH.get(name), cert);
    }

    /** Starts {@code name} once for the class, with this test's files in its www/. */
    private static LocalProcessTarget server(String name) throws Exception {
        TargetSpec spec = TargetRegistry.locate().get(name);
        assumeTrue(spec.locallyAvailable(), () -> spec.unavailableReason() + ": apt-get install " + debianPackage(spec));
        synchronized (RUNNING) {
            LocalProcessTarget running = RUNNING.get(name);
            if (running != null) {
                assertTrue(running.isAlive(), () -> name + " died during the tests\n" + running.log());
                return running;
            }
            // workers run as www-data when the tests run as root: they must walk down from /tmp
            Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path state = work.resolve(name);
            writeFiles(Files.createDirectories(state.resolve("www")));
            LocalProcessTarget started = LocalProcessTarget.start(spec, state);
            RUNNING.put(name, started);
            return started;
        }
    }

    private static void writeFiles(Path www) throws IOException {
        synchronized (RUNNING) {
            if (pattern == null) {
                pattern = new byte[PATTERN];
                new Random(20_261_130L).nextBytes(pattern);
            }
        }
        Files.write(www.resolve("pattern.bin"), pattern);
        Files.write(www.resolve("hello.txt"), HELLO);
        try (RandomAccessFile big = new RandomAccessFile(www.resolve("big.bin").toFile(), "rw")) {
            big.setLength(BIG); // sparse: 100 MiB of zeros that take no disk
        }
    }

    private static String debianPackage(TargetSpec spec) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(spec.folder().resolve(TargetSpec.PROPERTIES), StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            return spec.name();
        }
        return p.getProperty("debian.package", spec.name()).trim();
    }
}
