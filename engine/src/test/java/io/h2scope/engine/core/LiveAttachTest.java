package io.h2scope.engine.core;

import io.h2scope.engine.flow.WindowCause;
import io.h2scope.engine.flow.WindowSide;
import io.h2scope.engine.trace.TraceSink;
import io.h2scope.engine.trace.TraceSinks;
import io.h2scope.engine.trace.attach.AttachServer;
import io.h2scope.engine.trace.attach.ListenAddress;
import io.h2scope.engine.trace.jsonl.Json;
import io.h2scope.engine.trace.jsonl.TraceEventJson;
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
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A reader attached live gets the opening and a snapshot of each open connection, then every event; a slow one gets a gap. */
@org.junit.jupiter.api.Timeout(60)
class LiveAttachTest {

    @TempDir
    Path dir;

    @Test
    void aReaderAttachedMidConnectionRebuildsWhatTheEngineHas() throws Exception {
        Path socket = dir.resolve("trace.sock");
        try (AttachServer attach = new AttachServer(ListenAddress.parse(socket.toString()), quiet())) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)));
            AtomicInteger published = new AtomicInteger();
            TraceSink counting = e -> published.incrementAndGet();
            ConnectionPair p = new ConnectionPair(
                    ConnectionConfig.DEFAULTS.withTraceSink(1, TraceSinks.compose(List.of(attach, counting))),
                    ConnectionConfig.DEFAULTS.withTraceSink(2, TraceSinks.compose(List.of(attach, counting))));
            p.autoConsume();
            p.pump();
            int open = p.client.openStream(ConnectionPair.post("/still-open", 10_000), false);
            p.client.sendData(open, ByteBuffer.wrap(new byte[3_000]), false);
            p.pump();

            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.US_ASCII));
                ConnectionModel client = new ConnectionModel(1);
                ConnectionModel server = new ConnectionModel(2);
                List<TraceEvent> joining = read(lines, 4); // per connection: its opening, then its snapshot
                for (int i = 0; i < joining.size(); i += 2) {
                    assertTrue(joining.get(i) instanceof ConnectionOpened, joining.toString());
                    assertTrue(joining.get(i + 1) instanceof SnapshotTaken
                            && joining.get(i + 1).connectionId() == joining.get(i).connectionId(), joining.toString());
                }
                joining.forEach(e -> { client.apply(e); server.apply(e); });
                assertEquals(ConnectionModelTest.engineState(p.client, new HashSet<>(List.of(open))), client.snapshot());
                assertEquals(ConnectionModelTest.engineState(p.server, new HashSet<>(List.of(open))), server.snapshot());

                int before = published.get();
                p.client.sendData(open, ByteBuffer.wrap(new byte[7_000]), true);
                p.server.sendHeaders(open, ConnectionPair.status(200), true);
                p.client.openStream(ConnectionPair.get("/next"), true);
                p.pump();
                for (TraceEvent e : read(lines, published.get() - before)) {
                    client.apply(e);
                    server.apply(e);
                }
                assertEquals(ConnectionModelTest.engineState(p.client, new HashSet<>(List.of(open, 3))), client.snapshot());
                assertEquals(ConnectionModelTest.engineState(p.server, new HashSet<>(List.of(open, 3))), server.snapshot());
            }
        }
        assertTrue(Files.notExists(socket), "the socket file is removed at close");
    }

    @Test
    void tcpAsksForTheTokenAndServesOnlyLoopback() throws Exception {
        assertThrows(IllegalArgumentException.class, () -> ListenAddress.parse("8.8.8.8:9000"));
        try (AttachServer attach = new AttachServer(ListenAddress.parse("127.0.0.1:0"), quiet())) {
            String where = attach.where();
            int port = Integer.parseInt(where.substring(where.lastIndexOf(':') + 1));
            assertEquals("{\"v\":2,\"kind\":\"refused\",\"detail\":\"wrong token\"}", firstLineWith(port, "guess"));
            attach.onEvent(window(5, 0)); // connection 5 is open: a reader that registers gets its snapshot first
            try (SocketChannel channel = SocketChannel.open(new java.net.InetSocketAddress("127.0.0.1", port))) {
                channel.write(ByteBuffer.wrap((attach.token() + "\n").getBytes(StandardCharsets.US_ASCII)));
                BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                        StandardCharsets.US_ASCII));
                awaitRegistered(lines);
                attach.onEvent(window(5, 1));
                assertEquals(List.of(window(5, 1)), read(lines, 1));
            }
        }
    }

    @Test
    void aSlowReaderIsDroppedWithACountedGap() throws Exception {
        Path socket = dir.resolve("slow.sock");
        try (AttachServer attach = new AttachServer(ListenAddress.parse(socket.toString()), quiet());
                SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            attach.onEvent(window(7, 0)); // connection 7 is open: a reader that registers gets its snapshot first
            channel.connect(UnixDomainSocketAddress.of(socket));
            BufferedReader lines = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                    StandardCharsets.US_ASCII));
            awaitRegistered(lines);
            int sent = 60_000;
            for (int i = 0; i < sent; i++) {
                attach.onEvent(window(7, i)); // the reader reads nothing meanwhile: its socket and queue fill up
            }
            // then, until the reader sees one, a marker now and then: the first offer with room tells the gap first
            AtomicInteger markers = new AtomicInteger();
            Thread marking = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    markers.incrementAndGet();
                    attach.onEvent(window(7, -1));
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

    /** Reads the snapshot a reader gets once the server has registered it: from then on it gets every event. */
    private static void awaitRegistered(BufferedReader lines) throws IOException {
        TraceEvent first = read(lines, 1).get(0);
        assertTrue(first instanceof SnapshotTaken, "the first line is the open connection's snapshot: " + first);
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
