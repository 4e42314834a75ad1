package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The handshake timeout (accept to the client's first HTTP/2 SETTINGS, whatever layer the client stops in)
 * against a real {@link H2Server} on loopback (the connection caps: {@code ConnectionSheddingTest}).
 */
@Timeout(60)
class HandshakeLimitsTest {

    private static final Duration HANDSHAKE = Duration.ofMillis(400);
    /** For a client that must outlive the deadline: long enough that its SETTINGS are read before it on any machine. */
    private static final Duration OUTLIVED_HANDSHAKE = Duration.ofSeconds(3);

    private H2Server server;
    private final List<Socket> sockets = new ArrayList<>();
    /** When each socket began to connect: before the server's accept, so before its deadline started. */
    private final Map<Socket, Long> connectStartedAt = new HashMap<>();

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private H2Server start(H2Server.Builder builder) throws IOException {
        server = builder.port(0).handler(ex -> ex.respond(200, List.of(), ByteBuffer.allocate(0))).start();
        return server;
    }

    private Socket connect(String from) throws IOException {
        Socket s = new Socket();
        sockets.add(s);
        s.bind(new InetSocketAddress(from, 0));
        connectStartedAt.put(s, System.nanoTime());
        s.connect(new InetSocketAddress("127.0.0.1", server.port()));
        s.setSoTimeout((int) Await.PATIENCE.toMillis());
        return s;
    }

    /** Reads and drops until the server closes; the milliseconds since connect began. Fails if it stays open 30 s. */
    private long millisUntilClosed(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        byte[] sink = new byte[4096];
        try {
            while (in.read(sink) >= 0) {
                // the server's SETTINGS, a 101, a ServerHello: not what we wait for
            }
        } catch (SocketException reset) {
            // an abort may reach us as a reset: closed too
        }
        return (System.nanoTime() - connectStartedAt.get(s)) / 1_000_000;
    }

    private static void send(Socket s, byte[] bytes) throws IOException {
        s.getOutputStream().write(bytes);
        s.getOutputStream().flush();
    }

    /**
     * Closed, and not before the deadline (how long after it is the loaded machine's business). No slack: the
     * server arms the deadline at accept, after this socket began to connect, so even a preempted client
     * measures at least the timeout, and a deadline that fires early fails.
     */
    private void assertClosedByTheDeadline(Socket s) throws IOException {
        long ms = millisUntilClosed(s);
        assertTrue(ms >= HANDSHAKE.toMillis(), "closed after " + ms + " ms, handshake timeout "
                + HANDSHAKE.toMillis() + " ms");
    }

    @Test
    void silentPartialPrefacePartialHeadAndUpgradeWithoutPrefaceAreAllClosed() throws IOException {
        start(H2Server.builder().handshakeTimeout(HANDSHAKE));
        Socket silent = connect("127.0.0.1");
        Socket partialPreface = connect("127.0.0.1");
        send(partialPreface, Arrays.copyOf(Preface.bytes(), 10));
        Socket prefaceNoSettings = connect("127.0.0.1");
        send(prefaceNoSettings, Preface.bytes());
        Socket partialHead = connect("127.0.0.1");
        send(partialHead, "GET / HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
        Socket upgradedThenSilent = connect("127.0.0.1");
        send(upgradedThenSilent, ("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        String status = new String(upgradedThenSilent.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
        assertEquals("HTTP/1.1 101", status, "the upgrade was not accepted");
        for (Socket s : List.of(silent, partialPreface, prefaceNoSettings, partialHead, upgradedThenSilent)) {
            assertClosedByTheDeadline(s);
        }
        assertEquals(5, server.handshakeTimeoutCount());
    }

    @Test
    void aTlsHandshakeThatStopsAfterTheClientHelloIsClosed() throws Exception {
        start(H2Server.builder().tlsSelfSigned().handshakeTimeout(HANDSHAKE));
        Socket s = connect("127.0.0.1");
        SSLEngine engine = SSLContext.getDefault().createSSLEngine("localhost", server.port());
        engine.setUseClientMode(true);
        engine.beginHandshake();
        ByteBuffer hello = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        assertTrue(hello.remaining() > 0, "the JDK produced no ClientHello");
        send(s, Arrays.copyOf(hello.array(), hello.limit()));
        assertClosedByTheDeadline(s);
        assertEquals(1, server.handshakeTimeoutCount());
    }

    @Test
    void aClientThatSentItsSettingsOutlivesTheDeadline() throws Exception {
        start(H2Server.builder().handshakeTimeout(OUTLIVED_HANDSHAKE));
        long connected = System.nanoTime();
        try (ScriptedPeer client = ScriptedPeer.connect(server.port()).greet()) {
            assertNotNull(client.await(f -> f instanceof SettingsFrame s && s.ack()), "the server read our SETTINGS");
            long left = OUTLIVED_HANDSHAKE.toNanos() - (System.nanoTime() - connected);
            TimeUnit.NANOSECONDS.sleep(left + HANDSHAKE.toNanos()); // past the deadline the server no longer keeps
            client.send(FrameWriter.encode(PingFrame.of(42)));
            assertNotNull(client.await(f -> f instanceof PingFrame p && p.ack()), "no PING ACK after the deadline");
        }
        assertEquals(0, server.handshakeTimeoutCount());
    }

    @Test
    void withTheTimeoutOffASilentConnectionStaysOpen() throws IOException {
        start(H2Server.builder().handshakeTimeout(Duration.ZERO));
        Socket silent = connect("127.0.0.1");
        silent.setSoTimeout((int) HANDSHAKE.toMillis() * 3);
        assertThrows(SocketTimeoutException.class, () -> silent.getInputStream().read());
    }

    @Test
    void aNegativeTimeoutIsRefusedWithTheName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> H2Server.builder().handshakeTimeout(Duration.ofSeconds(-1)));
        assertTrue(e.getMessage().contains("handshakeTimeout must be >= 0"), e.getMessage());
    }

    @Test
    void aCapBelowOneIsRefusedWithTheName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> H2Server.builder().maxConnectionsPerAddress(0));
        assertTrue(e.getMessage().contains("maxConnectionsPerAddress must be >= 1"), e.getMessage());
    }
}
