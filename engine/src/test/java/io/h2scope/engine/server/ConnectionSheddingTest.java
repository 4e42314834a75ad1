package io.h2scope.engine.server;

import io.h2scope.engine.scripted.ScriptedPeer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.error.ErrorCode;
import io.h2scope.engine.frame.GoAwayFrame;
import io.h2scope.engine.frame.HeadersFrame;
import io.h2scope.engine.frame.PingFrame;
import io.h2scope.engine.frame.SettingsFrame;
import io.h2scope.engine.frame.codec.FrameWriter;
import io.h2scope.engine.testsupport.Await;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The connection caps on a real server: at a cap the connection idle the longest (per address at the per-address cap,
 * server-wide at the total one) is shed with GOAWAY NO_ERROR and the newcomer is served, so one address's idle crowd
 * cannot lock out the next client from it; connections with streams in flight are never shed, and when all are busy
 * the newcomer is closed at accept as before. Each test waits only for what the server does.
 */
@Timeout(60)
class ConnectionSheddingTest {

    private H2Server server;
    private final List<ScriptedPeer> clients = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (ScriptedPeer c : clients) {
            c.close();
        }
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    /** {@code /hold} is never answered (its connection stays busy); everything else gets a 200. */
    private void start(H2Server.Builder builder) throws IOException {
        server = builder.port(0).handler(ex -> {
            if (!"/hold".equals(ex.request().path())) {
                ex.respond(200, List.of(), ByteBuffer.allocate(0));
            }
        }).start();
    }

    /** A complete HTTP/2 connection from {@code from}: the server's SETTINGS read. */
    private ScriptedPeer connected(String from) throws IOException {
        ScriptedPeer c = ScriptedPeer.connect(from, new java.net.InetSocketAddress("127.0.0.1", server.port())).greet();
        clients.add(c);
        assertNotNull(c.await(f -> f instanceof SettingsFrame), "no SETTINGS for a connection from " + from);
        return c;
    }

    /** Whether a connection from {@code from} is closed by the server without a byte (its preface may not even go). */
    private boolean closedAtAccept(String from) throws IOException {
        try (java.net.Socket s = new java.net.Socket()) {
            s.bind(new java.net.InetSocketAddress(from, 0));
            s.connect(new java.net.InetSocketAddress("127.0.0.1", server.port()));
            s.setSoTimeout((int) Await.PATIENCE.toMillis());
            s.getOutputStream().write(io.h2scope.engine.frame.Preface.bytes());
            return s.getInputStream().read() < 0;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    /** Whether a GET on {@code streamId} is answered with HEADERS. */
    private static boolean served(ScriptedPeer c, int streamId) throws IOException {
        c.get(streamId, "/");
        return c.await(f -> f instanceof HeadersFrame && f.streamId() == streamId) != null;
    }

    /** Waits until the listener counts {@code n} open connections, so that the next one's position is known. */
    private void awaitOpen(int n) throws InterruptedException {
        Await.until(() -> server.connectionCount() == n, () -> server.connectionCount() + " connections, not " + n);
    }

    @Test
    void atThePerAddressCapTheAddresssOldestIdleConnectionIsShedForTheNewOne() throws Exception {
        start(H2Server.builder().maxConnectionsPerAddress(2));
        ScriptedPeer oldest = connected("127.0.0.1");
        ScriptedPeer other = connected("127.0.0.2"); // another address: never shed for 127.0.0.1's newcomer
        ScriptedPeer second = connected("127.0.0.1");
        awaitOpen(3);
        ScriptedPeer newcomer = connected("127.0.0.1");
        assertTrue(served(newcomer, 1), "the newcomer was not served");
        GoAwayFrame g = (GoAwayFrame) oldest.await(f -> f instanceof GoAwayFrame);
        assertNotNull(g, "the oldest idle connection got no GOAWAY");
        assertEquals(ErrorCode.NO_ERROR.code(), g.errorCode());
        assertNull(oldest.await(f -> false), "the shed connection was not closed");
        assertTrue(served(second, 1) && served(other, 1), "a connection that was not the oldest was shed");
        assertEquals(1, server.shedConnectionCount());
        assertEquals(0, server.refusedConnectionCount());
    }

    @Test
    void busyConnectionsAreNeverShed_theNewcomerIsRefusedThen() throws Exception {
        start(H2Server.builder().maxConnectionsPerAddress(2));
        for (int i = 0; i < 2; i++) {
            hold(connected("127.0.0.1"));
        }
        assertTrue(closedAtAccept("127.0.0.1"), "a third connection from 127.0.0.1 was served");
        assertEquals(1, server.refusedConnectionCount());
        assertEquals(0, server.shedConnectionCount());
        assertTrue(served(connected("127.0.0.2"), 1), "another address was refused");
    }

    @Test
    void atTheTotalCapTheOldestIdleConnectionOfAnyAddressIsShed() throws Exception {
        start(H2Server.builder().maxConnections(2));
        ScriptedPeer idle = connected("127.0.0.1");
        hold(connected("127.0.0.2"));
        ScriptedPeer newcomer = connected("127.0.0.3");
        assertTrue(served(newcomer, 1));
        assertNotNull(idle.await(f -> f instanceof GoAwayFrame), "the idle connection was not shed");
        assertEquals(1, server.shedConnectionCount());
    }

    /**
     * Opens a stream the server never answers: the connection is busy for good. The PING's ACK leaves after the server
     * has counted the stream (it tells the listener before it writes what the read produced).
     */
    private static void hold(ScriptedPeer c) throws IOException {
        c.get(1, "/hold");
        c.send(FrameWriter.encode(PingFrame.of(29)));
        assertNotNull(c.await(f -> f instanceof PingFrame p && p.ack()), "no PING ACK");
    }
}
