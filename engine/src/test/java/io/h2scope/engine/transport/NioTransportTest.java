package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class NioTransportTest {

    private static final InetSocketAddress LOOPBACK = new InetSocketAddress("127.0.0.1", 0);

    private NioEventLoopGroup group;

    @BeforeEach
    void start() throws IOException {
        group = new NioEventLoopGroup(TransportConfig.defaults().withName("nio-test").withLoopThreads(2)
                .withMaxPendingWriteBytes(1 << 20));
    }

    @AfterEach
    void stop() {
        assertTrue(group.shutdownGracefully(Await.PATIENCE));
    }

    @Test
    void echoesOverPlaintextWithNioClient() throws Exception {
        NioServer server = NioServer.bind(group, LOOPBACK, RecordingHandler::echo);
        assertTrue(server.port() > 0, "port 0 resolves to the actual ephemeral port");
        RecordingHandler client = new RecordingHandler();
        ConnectionContext ctx = new NioClient(group).connect(new InetSocketAddress("127.0.0.1", server.port()), client)
                .get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        client.opened.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        ctx.execute(() -> {
            ctx.write(ascii("hello, "));
            ctx.write(ascii("loop"));
            ctx.flush();
        });
        awaitBytes(client, 11);
        assertEquals("hello, loop", client.text());
        ctx.close();
        assertNull(client.closed.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS),
                "an orderly close reports no cause");
        assertTrue(server.stop(Await.PATIENCE));
    }

    @Test
    void peerHalfCloseLetsTheHandlerStillAnswer() throws Exception {
        RecordingHandler[] serverSide = new RecordingHandler[1];
        NioServer server = NioServer.bind(group, LOOPBACK, () -> serverSide[0] = new RecordingHandler() {
            @Override
            public boolean onInputClosed() {
                ctx.write(ascii("got " + bytes().length + " bytes, bye"));
                ctx.close(); // flushes, then closes
                return true;
            }
        });
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write("12345".getBytes(StandardCharsets.US_ASCII));
            socket.shutdownOutput();
            assertEquals("got 5 bytes, bye", readToEof(socket.getInputStream()));
        }
        assertTrue(server.stop(Await.PATIENCE));
    }

    @Test
    void backPressureIsReportedAndOnWritableFollowsTheDrain() throws Exception {
        CompletableFuture<Long> pendingSeen = new CompletableFuture<>();
        RecordingHandler[] serverSide = new RecordingHandler[1];
        NioServer server = NioServer.bind(group, LOOPBACK, () -> serverSide[0] = new RecordingHandler() {
            @Override
            public void onOpen(ConnectionContext context) {
                super.onOpen(context);
                // the client does not read yet: write until the socket pushes back (bounded at 64 MiB)
                for (int i = 0; i < 1024 && context.pendingWriteBytes() == 0; i++) {
                    context.write(ByteBuffer.allocate(64 * 1024));
                    context.flush();
                }
                pendingSeen.complete(context.pendingWriteBytes());
            }

            @Override
            public void onWritable() {
                super.onWritable();
                ctx.close();
            }
        });
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            long pending = pendingSeen.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertTrue(pending > 0, "pendingWriteBytes must report what the socket did not take");
            readToEof(socket.getInputStream()); // reading drains the queue: onWritable closes the connection
        }
        assertNull(serverSide[0].closed.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, serverSide[0].writableCalls);
        server.stop(Duration.ofSeconds(1));
    }

    @Test
    void peerThatNeverReadsHitsThePendingWriteLimit() throws Exception {
        RecordingHandler[] serverSide = new RecordingHandler[1];
        NioServer server = NioServer.bind(group, LOOPBACK, () -> serverSide[0] = new RecordingHandler() {
            @Override
            public void onOpen(ConnectionContext context) {
                super.onOpen(context);
                for (int i = 0; i < 1024 && !closed.isDone(); i++) { // 64 MiB at most; the 1 MiB limit trips first
                    context.write(ByteBuffer.allocate(64 * 1024));
                    context.flush();
                }
            }
        });
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            assertTrue(socket.isConnected()); // connected, and never reading
            Throwable cause = waitFor(() -> serverSide[0]).closed.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertInstanceOf(PendingWriteLimitException.class, cause);
        }
        server.stop(Duration.ofSeconds(1));
    }

    @Test
    void timersRunOnTheLoopInDeadlineOrderAndACancelledOneNever() throws Exception {
        // armed in deadline order (each schedule reads the clock: a loop thread preempted between two calls only
        // moves the later deadlines further out); the order whatever the arming order is TimerQueueTest's, on a
        // virtual clock. The cancelled timer is due before the last, so it would have run by the time that one has
        NioEventLoop loop = group.next();
        List<String> fired = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(5);
        loop.execute(() -> {
            loop.schedule(() -> record(fired, done, "0ms-a"), 0, TimeUnit.MILLISECONDS);
            loop.schedule(() -> record(fired, done, "0ms-b"), 0, TimeUnit.MILLISECONDS);
            loop.schedule(() -> record(fired, done, "100ms"), 100, TimeUnit.MILLISECONDS);
            Cancellable cancelled = loop.schedule(() -> record(fired, done, "cancelled"), 150, TimeUnit.MILLISECONDS);
            loop.schedule(() -> record(fired, done, "200ms"), 200, TimeUnit.MILLISECONDS);
            loop.schedule(() -> record(fired, done, "300ms"), 300, TimeUnit.MILLISECONDS);
            assertTrue(cancelled.cancel());
        });
        assertTrue(done.await(30, TimeUnit.SECONDS));
        assertEquals(List.of("0ms-a", "0ms-b", "100ms", "200ms", "300ms"), fired);
    }

    @Test
    void loopThreadsAreGoneAfterStop() throws Exception {
        NioServer server = NioServer.start(TransportConfig.defaults().withName("leak-check").withLoopThreads(3),
                LOOPBACK, RecordingHandler::echo);
        assertEquals(3, liveThreads("leak-check-loop-"));
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.getOutputStream().write(1);
            assertEquals(1, socket.getInputStream().read());
            assertTrue(server.stop(Await.PATIENCE));
            assertEquals(-1, socket.getInputStream().read(), "stop closes open connections");
        }
        assertEquals(0, liveThreads("leak-check-loop-"));
    }

    @Test
    void connectsOnTheLoopItIsGivenAndRefusesALoopOfAnotherGroup() throws Exception {
        NioServer server = NioServer.bind(group, LOOPBACK, RecordingHandler::echo);
        InetSocketAddress address = new InetSocketAddress("127.0.0.1", server.port());
        NioClient client = new NioClient(group);
        for (NioEventLoop loop : group.loops()) {
            for (int i = 0; i < 3; i++) { // the group's own round robin would move at least one of them elsewhere
                RecordingHandler handler = new RecordingHandler();
                ConnectionContext ctx = client.connect(address, handler, loop)
                        .get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
                assertEquals(loop, ctx.capability(NioEventLoop.class).orElseThrow());
                CompletableFuture<Boolean> onLoop = new CompletableFuture<>();
                ctx.execute(() -> onLoop.complete(loop.inEventLoop()));
                assertTrue(onLoop.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS),
                        "the connection's tasks run on the loop it was given");
                ctx.close();
            }
        }
        try (NioEventLoopGroup other = new NioEventLoopGroup(TransportConfig.defaults().withName("nio-other"))) {
            IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> client.connect(address, new RecordingHandler(), other.loops().get(0)));
            assertTrue(refused.getMessage().contains("not a loop of this client's group"), refused.getMessage());
        }
        assertTrue(server.stop(Await.PATIENCE));
    }

    @Test
    void connectFailureFailsTheFutureWithoutCallingTheHandler() throws Exception {
        int closedPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        RecordingHandler handler = new RecordingHandler();
        CompletableFuture<ConnectionContext> connect = new NioClient(group).connect(
                new InetSocketAddress("127.0.0.1", closedPort), handler);
        assertTrue(connect.handle((ok, error) -> error).get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS) != null);
        assertTrue(!handler.opened.isDone() && !handler.closed.isDone());
    }

    private static void record(List<String> fired, CountDownLatch done, String name) {
        fired.add(name);
        done.countDown();
    }

    static int liveThreads(String prefix) {
        return (int) Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive()).count();
    }

    static ByteBuffer ascii(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }

    static String readToEof(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    private static void awaitBytes(RecordingHandler handler, int count) throws InterruptedException {
        Await.until(() -> handler.bytes().length >= count, () -> count + " bytes, got " + handler.bytes().length);
    }

    private static <T> T waitFor(java.util.function.Supplier<T> value) throws InterruptedException {
        Await.until(() -> value.get() != null, "the server side's handler");
        return value.get();
    }
}
