package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.Direction;
import io.h2scope.engine.trace.model.FrameEvent;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class AttachSourceTest {

    @TempDir
    Path dir;

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream());
    }

    @Test
    void anEngineWithConnectionsStreamsItsEventsUntilItCloses() throws Exception {
        Path socket = dir.resolve("engine.sock");
        LiveTrace live = LiveTrace.listening(ListenAddress.parse(socket.toString()), quiet());
        try (H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(live).start();
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(TraceSink.NONE).build()) {
            client.get(server.url()); // a connection open, and idle, before the window attaches
            CollectingSink sink = new CollectingSink();
            AttachSource source = new AttachSource(ListenAddress.parse(socket.toString()), null);
            source.start(sink);
            CollectingSink.await(() -> sink.events.size() >= 2, "the opening and the snapshot");
            ConnectionOpened opened = assertInstanceOf(ConnectionOpened.class, sink.events.get(0));
            assertTrue(opened.clock() != null && opened.remote().startsWith("127.0.0.1:"), "who and when: " + opened);
            assertInstanceOf(SnapshotTaken.class, sink.events.get(1));
            client.get(server.url() + "headers");
            client.get(server.url());
            CollectingSink.await(() -> paths(sink.events).size() == 2, "the live events of two requests");
            assertEquals(List.of("/headers", "/"), paths(sink.events));
            assertTrue(sink.events.stream().allMatch(e -> e.connectionId() == opened.connectionId()), "one connection");
            live.close();
            String end = sink.awaitEnd();
            assertTrue(end.startsWith("the engine on " + socket + " closed the stream after "), end);
            source.close();
        }
    }

    /** The paths of the requests received, in order. */
    private static List<String> paths(List<TraceEvent> events) {
        return events.stream().filter(e -> e instanceof FrameEvent f && f.direction() == Direction.INBOUND)
                .flatMap(e -> ((FrameEvent) e).headers().stream()).filter(h -> h.name().equals(":path"))
                .map(h -> h.value()).toList();
    }

    @Test
    void aRefusedTokenAndNothingListeningEachSayWhatToDo() throws Exception {
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse("127.0.0.1:0"), quiet())) {
            String where = live.attachServer().orElseThrow().where();
            CollectingSink sink = new CollectingSink();
            new AttachSource(ListenAddress.parse(where), "not-the-token").start(sink);
            assertEquals(where + ": the engine refused the attach: wrong token; give the token it "
                    + "printed at start-up", sink.awaitEnd());
        }
        Path nobody = dir.resolve("nobody.sock");
        CollectingSink sink = new CollectingSink();
        new AttachSource(ListenAddress.parse(nobody.toString()), null).start(sink);
        String end = sink.awaitEnd();
        assertTrue(end.startsWith("no engine serves trace events on " + nobody), end);
        assertTrue(end.endsWith("check that it runs with H2SCOPE_TRACE_LISTEN=" + nobody), end);
    }

    @Test
    void aSocketThatDiesMidStreamKeepsTheEventsAndSaysSo() throws Exception {
        try (ServerSocket dying = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CollectingSink sink = new CollectingSink();
            new AttachSource(ListenAddress.parse("127.0.0.1:" + dying.getLocalPort()), "t").start(sink);
            try (Socket s = dying.accept()) {
                s.getOutputStream().write(("{\"v\":2,\"kind\":\"opened\",\"conn\":9,\"t_ns\":0,\"role\":\"server\"}\n"
                        + "{\"v\":2,\"kind\":\"win").getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                CollectingSink.await(() -> sink.events.size() == 1, "the event before the break");
                s.setSoLinger(true, 0); // a reset, as when the engine's process dies
            }
            String end = sink.awaitEnd();
            assertTrue(end.startsWith("the connection to the engine on 127.0.0.1:" + dying.getLocalPort() + " broke ("), end);
            assertTrue(end.endsWith(") after 1 events; they are kept"), end);
            assertEquals(1, sink.events.size());
        }
    }
}
