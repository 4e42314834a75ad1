package io.h2scope.engine.interop;

import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceHandler;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.transport.tls.SslContexts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server against real HTTP/2 clients on loopback: curl, nghttp, h2load, Node.js and the JDK's
 * HttpClient, over h2c (prior knowledge and Upgrade) and TLS. A missing binary skips its test.
 */
@Timeout(180)
class RealClientsInteropTest {

    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(60);
    private static H2Server h2c;
    private static H2Server tls;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws Exception {
        h2c = ReferenceServer.start(ReferenceServer.Options.h2c());
        tls = ReferenceServer.start(ReferenceServer.Options.tlsSelfSigned());
    }

    @AfterAll
    static void stop() {
        h2c.shutdown(Duration.ofSeconds(2));
        tls.shutdown(Duration.ofSeconds(2));
    }

    private static String tlsUrl() {
        return tls.url().replace("127.0.0.1", "localhost");
    }

    // ---------------------------------------------------------------- curl

    @Test
    void curlWithPriorKnowledge() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2-prior-knowledge",
                "-w", "\n%{http_version} %{http_code}", h2c.url()), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals(ReferenceHandler.ROOT_BODY + "\n2 200", r.out());
    }

    @Test
    void curlOverTls() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2", "-k",
                "-w", "\n%{http_version} %{http_code}", tlsUrl()), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertEquals(ReferenceHandler.ROOT_BODY + "\n2 200", r.out());
    }

    @Test
    void curlWithUpgradeH2c() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("curl"), "-sS", "--http2",
                "-w", "\n%{http_version} %{http_code}", h2c.url() + "headers"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        assertTrue(r.out().endsWith("\n2 200"), r.describe());
        assertTrue(r.out().startsWith("{\"method\":\"GET\",\"scheme\":\"http\""), r.describe());
    }

    /** GET /bytes/N and POST /echo with curl, checked byte for byte (SHA-256). */
    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 16 * 1024, 64 * 1024 + 1, 1024 * 1024, 10 * 1024 * 1024})
    void curlBodiesByteForByte(int size) throws Exception {
        String curl = Peers.require("curl");
        Path got = tmp.resolve("got");
        Peers.Result get = Peers.run(List.of(curl, "-sS", "--http2-prior-knowledge", "-o", got.toString(),
                h2c.url() + "bytes/" + size), PEER_TIMEOUT);
        assertEquals(0, get.exit(), get.describe());
        assertEquals(Peers.sha256(Peers.pattern(size)), Peers.sha256(Files.readAllBytes(got)), "GET /bytes/" + size);

        byte[] body = Peers.body(size);
        Path sent = tmp.resolve("sent");
        Files.write(sent, body);
        Path echoed = tmp.resolve("echoed");
        Peers.Result post = Peers.run(List.of(curl, "-sS", "--http2", "-k", "-o", echoed.toString(),
                "-H", "content-type: application/x-test", "--data-binary", "@" + sent, tlsUrl() + "echo"), PEER_TIMEOUT);
        assertEquals(0, post.exit(), post.describe());
        assertEquals(Peers.sha256(body), Peers.sha256(Files.readAllBytes(echoed)), "POST /echo " + size);
    }

    // ---------------------------------------------------------------- nghttp

    @Test
    void nghttpOverH2c() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("nghttp"), "-nv", h2c.url()), PEER_TIMEOUT);
        assertNghttpClean(r);
    }

    @Test
    void nghttpOverTls() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("nghttp"), "-nv", tlsUrl()), PEER_TIMEOUT);
        assertNghttpClean(r);
    }

    @Test
    void nghttpReceivesPush_rfc9113_8_4() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("nghttp"), "-nv", h2c.url() + "push"), PEER_TIMEOUT);
        assertNghttpClean(r);
        assertTrue(r.out().contains("recv PUSH_PROMISE frame"), r.describe());
        assertTrue(r.out().contains(":path: /pushed.css"), r.describe());
    }

    private static void assertNghttpClean(Peers.Result r) {
        assertEquals(0, r.exit(), r.describe());
        String out = r.out();
        assertTrue(Pattern.compile("recv \\(stream_id=\\d+\\) :status: 200").matcher(out).find(), r.describe());
        assertTrue(out.contains("recv SETTINGS frame <length=0, flags=0x01"), "our SETTINGS ACK: " + r.describe());
        assertTrue(!out.contains("RST_STREAM") && !out.contains("PROTOCOL_ERROR"), r.describe());
    }

    // ---------------------------------------------------------------- h2load

    @Test
    void h2loadHundredThousandRequestsWithoutFailure() throws Exception {
        Peers.Result r = Peers.run(List.of(Peers.require("h2load"), "-n", "100000", "-c", "10", "-m", "100",
                h2c.url()), Duration.ofSeconds(150));
        assertEquals(0, r.exit(), r.describe());
        Matcher m = Pattern.compile("requests: (\\d+) total, (\\d+) started, (\\d+) done, (\\d+) succeeded, "
                + "(\\d+) failed, (\\d+) errored").matcher(r.out());
        assertTrue(m.find(), "no h2load summary: " + r.describe());
        assertEquals("100000", m.group(4), "succeeded: " + m.group());
        assertEquals("0", m.group(5), "failed: " + m.group());
        assertEquals("0", m.group(6), "errored: " + m.group());
    }

    // ---------------------------------------------------------------- Node.js

    @ParameterizedTest(name = "node over {0}")
    @ValueSource(strings = {"h2c", "tls"})
    void nodeHttp2Client(String mode) throws Exception {
        Path script = Path.of(getClass().getResource("/interop/node-client.js").toURI());
        String url = mode.equals("tls") ? tlsUrl() : h2c.url();
        Peers.Result r = Peers.run(List.of(Peers.require("node"), script.toString(), url, "100001"), PEER_TIMEOUT);
        assertEquals(0, r.exit(), r.describe());
        String json = r.out().strip();
        assertTrue(json.contains("\"rootStatus\":200"), json);
        assertTrue(json.contains("\"echoStatus\":200") && json.contains("\"echoLength\":100001"), json);
        Matcher sent = Pattern.compile("\"sentSha\":\"([0-9a-f]+)\"").matcher(json);
        Matcher echo = Pattern.compile("\"echoSha\":\"([0-9a-f]+)\"").matcher(json);
        assertTrue(sent.find() && echo.find(), json);
        assertEquals(sent.group(1), echo.group(1));
    }

    // ---------------------------------------------------------------- the JDK's HttpClient

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 16 * 1024, 64 * 1024 + 1, 1024 * 1024, 10 * 1024 * 1024})
    void jdkClientOverTlsBodiesByteForByte(int size) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(SslContexts.clientTrusting(tls.keyMaterial().orElseThrow().chain())).build();
        checkBodies(client, tlsUrl(), size);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 16 * 1024, 64 * 1024 + 1, 1024 * 1024, 10 * 1024 * 1024})
    void jdkClientOverH2cUpgradeBodiesByteForByte(int size) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> first = client.send(HttpRequest.newBuilder(URI.create(h2c.url())).build(),
                HttpResponse.BodyHandlers.ofString()); // the Upgrade: h2c happens on this GET
        assertEquals(HttpClient.Version.HTTP_2, first.version());
        checkBodies(client, h2c.url(), size);
    }

    private static void checkBodies(HttpClient client, String base, int size) throws Exception {
        HttpResponse<byte[]> get = client.send(HttpRequest.newBuilder(URI.create(base + "bytes/" + size)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, get.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, get.version());
        assertEquals(Peers.sha256(Peers.pattern(size)), Peers.sha256(get.body()), "GET /bytes/" + size);
        byte[] body = Peers.body(size);
        HttpResponse<byte[]> post = client.send(HttpRequest.newBuilder(URI.create(base + "echo"))
                .header("content-type", "application/x-test")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, post.statusCode());
        assertEquals("application/x-test", post.headers().firstValue("content-type").orElse(""));
        assertEquals(Peers.sha256(body), Peers.sha256(post.body()), "POST /echo " + size);
    }
}
