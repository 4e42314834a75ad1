package io.h2scope.engine.client;

import static io.h2scope.engine.testsupport.LocalPorts.awaitPort;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.hpack.HeaderField;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.ServerExchange;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.Http1Head;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.TraceSink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client's HTTP/1.1 {@code Upgrade: h2c} (RFC 7540 §3.2) against our own server, scripted sockets
 * (a server that ignores or refuses the upgrade, one that never answers, one that sends its preface in
 * the 101's packet) and nghttpd (which does not upgrade). apache2 is in the conformance module's tests.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class H2ClientUpgradeTest {

    private static final Path NGHTTPD = Path.of("/usr/sbin/nghttpd");

    private final List<AutoCloseable> open = new ArrayList<>();
    /** What the test server saw: "METHOD path stream=N body=..." per request. */
    private final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private H2Server echoServer() throws IOException {
        H2Server s = H2Server.builder().handler(this::echo).start();
        open.add(s);
        return s;
    }

    private void echo(ServerExchange ex) {
        ex.readBody(1 << 20).thenAccept(body -> {
            String line = ex.request().method() + " " + ex.request().path() + " stream=" + ex.streamId() + " body="
                    + new String(body, StandardCharsets.UTF_8);
            seen.add(line);
            ex.respond(200, List.of(new HeaderField("content-type", "text/plain")),
                    ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
        });
    }

    private H2Client client(H2Client.Builder b) {
        H2Client c = b.h2cUpgrade(true).build();
        open.add(0, c);
        return c;
    }

    @Test
    void getRidesTheUpgradeAsStream1AndTheNextRequestIsStream3_rfc7540_3_2() throws Exception {
        H2Server server = echoServer();
        H2Client client = client(H2Client.newBuilder());
        H2Response<String> first = client.get(server.url() + "a");
        assertEquals("GET /a stream=1 body=", first.body());
        assertEquals(1, first.streamId(), "RFC 7540 §3.2: the upgraded request is stream 1");
        H2Response<String> second = client.get(server.url() + "b");
        assertEquals("GET /b stream=3 body=", second.body());
        assertEquals(first.connectionId(), second.connectionId(), "the second request shares the upgraded connection");
        assertEquals(1, client.connectionCount());
    }

    @Test
    void postWithABodyUpgradesWithOptionsFirstAndGoesOnStream3_rfc7540_3_2() throws Exception {
        H2Server server = echoServer();
        H2Client client = client(H2Client.newBuilder());
        H2Response<String> r = client.send(H2Request.newBuilder(server.url() + "p")
                .POST(BodyPublishers.ofString("payload")).build(), BodyHandlers.ofString());
        assertEquals("POST /p stream=3 body=payload", r.body(), "the body went in DATA frames on stream 3");
        // the server may answer stream 3 before its handler for the upgrade's OPTIONS on stream 1 has run
        Await.until(() -> seen.contains("OPTIONS * stream=1 body="), () -> "the upgrade was OPTIONS *: " + seen);
        H2Response<String> again = client.send(H2Request.newBuilder(server.url() + "q")
                .POST(BodyPublishers.ofString("more")).build(), BodyHandlers.ofString());
        assertEquals("POST /q stream=5 body=more", again.body());
    }

    @Test
    void requestsMadeDuringTheUpgradeWaitAndThenShareTheConnection_rfc7540_3_2() throws Exception {
        H2Server server = echoServer();
        H2Client client = client(H2Client.newBuilder().maxConnectionsPerAuthority(4));
        List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            all.add(client.sendAsync(H2Request.newBuilder(server.url() + "r" + i).build(), BodyHandlers.ofString()));
        }
        List<Integer> streams = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            H2Response<String> r = all.get(i).get();
            assertTrue(r.body().startsWith("GET /r" + i + " "), r.body());
            streams.add(r.streamId());
        }
        assertEquals(1, all.stream().map(f -> f.join().connectionId()).distinct().count(), "one connection");
        assertEquals(1, streams.get(0), "the first request rode the upgrade");
        assertEquals(20, streams.stream().distinct().count());
    }

    @Test
    void aServerLimitBelowTheAssumedOneRefusesTheExcessWhichIsRetried_rfc9113_5_1_2() throws Exception {
        // before the server's SETTINGS the client assumes ASSUMED_MAX_CONCURRENT_STREAMS (100); this server takes 5
        H2Server server = H2Server.builder().limits(io.h2scope.engine.core.limits.Limits.builder().maxConcurrentStreams(5).build()).handler(this::echo).start();
        open.add(server);
        java.util.concurrent.atomic.AtomicInteger refused = new java.util.concurrent.atomic.AtomicInteger();
        TraceSink countRefusals = new TraceSink() {
            @Override
            public void onEvent(io.h2scope.engine.trace.model.TraceEvent traced) {
            if (!(traced instanceof FrameEvent e)) {
                return;
            }
                if (e.direction() == io.h2scope.engine.trace.model.Direction.INBOUND
                        && e.frame() instanceof io.h2scope.engine.frame.RstStreamFrame r
                        && r.errorCode() == io.h2scope.engine.error.ErrorCode.REFUSED_STREAM.code()) {
                    refused.incrementAndGet();
                }
            }
        };
        H2Client client = client(H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(countRefusals));
        // the server's 101 and SETTINGS held back 300 ms: every request is queued before the upgrade completes,
        // so the client opens them all under the assumed limit (without the proxy that was a race it could lose)
        io.h2scope.engine.testsupport.DelayingProxy proxy = new io.h2scope.engine.testsupport.DelayingProxy(server.address(), 300);
        open.add(proxy);
        String base = "http://127.0.0.1:" + proxy.port() + "/";
        int n = 30;
        assertTrue(n < ClientConnection.ASSUMED_MAX_CONCURRENT_STREAMS);
        List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(client.sendAsync(H2Request.newBuilder(base + "r" + i).build(), BodyHandlers.ofString()));
        }
        for (int i = 0; i < n; i++) {
            assertTrue(all.get(i).get().body().startsWith("GET /r" + i + " "), all.get(i).get().body());
        }
        assertEquals(1, all.stream().map(f -> f.join().connectionId()).distinct().count(), "one connection");
        assertTrue(refused.get() > 0, "the server refused the streams over its limit (RFC 9113 §5.1.2)");
    }

    @Test
    void theUpgradeExchangeIsTracedBeforeTheFrames() throws Exception {
        H2Server server = echoServer();
        List<String> lines = new ArrayList<>();
        TraceSink sink = new RecordingSink(lines);
        H2Client client = client(H2Client.newBuilder().traceSink(sink));
        client.get(server.url());
        synchronized (lines) {
            assertEquals("opened h2c upgrade", lines.get(0));
            assertTrue(lines.get(1).startsWith("sent GET / HTTP/1.1\n"), lines.get(1));
            assertTrue(lines.get(1).contains("\nUpgrade: h2c\n"), lines.get(1));
            assertTrue(lines.get(2).startsWith("received HTTP/1.1 101 "), lines.get(2));
            assertTrue(lines.get(3).startsWith("frame "), "frames follow: " + lines);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.1 200 OK", "HTTP/1.1 400 Bad Request", "HTTP/1.1 426 Upgrade Required"})
    void aServerThatAnswersWithout101GivesAClearErrorAndTheConnectionIsClosed_rfc7540_3_2(String statusLine)
            throws Exception {
        ScriptedServer server = new ScriptedServer(request -> (statusLine + "\r\nContent-Length: 5\r\n\r\nhello")
                .getBytes(StandardCharsets.ISO_8859_1));
        H2Client client = client(H2Client.newBuilder());
        IOException e = assertThrows(IOException.class, () -> client.get(server.url() + "x"));
        ProtocolNegotiationException p = assertInstanceOf(ProtocolNegotiationException.class, e, e.toString());
        assertTrue(p.getMessage().contains("\"" + statusLine + "\""), p.getMessage());
        assertTrue(p.getMessage().contains("does not do h2c upgrade"), p.getMessage());
        assertEquals(statusLine, p.selected());
        assertTrue(server.sawEndOfStream(), "the client closed the connection");
        String request = server.request();
        assertTrue(request.startsWith("GET /x HTTP/1.1\r\n"), request);
        assertTrue(request.contains("\r\nHost: 127.0.0.1:" + server.port() + "\r\n"), request);
        assertTrue(request.contains("\r\nConnection: Upgrade, HTTP2-Settings\r\n"), request);
        assertTrue(request.contains("\r\nUpgrade: h2c\r\n"), request);
        String settings = request.replaceAll("(?s).*\r\nHTTP2-Settings: ([^\r]*)\r\n.*", "$1");
        assertTrue(settings.matches("[A-Za-z0-9_-]*"), "RFC 7540 §3.2.1: base64url without padding: " + settings);
        assertEquals(0, Base64.getUrlDecoder().decode(settings).length % 6, "a SETTINGS payload");
    }

    @Test
    void theServersPrefaceInThe101sPacketIsRead_rfc7540_3_2() throws Exception {
        // 101, the server's SETTINGS and the response on stream 1 (HEADERS :status 200, END_STREAM) in one write
        byte[] settings = FrameWriter.encode(SettingsFrame.of(List.of()));
        byte[] headers = FrameWriter.encode(HeadersFrame.of(1, new byte[] {(byte) 0x88}, true, true));
        ScriptedServer server = new ScriptedServer(request -> concat(("HTTP/1.1 101 Switching Protocols\r\n"
                + "Connection: Upgrade\r\nUpgrade: h2c\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1), settings, headers));
        H2Client client = client(H2Client.newBuilder());
        H2Response<String> r = client.get(server.url());
        assertEquals(200, r.status());
        assertEquals(1, r.streamId());
        assertEquals("", r.body());
    }

    @Test
    void interimResponsesBeforeThe101AreSkipped_rfc9110_15_2() throws Exception {
        byte[] settings = FrameWriter.encode(SettingsFrame.of(List.of()));
        byte[] headers = FrameWriter.encode(HeadersFrame.of(1, new byte[] {(byte) 0x88}, true, true));
        ScriptedServer server = new ScriptedServer(request -> concat(("HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1), settings, headers));
        H2Client client = client(H2Client.newBuilder());
        assertEquals(200, client.get(server.url()).status());
    }

    @Test
    void aServerThatNeverAnswersTheUpgradeTripsTheConnectTimeout() throws Exception {
        ScriptedServer silent = new ScriptedServer(request -> new byte[0]);
        H2Client client = client(H2Client.newBuilder().connectTimeout(Duration.ofMillis(400)));
        IOException e = assertThrows(IOException.class, () -> client.get(silent.url()));
        assertInstanceOf(HttpConnectTimeoutException.class, e, e.toString());
    }

    @Test
    void a101WithoutTheServersSettingsTripsTheConnectTimeout_rfc7540_3_5() throws Exception {
        ScriptedServer server = new ScriptedServer(request -> ("HTTP/1.1 101 Switching Protocols\r\n"
                + "Connection: Upgrade\r\nUpgrade: h2c\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        H2Client client = client(H2Client.newBuilder().connectTimeout(Duration.ofMillis(400)));
        IOException e = assertThrows(IOException.class, () -> client.get(server.url()));
        assertInstanceOf(HttpConnectTimeoutException.class, e, e.toString());
    }

    @Test
    void aResponseHeadOverTheLimitFailsTheUpgrade() throws Exception {
        String huge = "HTTP/1.1 101 Switching Protocols\r\nX-Filler: "
                + "x".repeat(io.h2scope.engine.http1.Http1ResponseParser.DEFAULT_MAX_HEAD_BYTES) + "\r\n\r\n";
        ScriptedServer server = new ScriptedServer(request -> huge.getBytes(StandardCharsets.ISO_8859_1));
        H2Client client = client(H2Client.newBuilder());
        IOException e = assertThrows(IOException.class, () -> client.get(server.url()));
        assertTrue(e.getMessage().contains("larger than "
                + io.h2scope.engine.http1.Http1ResponseParser.DEFAULT_MAX_HEAD_BYTES), e.getMessage());
        assertTrue(server.sawEndOfStream());
    }

    @Test
    void a101ToAnotherProtocolIsAnError() throws Exception {
        ScriptedServer server = new ScriptedServer(request -> ("HTTP/1.1 101 Switching Protocols\r\n"
                + "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        H2Client client = client(H2Client.newBuilder());
        IOException e = assertThrows(IOException.class, () -> client.get(server.url()));
        assertTrue(e.getMessage().contains("websocket"), e.getMessage());
    }

    @Test
    void nghttpdDoesNotUpgradeAndSaysSoClearly(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(NGHTTPD), "nghttpd not installed (apt-get install nghttp2-server)");
        Path www = Files.createDirectories(dir.resolve("www"));
        Files.writeString(www.resolve("index.html"), "hello from nghttpd\n");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Process p = new ProcessBuilder(NGHTTPD.toString(), "--no-tls", "-a", "127.0.0.1", "-d", www.toString(),
                String.valueOf(port)).redirectErrorStream(true).redirectOutput(dir.resolve("nghttpd.log").toFile()).start();
        try {
            awaitPort(port);
            String url = "http://127.0.0.1:" + port + "/index.html";
            // nghttp2 1.52's nghttpd --no-tls speaks h2c by prior knowledge only: its SETTINGS come at once, no 101
            H2Client client = client(H2Client.newBuilder());
            IOException e = assertThrows(IOException.class, () -> client.get(url));
            assertInstanceOf(ProtocolNegotiationException.class, e, e.toString());
            assertTrue(e.getMessage().contains("HTTP/2 SETTINGS frame at once"), e.getMessage());
            try (H2Client prior = H2Client.newBuilder().build()) {
                assertEquals("hello from nghttpd\n", prior.get(url).body(), "prior knowledge works on the same port");
            }
        } finally {
            p.destroy();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    // ---------------------------------------------------------------- helpers

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** Trace lines in order: "opened ..." for the opening, "sent ..."/"received ..." for HTTP/1.1 heads, "frame ...". */
    private static final class RecordingSink implements TraceSink {
        private final List<String> lines;

        RecordingSink(List<String> lines) {
            this.lines = lines;
        }

        @Override
        public void onEvent(TraceEvent traced) {
            String line = traced instanceof FrameEvent event ? "frame " + event
                    : traced instanceof ConnectionOpened opened ? "opened " + opened.transport()
                    : traced instanceof Http1Head head ? (head.sent() ? "sent " : "received ") + head.head()
                    : null;
            if (line != null) {
                synchronized (lines) {
                    lines.add(line);
                }
            }
        }
    }

    /** One connection: reads the request head, writes what {@code answer} makes of it, then reads until EOF. */
    private final class ScriptedServer implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final CompletableFuture<String> request = new CompletableFuture<>();
        private final CompletableFuture<Boolean> endOfStream = new CompletableFuture<>();
        private final Thread thread;

        ScriptedServer(Function<String, byte[]> answer) throws IOException {
            open.add(this);
            thread = new Thread(() -> serve(answer), "scripted-h2c-server");
            thread.setDaemon(true);
            thread.start();
        }

        private void serve(Function<String, byte[]> answer) {
            try (Socket s = socket.accept()) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                StringBuilder head = new StringBuilder();
                while (!head.toString().endsWith("\r\n\r\n")) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    head.append((char) b);
                }
                request.complete(head.toString());
                out.write(answer.apply(head.toString()));
                out.flush();
                byte[] buf = new byte[4096];
                while (in.read(buf) >= 0) {
                    // the client's preface and frames, if it switched; dropped
                }
                endOfStream.complete(true);
            } catch (IOException e) {
                request.complete("");
                endOfStream.complete(true); // a reset is an end too
            }
        }

        int port() {
            return socket.getLocalPort();
        }

        String url() {
            return "http://127.0.0.1:" + port() + "/";
        }

        String request() throws Exception {
            return request.get(10, TimeUnit.SECONDS);
        }

        boolean sawEndOfStream() throws Exception {
            return endOfStream.get(10, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
