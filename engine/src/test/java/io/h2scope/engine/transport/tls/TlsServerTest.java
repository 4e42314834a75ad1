package io.h2scope.engine.transport.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ConnectionError;
import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.error.SpecRef;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.transport.ConnectionContext;
import io.h2scope.engine.transport.FakeH2Handlers;
import io.h2scope.engine.transport.NioClient;
import io.h2scope.engine.transport.NioEventLoopGroup;
import io.h2scope.engine.transport.NioServer;
import io.h2scope.engine.transport.RecordingHandler;
import io.h2scope.engine.transport.TransportConfig;
import io.h2scope.engine.transport.http1.Http1Limits;
import io.h2scope.engine.transport.http1.ServerProtocols;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TlsServerTest {

    private static KeyMaterial identity;
    private static NioEventLoopGroup group;
    private static FakeH2Handlers h2;
    private static NioServer server;
    private static SSLContext trustingClient;

    @BeforeAll
    static void start() throws Exception {
        identity = SelfSignedCertificate.generate();
        group = new NioEventLoopGroup(TransportConfig.defaults().withName("tls-test").withLoopThreads(1));
        h2 = new FakeH2Handlers();
        server = NioServer.bind(group, new InetSocketAddress("127.0.0.1", 0),
                ServerProtocols.tls(SslContexts.server(identity), h2, Http1Limits.defaults()));
        trustingClient = SslContexts.clientTrusting(identity.chain());
    }

    @AfterAll
    static void stop() {
        server.stop(Duration.ofSeconds(1));
        assertTrue(group.shutdownGracefully(Await.PATIENCE));
    }

    @Test
    @DisplayName("RFC 9113 §3.2: ALPN selects h2 for a JDK SSLSocket offering h2; the session passes TlsPolicy")
    void alpnSelectsH2_rfc9113_3_2() throws Exception {
        try (SSLSocket socket = jdkClient(List.of("h2", "http/1.1"))) {
            socket.startHandshake();
            assertEquals("h2", socket.getApplicationProtocol());
            assertEquals(Optional.empty(), TlsPolicy.check(socket.getSession()));
            socket.getOutputStream().write(Preface.bytes());
            byte[] answer = socket.getInputStream().readNBytes(FakeH2Handlers.ANSWER.length());
            assertEquals(FakeH2Handlers.ANSWER, new String(answer, StandardCharsets.US_ASCII));
        }
    }

    @Test
    @DisplayName("ALPN http/1.1 only: a complete HTTP/1.1 505 saying HTTP/2 only, then close")
    void http11OverTlsGetsAClearAnswer() throws Exception {
        try (SSLSocket socket = jdkClient(List.of("http/1.1"))) {
            socket.startHandshake();
            assertEquals("http/1.1", socket.getApplicationProtocol());
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String response = new String(readToEof(socket.getInputStream()), StandardCharsets.UTF_8);
            assertTrue(response.startsWith("HTTP/1.1 505 HTTP Version Not Supported\r\n"), response);
            assertTrue(response.contains("HTTP/2 only"), response);
        }
    }

    @Test
    @DisplayName("NioClient with TlsLayer.client: handshake, ALPN h2 on both sides, bytes reach the h2 side")
    void nioClientNegotiatesH2_rfc9113_3_2() throws Exception {
        RecordingHandler inner = new RecordingHandler();
        TlsLayer layer = TlsLayer.client(trustingClient, "localhost", server.port(), List.of(TlsPolicy.H2), true, inner);
        new NioClient(group).connect(new InetSocketAddress("127.0.0.1", server.port()), layer)
                .get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        SSLSession session = layer.handshake().get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        ConnectionContext ctx = inner.opened.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(Optional.of("h2"), ctx.alpnProtocol());
        assertTrue(ctx.isTls());
        assertTrue(TlsPolicy.PROTOCOLS.contains(session.getProtocol()));
        ctx.execute(() -> {
            ctx.write(ByteBuffer.wrap(Preface.bytes()));
            ctx.flush();
        });
        Await.until(() -> inner.text().equals(FakeH2Handlers.ANSWER), () -> "the answer, got " + inner.text());
        ctx.execute(ctx::close);
        assertEquals(null, inner.closed.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    @DisplayName("RFC 9113 §9.2: a TLS 1.1 ClientHello gets an alert or a close, never a ServerHello")
    void tls11ClientIsRefused_rfc9113_9_2() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout((int) Await.PATIENCE.toMillis());
            socket.getOutputStream().write(tls11ClientHello());
            int contentType = socket.getInputStream().read();
            assertNotEquals(22, contentType, "22 = handshake record: the server must not answer TLS 1.1 with a ServerHello");
            assertTrue(contentType == 21 || contentType == -1, "alert (21) or close, got " + contentType);
        }
    }

    @Test
    @DisplayName("RFC 9113 §9.2.2: a client offering only a prohibited TLS 1.2 suite cannot connect")
    void forbiddenSuiteOnlyClientIsRefused_rfc9113_9_2_2() throws Exception {
        try (SSLSocket socket = jdkClient(List.of("h2"))) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256"});
            SSLException refused = assertThrows(SSLException.class, socket::startHandshake);
            // the server's alert, not a local refusal of the client to send such a hello
            assertTrue(refused.getMessage().contains("Received fatal alert"), refused.getMessage());
        }
    }

    @Test
    @DisplayName("RFC 9113 §9.2.2: TlsPolicy.check flags a TLS 1.2 session on a prohibited suite as INADEQUATE_SECURITY")
    void tlsPolicyFlagsProhibitedSuite_rfc9113_9_2_2() throws Exception {
        String suite = "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256";
        SSLContext serverContext = SslContexts.server(identity); // a plain JDK server, without our policy
        try (SSLServerSocket listener = (SSLServerSocket) serverContext.getServerSocketFactory()
                .createServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            listener.setEnabledCipherSuites(new String[] {suite});
            listener.setEnabledProtocols(new String[] {"TLSv1.2"});
            CompletableFuture<Void> accepted = CompletableFuture.runAsync(() -> {
                try (SSLSocket peer = (SSLSocket) listener.accept()) {
                    peer.startHandshake();
                    peer.getInputStream().read();
                } catch (IOException ignored) {
                    // the client closing ends this
                }
            });
            try (SSLSocket client = (SSLSocket) trustingClient.getSocketFactory().createSocket("127.0.0.1", listener.getLocalPort())) {
                client.setEnabledCipherSuites(new String[] {suite});
                client.setEnabledProtocols(new String[] {"TLSv1.2"});
                client.startHandshake();
                ConnectionError error = TlsPolicy.check(client.getSession()).orElseThrow();
                assertEquals(ErrorCode.INADEQUATE_SECURITY, error.code());
                assertEquals(SpecRef.rfc9113("9.2.2"), error.spec());
            }
            accepted.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    @DisplayName("RFC 9113 §9.2: the server engine enables only TLS 1.3/1.2 and no prohibited suite")
    void serverEngineIsRestricted_rfc9113_9_2() throws Exception {
        SSLEngine engine = SslContexts.server(identity).createSSLEngine();
        TlsPolicy.configureServer(engine);
        assertEquals(List.of("TLSv1.3", "TLSv1.2"), List.of(engine.getEnabledProtocols()));
        for (String suite : engine.getEnabledCipherSuites()) {
            assertTrue(!ForbiddenCipherSuites.isForbidden(suite), suite);
        }
        assertTrue(List.of(engine.getEnabledCipherSuites()).contains("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"),
                "RFC 9113 §9.2.2: TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 MUST be supported");
        assertEquals("h2", TlsPolicy.selectApplicationProtocol(List.of("http/1.1", "h2")));
        assertEquals("http/1.1", TlsPolicy.selectApplicationProtocol(List.of("http/1.1")));
        assertEquals(null, TlsPolicy.selectApplicationProtocol(List.of("spdy/3")));
    }

    @Test
    @DisplayName("Delegated handshake tasks on an executor: the handshake resumes on the loop and data flows")
    void delegatedTasksOnAnExecutor() throws Exception {
        java.util.concurrent.ExecutorService tasks = java.util.concurrent.Executors.newSingleThreadExecutor();
        SSLContext context = SslContexts.server(identity);
        NioServer offloaded = NioServer.bind(group, new InetSocketAddress("127.0.0.1", 0), () -> {
            SSLEngine engine = context.createSSLEngine();
            TlsPolicy.configureServer(engine);
            return new TlsLayer(engine, RecordingHandler.echo(), tasks);
        });
        try (SSLSocket socket = (SSLSocket) trustingClient.getSocketFactory().createSocket("127.0.0.1", offloaded.port())) {
            socket.setSoTimeout((int) Await.PATIENCE.toMillis());
            socket.getOutputStream().write("echo".getBytes(StandardCharsets.US_ASCII));
            assertEquals("echo", new String(socket.getInputStream().readNBytes(4), StandardCharsets.US_ASCII));
        } finally {
            offloaded.stop(Duration.ofSeconds(1));
            tasks.shutdownNow();
        }
    }

    @Test
    @DisplayName("RFC 8446 §5.1: bytes that are not TLS get the alert unexpected_message and a close, not internal_error")
    void plaintextOnTheTlsPortGetsUnexpectedMessage_rfc8446_5_1() throws Exception {
        for (byte[] notTls : List.of("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                Preface.bytes(), new byte[20])) {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                socket.setSoTimeout((int) Await.PATIENCE.toMillis());
                socket.getOutputStream().write(notTls);
                byte[] answer = socket.getInputStream().readAllBytes(); // to the server's close
                // a fatal (2) unexpected_message (10) alert record (21), TLS 1.2 record version, then EOF
                assertEquals("1503030002020a", hex(answer), "for " + new String(notTls, StandardCharsets.US_ASCII));
            }
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xff));
        }
        return sb.toString();
    }

    private static SSLSocket jdkClient(List<String> alpn) throws IOException {
        SSLSocket socket = (SSLSocket) trustingClient.getSocketFactory().createSocket("127.0.0.1", server.port());
        socket.setSoTimeout((int) Await.PATIENCE.toMillis());
        SSLParameters params = socket.getSSLParameters();
        params.setApplicationProtocols(alpn.toArray(String[]::new));
        socket.setSSLParameters(params);
        return socket;
    }

    private static byte[] readToEof(InputStream in) throws IOException {
        return in.readAllBytes();
    }

    /** A minimal TLS 1.1 ClientHello (no supported_versions extension), built by hand: the JDK client refuses to send one. */
    private static byte[] tls11ClientHello() throws IOException {
        ByteArrayOutputStream hello = new ByteArrayOutputStream();
        DataOutputStream body = new DataOutputStream(hello);
        body.writeShort(0x0302);                 // client_version TLS 1.1
        body.write(new byte[32]);                // random
        body.writeByte(0);                       // session id
        int[] suites = {0xC009, 0xC013, 0x002F}; // ECDHE_ECDSA/ECDHE_RSA/RSA with AES_128_CBC_SHA
        body.writeShort(suites.length * 2);
        for (int suite : suites) {
            body.writeShort(suite);
        }
        body.writeByte(1);                       // compression methods: null
        body.writeByte(0);
        byte[] extensions = {0x00, 0x0a, 0x00, 0x04, 0x00, 0x02, 0x00, 0x17,  // supported_groups: secp256r1
                             0x00, 0x0b, 0x00, 0x02, 0x01, 0x00};             // ec_point_formats: uncompressed
        body.writeShort(extensions.length);
        body.write(extensions);
        byte[] helloBytes = hello.toByteArray();

        ByteArrayOutputStream record = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(record);
        out.writeByte(22);                       // handshake
        out.writeShort(0x0302);
        out.writeShort(helloBytes.length + 4);
        out.writeByte(1);                        // ClientHello
        out.writeByte(0);
        out.writeShort(helloBytes.length);
        out.write(helloBytes);
        return record.toByteArray();
    }
}
