package io.h2scope.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.h2scope.engine.testsupport.Await;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Smoke tests of {@link ConnectionOwnership} on real sockets and a real {@link NioEventLoop}: the loop serves
 * other connections while a caller holds one (its key silenced on a real selector), and a caller reads its answer
 * on a selector of its own. Every state and hand-over, and the races between them, are stepped through one by one
 * in {@link ConnectionOwnershipStepTest}. Driven by latches, not timing.
 */
@Timeout(60)
class ConnectionOwnershipTest {

    @Test
    void theLoopServesOtherConnectionsWhileACallerHoldsOneAndCatchesUpAfter() throws Exception {
        try (NioEventLoopGroup group = new NioEventLoopGroup(TransportConfig.defaults().withName("own").withLoopThreads(1));
             ServerSocket listener = new ServerSocket(0)) {
            NioClient client = new NioClient(group);
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", listener.getLocalPort());
            RecordingHandler held = new RecordingHandler();
            client.connect(address, held);
            Socket heldPeer = listener.accept();
            RecordingHandler other = new RecordingHandler();
            client.connect(address, other);
            Socket otherPeer = listener.accept();
            CallerAccess access = held.opened.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS)
                    .capability(CallerAccess.class).orElseThrow();
            other.opened.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);

            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            Thread caller = new Thread(() -> access.runExclusively(() -> {
                holding.countDown();
                awaitQuietly(letGo);
                return true;
            }));
            caller.start();
            assertTrue(holding.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));

            send(heldPeer, "for the held one");
            held.ctx.execute(() -> held.ctx.write(java.nio.ByteBuffer.wrap("task".getBytes(StandardCharsets.US_ASCII))));
            send(otherPeer, "for the other one");
            Await.until(() -> other.text().equals("for the other one"), "the loop did not serve the other connection");
            assertEquals("", held.text(), "the held connection was read by someone while its holder had it");

            letGo.countDown();
            caller.join(Await.PATIENCE.toMillis());
            Await.until(() -> held.text().equals("for the held one"), "the held connection's input was not read after the release");
            held.ctx.execute(held.ctx::flush); // the deferred task wrote "task"; this one flushes it, in order
            byte[] got = heldPeer.getInputStream().readNBytes(4);
            assertEquals("task", new String(got, StandardCharsets.US_ASCII));
            heldPeer.close();
            otherPeer.close();
        }
    }

    @Test
    void anotherThreadWritesWhileACallerReadsAndTheCallerThenReadsTheAnswer() throws Exception {
        try (NioEventLoopGroup group = new NioEventLoopGroup(TransportConfig.defaults().withName("own").withLoopThreads(1));
             ServerSocket listener = new ServerSocket(0)) {
            java.util.concurrent.ConcurrentLinkedQueue<Thread> readers = new java.util.concurrent.ConcurrentLinkedQueue<>();
            RecordingHandler handler = new RecordingHandler((ctx, bytes) -> readers.add(Thread.currentThread()));
            new NioClient(group).connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), handler);
            Socket peer = listener.accept();
            CallerAccess access = lent(handler);
            CountDownLatch reading = new CountDownLatch(1);
            boolean[] finished = new boolean[1];
            Thread caller = new Thread(() -> finished[0] = access.readWhileWaiting(() -> {
                reading.countDown();
                return handler.text().equals("answer");
            }, () -> true, 50_000)); // it looks without sleeping for 50 µs first
            caller.start();
            assertTrue(reading.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            // a cancel from another thread: the reading caller does not hold the connection while it waits
            assertTrue(access.runExclusively(() -> {
                write(handler.ctx, "RST");
                return true;
            }), "a reading caller kept the connection from other threads");
            assertEquals("RST", new String(peer.getInputStream().readNBytes(3), StandardCharsets.US_ASCII));
            send(peer, "answer");
            caller.join(Await.PATIENCE.toMillis());
            assertTrue(finished[0], "the reading caller did not see its answer");
            assertTrue(!readers.isEmpty() && readers.stream().allMatch(t -> t == caller),
                    "the answer was not read by the waiting caller: " + readers);
            peer.close();
        }
    }

    /** The connection's input lent by the loop at work on it, as the client does after a response. */
    private static CallerAccess lent(RecordingHandler handler) throws Exception {
        ConnectionContext ctx = handler.opened.get(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        CallerAccess access = ctx.capability(CallerAccess.class).orElseThrow();
        CountDownLatch lent = new CountDownLatch(1);
        ctx.execute(() -> {
            access.lendInput();
            lent.countDown();
        });
        assertTrue(lent.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS));
        return access;
    }

    private static void write(ConnectionContext ctx, String s) {
        ctx.write(java.nio.ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII)));
        ctx.flush();
    }

    private static void send(Socket peer, String s) throws Exception {
        OutputStream out = peer.getOutputStream();
        out.write(s.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(Await.PATIENCE.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }


}
