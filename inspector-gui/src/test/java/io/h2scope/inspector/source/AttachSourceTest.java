package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.client.H2Client;
import io.h2scope.engine.server.H2Server;
import io.h2scope.engine.server.reference.ReferenceServer;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.attach.AttachServer;
import io.h2scope.engine.trace.attach.ListenAddress;
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
import java.util.concurrent.CopyOnWriteArrayList;

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
        AttachServer attach = new AttachServer(ListenAddress.parse(socket.toString()), quiet());
        List<TraceEvent> published = new CopyOnWriteArrayList<>();
        TraceSink both = TraceSinks.compose(List.of(attach, published::add));
        try (H2Server server = ReferenceServer.start(ReferenceServer.Options.h2c());
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(both).build()) {
            client.get(server.url()); // a connection open before the window attaches: its opening and a snapshot
            int before = published.size();
            CollectingSink sink = new CollectingSink();
            AttachSource source = new AttachSource(ListenAddress.parse(socket.toString()), null);
            source.start(sink);
            CollectingSink.await(() -> sink.events.size() >= 2, "the opening and the snapshot");
            assertEquals(published.get(0), sink.events.get(0), "the connection's opening, its clock included");
            assertInstanceOf(SnapshotTaken.class, sink.events.get(1));
            client.get(server.url() + "headers");
            client.get(server.url());
            CollectingSink.await(() -> sink.events.size() - 2 >= published.size() - before, "the live events");
            assertEquals(published.subList(before, published.size()), sink.events.subList(2, sink.events.size()));
            assertTrue(sink.events.stream().filter(e -> e instanceof FrameEvent).count() >= 4, "frames of two requests");
            attach.close();
            String end = sink.awaitEnd();
            assertTrue(end.startsWith("the engine on " + socket + " closed the stream after "), end);
            source.close();
        }
    }

    @Test
    void aRefusedTokenAndNothingListeningEachSayWhatToDo() throws Exception {
        try (AttachServer attach = new AttachServer(ListenAddress.parse("127.0.0.1:0"), quiet())) {
            CollectingSink sink = new CollectingSink();
            new AttachSource(ListenAddress.parse(attach.where()), "not-the-token").start(sink);
            assertEquals(attach.where() + ": the engine refused the attach: wrong token; give the token it "
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
