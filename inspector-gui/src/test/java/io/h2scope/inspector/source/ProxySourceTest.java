package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.ConnectionClosed;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.FrameEvent;

import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProxySourceTest {

    private ProxySource source;
    private H2Server server;

    @AfterEach
    void stop() {
        if (source != null) {
            source.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eventsOfConnectionsBeforeTheSinkStartsWaitAndArriveInBatchesAfterIt() throws Exception {
        server = ReferenceServer.start(ReferenceServer.Options.h2c());
        source = ProxySource.start(new ProxySource.Settings("127.0.0.1:0", "http://127.0.0.1:" + server.port() + "/", "", false));
        try (H2Client client = H2Client.newBuilder().build()) {
            assertEquals(200, client.get("http://127.0.0.1:" + source.address().getPort() + "/").status());
        }
        CollectingSink sink = new CollectingSink();
        source.start(sink);
        CollectingSink.await(() -> sink.events.stream().filter(e -> e instanceof ConnectionClosed).count() == 2,
                "both legs' events, up to their close");
        assertTrue(sink.batchSizes.size() < sink.events.size(), "delivered in batches: " + sink.batchSizes);
        assertEquals(2, sink.events.stream().filter(e -> e instanceof ConnectionOpened o && o.paired()).count());
        assertTrue(sink.events.stream().anyMatch(e -> e instanceof FrameEvent), "frames of both legs");
        assertEquals(1, source.pairsStarted());
    }

    @Test
    void aConnectionTheProxyCannotRelayIsAProblemLineAndNothingFollowsClose() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        source = ProxySource.start(new ProxySource.Settings("127.0.0.1:0", "http://127.0.0.1:" + closedPort + "/", "", false));
        CollectingSink sink = new CollectingSink();
        source.start(sink);
        try (H2Client client = H2Client.newBuilder().maxRetries(0).build()) {
            assertThrows(Exception.class, () -> client.get("http://127.0.0.1:" + source.address().getPort() + "/"));
        }
        CollectingSink.await(() -> !sink.problems.isEmpty(), "a problem line");
        String line = sink.problems.get(0);
        assertTrue(line.contains("127.0.0.1:" + closedPort) && !line.contains("\n"), line);
        CollectingSink.await(() -> sink.events.stream().anyMatch(e -> e instanceof ConnectionClosed c
                && sink.events.stream().anyMatch(o -> o instanceof ConnectionOpened op && op.role() == Role.SERVER
                && op.connectionId() == c.connectionId())), "the client's leg recorded up to its close");

        source.close();
        int delivered = sink.events.size() + sink.problems.size();
        Thread.sleep(300);
        assertEquals(delivered, sink.events.size() + sink.problems.size(), "no call to the sink after close");
        assertThrows(java.io.IOException.class,
                () -> new java.net.Socket(InetAddress.getLoopbackAddress(), source.address().getPort()).close());
    }

    @Test
    void badSettingsAreOneLineErrors() {
        IllegalArgumentException url = assertThrows(IllegalArgumentException.class,
                () -> ProxySource.start(new ProxySource.Settings("127.0.0.1:0", "ftp://127.0.0.1/", "", false)));
        assertTrue(url.getMessage().startsWith("'ftp://127.0.0.1/' has scheme 'ftp'"), url.getMessage());
        IllegalArgumentException listen = assertThrows(IllegalArgumentException.class,
                () -> ProxySource.start(new ProxySource.Settings("8.8.8.8:0", "http://127.0.0.1:9/", "", false)));
        assertTrue(listen.getMessage().contains("is not a loopback address"), listen.getMessage());
    }
}
