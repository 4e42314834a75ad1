package io.h2scope.engine.client;

import static io.h2scope.engine.testsupport.LocalPorts.awaitPort;
import static io.h2scope.engine.testsupport.LocalPorts.freePort;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.transport.tls.KeyMaterial;
import io.h2scope.engine.transport.tls.SelfSignedCertificate;
import io.h2scope.engine.transport.tls.SslContexts;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The client against real servers: nghttpd (nghttp2), a Node.js http2 server, and a TLS server without h2. */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class H2ClientInteropTest {

    private static final Path NGHTTPD = Path.of("/usr/sbin/nghttpd");
    private static final Path NODE = Path.of("/usr/bin/node");

    @Test
    void nghttpdGetAndA100MegabyteDownloadWithBoundedBuffering(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(NGHTTPD), "nghttpd not installed (apt-get install nghttp2-server)");
        Path www = Files.createDirectories(dir.resolve("www"));
        Files.writeString(www.resolve("index.html"), "hello from nghttpd\n");
        long size = 100L * 1024 * 1024;
        try (RandomAccessFile big = new RandomAccessFile(www.resolve("big").toFile(), "rw")) {
            big.setLength(size); // sparse: zeros, no 100 MB written to disk
        }
        int port = freePort();
        Process p = new ProcessBuilder(NGHTTPD.toString(), "--no-tls", "-a", "127.0.0.1", "-d", www.toString(),
                String.valueOf(port)).redirectErrorStream(true).redirectOutput(dir.resolve("nghttpd.log").toFile()).start();
        int window = 1 << 20;
        try (H2Client client = H2Client.newBuilder().windows(window, 8 << 20).build()) {
            awaitPort(port);
            String base = "http://127.0.0.1:" + port + "/";
            assertEquals("hello from nghttpd\n", client.get(base + "index.html").body());
            CompletableFuture<H2Response<InputStream>> f = client.sendAsync(H2Request.newBuilder(base + "big").build(),
                    BodyHandlers.ofInputStream());
            long total = 0;
            try (InputStream in = f.get().body()) {
                byte[] buf = new byte[128 * 1024];
                int n;
                while ((n = in.read(buf)) > 0) {
                    total += n;
                }
            }
            assertEquals(size, total);
            assertEquals(200, client.get(base + "index.html").status(), "the connection still works");
        } finally {
            p.destroy();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void nodeGoAwayMidFlightRetriesIdempotentRequestsOnANewConnection(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(NODE), "node not installed (apt-get install nodejs)");
        // answers stream 1 after a while; when the third request arrives, GOAWAY with last stream id 1:
        // streams 3 and 5 were not processed (RFC 9113 §6.8) and must come back on a new connection
        Path script = Files.writeString(dir.resolve("server.js"), """
                const http2 = require('http2');
                let sessions = 0;
                const server = http2.createServer();
                server.on('session', s => { s.n = ++sessions; s.count = 0; });
                server.on('stream', (stream, headers) => {
                  stream.on('error', () => {}); // streams refused by the GOAWAY end with an error event
                  const s = stream.session;
                  s.count++;
                  const path = headers[':path'];
                  if (path === '/reset') { stream.close(http2.constants.NGHTTP2_ENHANCE_YOUR_CALM); return; }
                  if (s.n === 1 && s.count === 3) { s.goaway(0, 1); return; }
                  if (s.n === 1 && s.count < 3) {
                    setTimeout(() => { if (!stream.destroyed) { stream.respond({':status': 200}); stream.end('conn' + s.n + path); } }, 300);
                    return;
                  }
                  stream.respond({':status': 200});
                  stream.end('conn' + s.n + path);
                });
                server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
                """);
        Process p = new ProcessBuilder(NODE.toString(), script.toString()).redirectErrorStream(true).start();
        ConcurrentLinkedQueue<Thread> requestsSent = new ConcurrentLinkedQueue<>();
        try (H2Client client = H2Client.newBuilder()
                .traceSink(ReferenceServerPair.headersThreads(Direction.OUTBOUND, requestsSent)).build()) {
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine(); // "PORT n", printed once listening
            int port = Integer.parseInt(line.substring("PORT ".length()).trim());
            String base = "http://127.0.0.1:" + port;
            List<CompletableFuture<H2Response<String>>> all = new ArrayList<>();
            for (String path : List.of("/a", "/b", "/c")) {
                all.add(client.sendAsync(H2Request.newBuilder(base + path).build(), BodyHandlers.ofString()));
                int sent = all.size();
                Await.until(() -> requestsSent.size() >= sent, "the request for " + path + " on the wire"); // in order
            }
            assertEquals("conn1/a", all.get(0).get(20, TimeUnit.SECONDS).body(), "stream 1 finishes after GOAWAY");
            assertTrue(all.get(1).get(20, TimeUnit.SECONDS).body().startsWith("conn"));
            assertTrue(all.get(2).get(20, TimeUnit.SECONDS).body().endsWith("/c"));
            assertTrue(all.get(2).get().body().startsWith("conn2"), "retried on a new connection: " + all.get(2).get().body());
            IOException e = assertThrows(IOException.class, () -> client.send(H2Request.newBuilder(base + "/reset").build(),
                    BodyHandlers.ofString()));
            assertInstanceOf(StreamResetException.class, e);
            assertEquals(0xb, ((StreamResetException) e).errorCode());
        } finally {
            p.destroy();
            p.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTlsServerWithoutH2IsAClearErrorNamingWhatItSelected_rfc9113_3_2() throws Exception {
        KeyMaterial key = SelfSignedCertificate.generate("localhost", "127.0.0.1");
        SSLServerSocket server = (SSLServerSocket) SslContexts.server(key).getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            try (server) {
                while (true) {
                    SSLSocket s = (SSLSocket) server.accept();
                    s.setHandshakeApplicationProtocolSelector((engine, offered) -> "http/1.1");
                    try {
                        s.startHandshake();
                        s.getInputStream().read();
                    } catch (IOException ignored) {
                        // the client hangs up
                    }
                }
            } catch (IOException closed) {
                // test over
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        try (H2Client client = H2Client.newBuilder().insecure().build()) {
            ProtocolNegotiationException e = assertThrows(ProtocolNegotiationException.class,
                    () -> client.get("https://127.0.0.1:" + server.getLocalPort() + "/"));
            assertEquals("http/1.1", e.selected());
            assertTrue(e.getMessage().contains("selected \"http/1.1\" by ALPN, not \"h2\""), e.getMessage());
        } finally {
            server.close();
        }
    }
}
