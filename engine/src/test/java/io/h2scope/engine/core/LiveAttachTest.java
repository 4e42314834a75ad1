package io.h2scope.engine.core;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.model.TraceSink;
import io.h2scope.engine.stream.Role;
import io.h2scope.engine.testsupport.Await;
import io.h2scope.engine.trace.attach.AttachServer;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
import io.h2scope.engine.trace.live.LiveTrace;
import io.h2scope.engine.trace.model.ConnectionModel;
import io.h2scope.engine.trace.model.ConnectionOpened;
import io.h2scope.engine.trace.model.SnapshotTaken;
import io.h2scope.engine.trace.model.TraceEvent;
import io.h2scope.engine.trace.model.WindowChanged;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reader attached live gets the opening and a snapshot of each open connection, then every event; a slow one gets a
 * gap. The connections here have no driver to wake them, and tracing is off until the reader comes: each publishes its
 * opening and a snapshot of its state, taken by the engine itself, before its next frame.
 */
@org.junit.jupiter.api.Timeout(60)
class LiveAttachTest {

    @TempDir
    Path dir;

    @Test
    void aReaderAttachedMidConnectionRebuildsWhatTheEngineHas() throws Exception {
        Path socket = dir.resolve("trace.sock");
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse(socket.toString()), quiet())) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
            TraceSink clientSink = live.forConnection(1);
            ConnectionPair p = new ConnectionPair(ConnectionConfig.DEFAULTS.withTraceSink(1, clientSink),
                    ConnectionConfig.DEFAULTS.withTraceSink(2, live.forConnection(2)));
            p.autoConsume();
            p.pump();
            int open = p.client.openStream(ConnectionPair.post("/still-open", 10_000), false);
            p.client.sendData(open, ByteBuffer.wrap(new byte[3_000]), false);
            p.pump();
            assertFalse(clientSink.enabled(), "nothing is traced before the reader comes");

            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                channel.write(ByteBuffer.wrap("\n".getBytes(StandardCharsets.US_ASCII))); // a reader
                BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.US_ASCII));
                String instance = engineLine(lines, live);
                assertTrue(instance.matches("[0-9a-f]{16}"), instance);
                Await.until(clientSink::enabled, "the reader is attached: the connections are traced");
                ConnectionModel client = new ConnectionModel(1);
                ConnectionModel server = new ConnectionModel(2);
                p.client.sendData(open, ByteBuffer.wrap(new byte[7_000]), true);
                p.server.sendHeaders(open, ConnectionPair.status(200), true);
                p.client.openStream(ConnectionPair.get("/next"), true);
                p.pump();
                Set<Integer> streams = new HashSet<>(List.of(open, 3));
                List<TraceEvent> read = new ArrayList<>();
                while (!client.snapshot().equals(ConnectionModelTest.engineState(p.client, streams))
                        || !server.snapshot().equals(ConnectionModelTest.engineState(p.server, streams))) {
                    TraceEvent e = read(lines, 1).get(0);
                    read.add(e);
                    client.apply(e);
                    server.apply(e);
                }
                for (long id : new long[] {1, 2}) { // each connection's first lines: its opening, then its snapshot
                    List<TraceEvent> own = read.stream().filter(e -> e.connectionId() == id).toList();
                    assertTrue(own.get(0) instanceof ConnectionOpened && own.get(1) instanceof SnapshotTaken, own.toString());
                }
            }
        }
        assertTrue(Files.notExists(socket), "the socket file is removed at close");
    }

    @Test
    void tcpAsksForTheTokenAndServesOnlyLoopback() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse("8.8.8.8:9000"));
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse("127.0.0.1:0"), quiet())) {
            AttachServer attach = live.attachServer().orElseThrow();
            String where = attach.where();
            int port = Integer.parseInt(where.substring(where.lastIndexOf(':') + 1));
            assertEquals("{\"v\":2,\"kind\":\"refused\",\"detail\":\"wrong token\"}", firstLineWith(port, "guess"));
            live.onEvent(ConnectionOpened.of(5, 0, Role.SERVER)); // connection 5 is open: a reader gets its snapshot first
            try (SocketChannel channel = SocketChannel.open(new java.net.InetSocketAddress("127.0.0.1", port))) {
                channel.write(ByteBuffer.wrap((attach.token() + "\n").getBytes(StandardCharsets.US_ASCII)));
                BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.US_ASCII));
                awaitRegistered(lines, live);
                live.onEvent(window(5, 1));
                assertEquals(List.of(window(5, 1)), read(lines, 1));
            }
        }
    }

    @Test
    void aSlowReaderIsDroppedWithACountedGap() throws Exception {
        Path socket = dir.resolve("slow.sock");
        try (LiveTrace live = LiveTrace.listening(ListenAddress.parse(socket.toString()), quiet());
                SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            live.onEvent(ConnectionOpened.of(7, 0, Role.SERVER)); // connection 7 is open: a reader gets its snapshot first
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap("\n".getBytes(StandardCharsets.US_ASCII)));
            BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                    StandardCharsets.US_ASCII));
            awaitRegistered(lines, live);
            int sent = 60_000;
            for (int i = 0; i < sent; i++) {
                live.onEvent(window(7, i)); // the reader reads nothing meanwhile: its socket and queue fill up
            }
            // then, until the reader sees one, a marker now and then: the first offer with room tells the gap first
            AtomicInteger markers = new AtomicInteger();
            Thread marking = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    markers.incrementAndGet();
                    live.onEvent(window(7, -1));
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            marking.start();
            long received = 0;
            long dropped = 0;
            boolean gapBeforeMarker = false;
            while (true) {
                @SuppressWarnings("unchecked")
                Map<String, Object> o = (Map<String, Object>) Json.parse(lines.readLine());
                if ("gap".equals(o.get("kind"))) {
                    dropped += (Long) o.get("dropped");
                    gapBeforeMarker = true;
                } else if (((WindowChanged) TraceEventJson.read(o)).newSize() == -1) {
                    break;
                } else {
                    received++;
                }
            }
            marking.interrupt();
            marking.join();
            assertTrue(gapBeforeMarker && dropped > 0, "the reader was told of the events it lost");
            assertTrue(received < sent, "it did not get them all: " + received);
            assertTrue(received + dropped >= sent && received + dropped <= sent + markers.get(),
                    "every event either arrived or is counted in a gap: " + received + " + " + dropped);
        }
    }

    private static WindowChanged window(long connection, int size) {
        return new WindowChanged(connection, 0, 1, WindowSide.SEND, 0, size, WindowCause.WINDOW_UPDATE);
    }

    private static String firstLineWith(int port, String token) throws IOException {
        try (SocketChannel channel = SocketChannel.open(new java.net.InetSocketAddress("127.0.0.1", port))) {
            channel.write(ByteBuffer.wrap((token + "\n").getBytes(StandardCharsets.US_ASCII)));
            return new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }

    /** Reads a reader's first line, the engine's: its instance id, the one the server says. */
    @SuppressWarnings("unchecked")
    private static String engineLine(BufferedReader lines, LiveTrace live) throws IOException {
        Map<String, Object> o = (Map<String, Object>) Json.parse(lines.readLine());
        assertEquals("engine", o.get("kind"), o.toString());
        assertEquals(ProcessHandle.current().pid(), o.get("pid"));
        assertEquals(live.attachServer().orElseThrow().instance(), o.get("instance"));
        return (String) o.get("instance");
    }

    /**
     * Reads the engine's line, then the opening and snapshot a reader gets once it is registered: from then on it
     * gets every event.
     */
    private static void awaitRegistered(BufferedReader lines, LiveTrace live) throws IOException {
        engineLine(lines, live);
        List<TraceEvent> first = read(lines, 2);
        assertTrue(first.get(0) instanceof ConnectionOpened && first.get(1) instanceof SnapshotTaken,
                "the first lines are the open connection's opening and snapshot: " + first);
    }

    @SuppressWarnings("unchecked")
    private static List<TraceEvent> read(BufferedReader lines, int count) throws IOException {
        List<TraceEvent> events = new ArrayList<>();
        while (events.size() < count) {
            events.add(TraceEventJson.read((Map<String, Object>) Json.parse(lines.readLine())));
        }
        return events;
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream());
    }
}
