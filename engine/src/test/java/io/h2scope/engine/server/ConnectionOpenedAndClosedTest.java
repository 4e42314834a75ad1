package io.h2scope.engine.server;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.frame.Preface;
import io.h2scope.engine.scripted.ScriptedPeer;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The opening event of the engine's client and server connections carries what the transport knows (addresses,
 * h2c / h2c upgrade / TLS with its version, cipher, ALPN and SNI, the wall clock of the connection's start), and the closing event tells an idle timeout,
 * an I/O error, a peer that vanished and a plain close apart.
 */
@Timeout(60)
class ConnectionOpenedAndClosedTest {

    /** The events of every connection of one side. */
    private static final class Events implements TraceSink {
        private final List<TraceEvent> events = new ArrayList<>();

        @Override
        public synchronized void onEvent(TraceEvent event) {
            if (event instanceof ConnectionOpened || event instanceof ConnectionClosed) {
                events.add(event);
                notifyAll();
            }
        }

        synchronized <T extends TraceEvent> T await(Class<T> kind, Predicate<T> wanted) throws InterruptedException {
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (true) {
                for (TraceEvent e : events) {
                    if (kind.isInstance(e) && wanted.test(kind.cast(e))) {
                        return kind.cast(e);
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no " + kind.getSimpleName() + " as wanted in " + events);
                }
                wait(100);
            }
        }

        ConnectionOpened opened() throws InterruptedException {
            return await(ConnectionOpened.class, e -> true);
        }
    }

    private record Sides(ConnectionOpened client, ConnectionOpened server) {
    }

    private static Sides oneRequest(ReferenceServer.Options options, String host, boolean upgrade) throws Exception {
        Events serverEvents = new Events();
        Events clientEvents = new Events();
        H2Server server = ReferenceServer.configure(options).traceSink(serverEvents).start();
        try (H2Client client = H2Client.newBuilder().traceSink(clientEvents).insecure().h2cUpgrade(upgrade).build()) {
            String url = (options.tls() ? "https://" : "http://") + host + ":" + server.port() + "/";
            Instant before = Instant.now().truncatedTo(ChronoUnit.MICROS);
            assertEquals(200, client.get(url).status());
            Instant after = Instant.now();
            Sides sides = new Sides(clientEvents.opened(), serverEvents.opened());
            for (ConnectionOpened o : List.of(sides.client(), sides.server())) {
                assertTrue(!o.clock().isBefore(before) && !o.clock().isAfter(after), o.role() + " opened at "
                        + o.clock() + ", read by the transport during the request (" + before + " to " + after + ")");
            }
            return sides;
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private static void assertAddressesMatch(Sides s) {
        assertEquals(Role.CLIENT, s.client().role());
        assertEquals(Role.SERVER, s.server().role());
        assertTrue(s.client().remote().matches("127\\.0\\.0\\.1:\\d+"), s.client().remote());
        assertEquals(s.client().remote(), s.server().local(), "the client's remote is the server's local");
        assertEquals(s.client().local(), s.server().remote(), "the server's remote is the client's local");
    }

    @Test
    void h2cByPriorKnowledge() throws Exception {
        Sides s = oneRequest(ReferenceServer.Options.h2c(), "127.0.0.1", false);
        assertAddressesMatch(s);
        for (ConnectionOpened o : List.of(s.client(), s.server())) {
            assertEquals("h2c", o.transport());
            assertNull(o.tlsVersion());
            assertNull(o.cipherSuite());
            assertNull(o.alpn());
            assertNull(o.sni());
        }
    }

    @Test
    void h2cUpgrade() throws Exception {
        Sides s = oneRequest(ReferenceServer.Options.h2c(), "127.0.0.1", true);
        assertAddressesMatch(s);
        assertEquals("h2c upgrade", s.client().transport());
        assertEquals("h2c upgrade", s.server().transport());
    }

    @Test
    void tlsWithServerName() throws Exception {
        Sides s = oneRequest(ReferenceServer.Options.tlsSelfSigned(), "localhost", false);
        assertAddressesMatch(s);
        for (ConnectionOpened o : List.of(s.client(), s.server())) {
            assertEquals("tls", o.transport());
            assertTrue(o.tlsVersion().startsWith("TLSv1."), o.tlsVersion());
            assertTrue(o.cipherSuite().startsWith("TLS_"), o.cipherSuite());
            assertEquals("h2", o.alpn());
            assertEquals("localhost", o.sni(), o.role() + " names the server the client indicated");
        }
        assertEquals(s.client().cipherSuite(), s.server().cipherSuite());
        assertEquals(s.client().tlsVersion(), s.server().tlsVersion());
    }

    @Test
    void anIdleConnectionClosesAsIdleTimeout() throws Exception {
        Events events = new Events();
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).idleTimeout(Duration.ofMillis(300))
                .traceSink(events).start();
        try (ScriptedPeer raw = ScriptedPeer.connect(server.port()).greet()) {
            ConnectionClosed closed = events.await(ConnectionClosed.class, e -> true);
            assertEquals(ConnectionClosed.Cause.IDLE_TIMEOUT, closed.cause());
            assertEquals(0, closed.errorCode(), "GOAWAY NO_ERROR");
            assertEquals("idle for 300 ms", closed.debug());
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void aPeerThatStopsAnsweringHasVanished() throws Exception {
        Events events = new Events();
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).pingInterval(Duration.ofMillis(200))
                .traceSink(events).start();
        try (ScriptedPeer raw = ScriptedPeer.connect(server.port()).greet()) { // it never reads nor answers the PING
            ConnectionClosed closed = events.await(ConnectionClosed.class, e -> true);
            assertEquals(ConnectionClosed.Cause.PEER_VANISHED, closed.cause());
            assertNull(closed.closedBy());
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    @Test
    void aResetSocketIsAnIoErrorAndAClosedOneIsTransportClosed() throws Exception {
        Events events = new Events();
        H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(events).start();
        try {
            long first;
            try (Socket closing = new Socket("127.0.0.1", server.port())) {
                closing.getOutputStream().write(Preface.bytes());
                first = events.opened().connectionId();
                closing.shutdownOutput(); // FIN; then read what the server sends until it closes too
                closing.getInputStream().readAllBytes();
            }
            assertEquals(ConnectionClosed.Cause.TRANSPORT_CLOSED,
                    events.await(ConnectionClosed.class, e -> e.connectionId() == first).cause());

            Socket reset = new Socket("127.0.0.1", server.port());
            reset.getOutputStream().write(Preface.bytes());
            events.await(ConnectionOpened.class, e -> e.connectionId() != first);
            reset.setSoLinger(true, 0); // close with a TCP reset
            reset.close();
            ConnectionClosed closed = events.await(ConnectionClosed.class, e -> e.connectionId() != first);
            assertEquals(ConnectionClosed.Cause.IO_ERROR, closed.cause());
        } finally {
            server.shutdown(Duration.ofSeconds(2));
        }
    }
}
