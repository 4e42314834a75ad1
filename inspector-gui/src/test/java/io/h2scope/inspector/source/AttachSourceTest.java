package io.h2scope.inspector.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

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
            AttachSource source = new AttachSource(ListenAddress.parse(socket.toString()), null, Duration.ZERO);
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
            new AttachSource(ListenAddress.parse("127.0.0.1:" + dying.getLocalPort()), "t", Duration.ZERO).start(sink);
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

    @Test
    void aDroppedSocketIsTriedAgainAndTheSameEngineResumesItsConnections() throws Exception {
        Path engine = dir.resolve("engine.sock");
        Path relayed = dir.resolve("relay.sock");
        LiveTrace live = LiveTrace.listening(ListenAddress.parse(engine.toString()), quiet());
        try (live; CuttableRelay relay = new CuttableRelay(relayed, engine);
             H2Server server = ReferenceServer.configure(ReferenceServer.Options.h2c()).traceSink(live).start();
             H2Client client = H2Client.newBuilder().maxConnectionsPerAuthority(1).traceSink(TraceSink.NONE).build()) {
            client.get(server.url()); // open before the attach: its opening and snapshot come first
            CollectingSink sink = new CollectingSink();
            AttachSource source = new AttachSource(ListenAddress.parse(relayed.toString()), null);
            source.start(sink);
            CollectingSink.await(() -> sink.events.size() >= 2, "the opening and the snapshot");
            client.get(server.url() + "headers");
            CollectingSink.await(() -> paths(sink.events).size() == 1, "a request while attached");

            relay.cut();
            CollectingSink.await(() -> sink.state().contains(", try 2)"), "a second try while the relay is cut");
            assertTrue(Pattern.matches("reconnecting… to " + Pattern.quote(relayed.toString())
                    + " \\(dropped at \\d\\d:\\d\\d:\\d\\d, try 2\\): \\d+ events kept, 1 connections", sink.state()),
                    sink.state());
            assertTrue(sink.problems.get(0).startsWith("the engine on " + relayed + " closed the stream after "),
                    sink.problems.toString());
            assertTrue(sink.problems.get(0).endsWith("; reconnecting for up to 60 s"), sink.problems.toString());
            client.get(server.url() + "missed"); // while detached: not seen

            relay.restore();
            CollectingSink.await(() -> sink.state().startsWith("attached again"), "attached again");
            assertTrue(Pattern.compile("attached again to " + Pattern.quote(relayed.toString()) + " since (\\d\\d:\\d\\d:"
                    + "\\d\\d) \\(events from \\d\\d:\\d\\d:\\d\\d to \\1 missing\\): \\d+ events, 1 connections \\(").matcher(
                    sink.state()).lookingAt(), sink.state());
            client.get(server.url());
            CollectingSink.await(() -> paths(sink.events).size() == 2, "a request after the reconnect");
            assertEquals(List.of("/headers", "/"), paths(sink.events));
            long connection = sink.events.get(0).connectionId();
            assertTrue(sink.events.stream().allMatch(e -> e.connectionId() == connection), "the one connection");
            assertEquals(1, sink.events.stream().filter(e -> e instanceof ConnectionOpened).count(),
                    "the same engine's opening is not passed on twice");
            assertEquals(2, sink.events.stream().filter(e -> e instanceof SnapshotTaken).count(),
                    "its snapshot after the gap carries the connection on");
            assertEquals(List.of(), sink.restarts);
            assertEquals(2, relay.accepted());
            source.close();
        }
    }

    @Test
    void anEngineThatRestartedIsANewSourceWhoseConnectionsAreNumberedApart() throws Exception {
        Path socket = dir.resolve("engine.sock");
        ListenAddress address = ListenAddress.parse(socket.toString());
        try (Inspection inspection = new Inspection()) {
            try (LiveTrace first = LiveTrace.listening(address, quiet())) {
                first.onEvent(ConnectionOpened.of(1, 0, Role.SERVER));
                inspection.open(new AttachSource(address, null));
                CollectingSink.await(() -> inspection.recording().connectionCount() == 1
                        && inspection.states().toString().contains("1 connections"), "the first engine's connection");
            }
            CollectingSink.await(() -> inspection.states().toString().contains("reconnecting… to " + socket),
                    "reconnecting after the engine went");
            try (LiveTrace second = LiveTrace.listening(address, quiet())) { // a new process: its ids start again
                second.onEvent(ConnectionOpened.of(1, 0, Role.SERVER));
                CollectingSink.await(() -> inspection.recording().connectionCount() == 2, "the new engine's connection");
                String state = inspection.states().get(0);
                assertTrue(state.startsWith("attached again to " + socket + " since "), state);
                assertTrue(state.contains(" missing; a new engine (pid " + ProcessHandle.current().pid()
                        + "), its connections numbered apart): "), state);
                assertTrue(state.contains(": 4 events, 2 connections ("), "both engines' opening and snapshot: " + state);
                List<Long> numbers = inspection.recording().connections().stream().map(c -> c.number()).toList();
                assertEquals(List.of(1L, 2L), numbers, "connection 1 of each engine, one number each");
                assertEquals(List.of("attach " + socket, "attach " + socket + ", engine 2 from "),
                        inspection.recording().connections().stream().map(c -> inspection.recording()
                                .sourceName(c.key().source()).replaceAll("\\d\\d:\\d\\d:\\d\\d$", "")).toList());
            }
        }
    }

    @Test
    void aDropThatDoesNotComeBackEndsAfterTheLimitTriedWithGrowingPauses() throws Exception {
        Path socket = dir.resolve("engine.sock");
        VirtualClock clock = new VirtualClock();
        CollectingSink sink = new CollectingSink();
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse(socket.toString()), quiet())) {
            live.onEvent(ConnectionOpened.of(3, 0, Role.SERVER));
            new AttachSource(ListenAddress.parse(socket.toString()), null, AttachSource.DEFAULT_RECONNECT_FOR, clock)
                    .start(sink);
            CollectingSink.await(() -> sink.events.size() == 2, "the opening and the snapshot");
        }
        String end = sink.awaitEnd(); // at once: the clock moves only by the pauses
        assertTrue(end.startsWith("the engine on " + socket + " closed the stream after 2 events, and it did not come "
                + "back in 60 s ("), end);
        assertTrue(end.contains(" tries; the last: no engine serves trace events on " + socket), end);
        assertTrue(end.endsWith("); they are kept"), end);
        List<Duration> pauses = clock.pauses();
        assertEquals(AttachSource.FIRST_PAUSE, pauses.get(0));
        assertEquals(AttachSource.FIRST_PAUSE.multipliedBy(2), pauses.get(1));
        assertTrue(pauses.stream().allMatch(p -> p.compareTo(AttachSource.LONGEST_PAUSE) <= 0), pauses.toString());
        assertEquals(AttachSource.DEFAULT_RECONNECT_FOR, pauses.stream().reduce(Duration.ZERO, Duration::plus),
                "paused until the limit, not past it");
        assertTrue(end.contains("(" + (pauses.size() + 1) + " tries;"), "one try after each pause, and one first: " + end);
        assertThrows(IllegalArgumentException.class,
                () -> new AttachSource(ListenAddress.parse(socket.toString()), null, Duration.ofSeconds(-1)));
    }

    /** Time that moves only when the source pauses: the limit is reached without waiting it out. */
    private static final class VirtualClock implements ReconnectClock {
        private final List<Duration> pauses = new java.util.concurrent.CopyOnWriteArrayList<>();
        private volatile Instant now = Instant.parse("2026-12-06T20:00:00Z");

        @Override
        public Instant now() {
            return now;
        }

        @Override
        public void pause(Duration pause) {
            pauses.add(pause);
            now = now.plus(pause);
        }

        List<Duration> pauses() {
            return List.copyOf(pauses);
        }
    }
}
