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
 * The loop never waits for a client connection another thread holds: it defers that connection's work
 * and serves the others; the deferred work runs once the holder lets go. Driven by latches, not timing:
 * the holder is parked inside {@link CallerAccess#runExclusively} until the test lets it go, and a reading
 * caller tells the test through its {@code done} check that it is reading.
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
            CallerAccess access = held.opened.get(5, TimeUnit.SECONDS).capability(CallerAccess.class).orElseThrow();
            other.opened.get(5, TimeUnit.SECONDS);

            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            Thread caller = new Thread(() -> access.runExclusively(() -> {
                holding.countDown();
                awaitQuietly(letGo);
                return true;
            }));
            caller.start();
            assertTrue(holding.await(5, TimeUnit.SECONDS));

            send(heldPeer, "for the held one");
            held.ctx.execute(() -> held.ctx.write(java.nio.ByteBuffer.wrap("task".getBytes(StandardCharsets.US_ASCII))));
            send(otherPeer, "for the other one");
            Await.until(() -> other.text().equals("for the other one"), "the loop did not serve the other connection");
            assertEquals("", held.text(), "the held connection was read by someone while its holder had it");

            letGo.countDown();
            caller.join(5000);
            Await.until(() -> held.text().equals("for the held one"), "the held connection's input was not read after the release");
            held.ctx.execute(held.ctx::flush); // the deferred task wrote "task"; this one flushes it, in order
            byte[] got = heldPeer.getInputStream().readNBytes(4);
            assertEquals("task", new String(got, StandardCharsets.US_ASCII));
            heldPeer.close();
            otherPeer.close();
        }
    }

    @Test
    void aCallerDoesNotOvertakeLoopWorkThatWaitsForTheConnection() throws Exception {
        try (NioEventLoopGroup group = new NioEventLoopGroup(TransportConfig.defaults().withName("own").withLoopThreads(1));
             ServerSocket listener = new ServerSocket(0)) {
            RecordingHandler handler = new RecordingHandler();
            new NioClient(group).connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), handler);
            Socket peer = listener.accept();
            CallerAccess access = handler.opened.get(5, TimeUnit.SECONDS).capability(CallerAccess.class).orElseThrow();
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch letGo = new CountDownLatch(1);
            Thread caller = new Thread(() -> access.runExclusively(() -> {
                holding.countDown();
                awaitQuietly(letGo);
                return true;
            }));
            caller.start();
            assertTrue(holding.await(5, TimeUnit.SECONDS));
            CountDownLatch loopTried = new CountDownLatch(1);
            handler.ctx.execute(() -> write(handler.ctx, "first "));
            group.next().execute(loopTried::countDown); // runs after the loop found the connection held
            assertTrue(loopTried.await(5, TimeUnit.SECONDS), "the loop waited for the held connection");
            letGo.countDown();
            caller.join(5000);
            // the loop's work goes first: a caller cannot take the connection before it ran
            Await.until(() -> access.runExclusively(() -> {
                write(handler.ctx, "second");
                return true;
            }), "the connection never became free");
            assertEquals("first second", new String(peer.getInputStream().readNBytes(12), StandardCharsets.US_ASCII));
            peer.close();
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
            assertTrue(reading.await(5, TimeUnit.SECONDS));
            // a cancel from another thread: the reading caller does not hold the connection while it waits
            assertTrue(access.runExclusively(() -> {
                write(handler.ctx, "RST");
                return true;
            }), "a reading caller kept the connection from other threads");
            assertEquals("RST", new String(peer.getInputStream().readNBytes(3), StandardCharsets.US_ASCII));
            send(peer, "answer");
            caller.join(5000);
            assertTrue(finished[0], "the reading caller did not see its answer");
            assertTrue(!readers.isEmpty() && readers.stream().allMatch(t -> t == caller),
                    "the answer was not read by the waiting caller: " + readers);
            peer.close();
        }
    }

    @Test
    void closingTheConnectionEndsACallersReadAtOnce() throws Exception {
        try (NioEventLoopGroup group = new NioEventLoopGroup(TransportConfig.defaults().withName("own").withLoopThreads(1));
             ServerSocket listener = new ServerSocket(0)) {
            RecordingHandler handler = new RecordingHandler();
            new NioClient(group).connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), handler);
            Socket peer = listener.accept();
            CallerAccess access = lent(handler);
            CountDownLatch reading = new CountDownLatch(1);
            boolean[] finished = {true};
            Thread caller = new Thread(() -> finished[0] = access.readWhileWaiting(() -> {
                reading.countDown();
                return false; // its answer never comes
            }, () -> true, 1_000_000));
            caller.start();
            assertTrue(reading.await(30, TimeUnit.SECONDS));
            handler.ctx.execute(handler.ctx::abort); // the loop's work: takes the input back, then closes
            caller.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!caller.isAlive(), "the reading caller still waits on a closed connection");
            assertTrue(!finished[0], "a read that never got its answer reported done");
            assertTrue(handler.closed.isDone());
            assertEquals(0, CallerSpin.spinning(), "a caller whose wait ended still counts as spinning");
            peer.close();
        }
    }

    @Test
    void aReadingCallerMovesToAnotherConnectionItClaimedAndTheFirstIsReadByTheLoopAgain() throws Exception {
        // what the client does when a request read on one connection is retried on another: from inside its read of
        // the first, the caller opens the stream on the second and claims its input; the first read ends, the second begins
        try (NioEventLoopGroup group = new NioEventLoopGroup(TransportConfig.defaults().withName("own").withLoopThreads(1));
             ServerSocket listener = new ServerSocket(0)) {
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", listener.getLocalPort());
            java.util.concurrent.ConcurrentLinkedQueue<Thread> secondReaders = new java.util.concurrent.ConcurrentLinkedQueue<>();
            RecordingHandler second = new RecordingHandler((ctx, bytes) -> secondReaders.add(Thread.currentThread()));
            new NioClient(group).connect(address, second);
            Socket secondPeer = listener.accept();
            CallerAccess secondAccess = lent(second);
            java.util.concurrent.atomic.AtomicBoolean moved = new java.util.concurrent.atomic.AtomicBoolean();
            CountDownLatch claimed = new CountDownLatch(1);
            java.util.concurrent.atomic.AtomicReference<Thread> laterReader = new java.util.concurrent.atomic.AtomicReference<>();
            RecordingHandler first = new RecordingHandler((ctx, bytes) -> {
                String text = new String(bytes, StandardCharsets.US_ASCII);
                if (text.equals("retry") && secondAccess.runExclusively(() -> {
                    secondAccess.claimInput();
                    return true;
                })) {
                    moved.set(true);
                    claimed.countDown();
                } else if (text.equals("later")) {
                    laterReader.set(Thread.currentThread());
                }
            });
            new NioClient(group).connect(address, first);
            Socket firstPeer = listener.accept();
            CallerAccess firstAccess = lent(first);

            CountDownLatch reading = new CountDownLatch(1);
            boolean[] finished = new boolean[2];
            Thread caller = new Thread(() -> {
                finished[0] = firstAccess.readWhileWaiting(() -> {
                    reading.countDown();
                    return moved.get();
                }, () -> true, 0);
                finished[1] = secondAccess.readWhileWaiting(() -> second.text().equals("answer"), () -> true, 0);
            });
            caller.start();
            assertTrue(reading.await(5, TimeUnit.SECONDS));
            send(firstPeer, "retry");
            assertTrue(claimed.await(5, TimeUnit.SECONDS), "the caller did not claim the second connection");
            send(secondPeer, "answer");
            caller.join(5000);
            assertTrue(finished[0] && finished[1], "the caller did not finish both reads: " + java.util.Arrays.toString(finished));
            assertTrue(!secondReaders.isEmpty() && secondReaders.stream().allMatch(t -> t == caller),
                    "the second connection's answer was not read by the caller that claimed it: " + secondReaders);

            send(firstPeer, "later"); // the first connection's input went back: the loop reads it, not nobody
            Await.until(() -> laterReader.get() != null, "the first connection's input was left unread after the caller moved");
            assertTrue(laterReader.get().getName().startsWith("own"), "read by " + laterReader.get());
            firstPeer.close();
            secondPeer.close();
        }
    }

    /** The connection's input lent by the loop at work on it, as the client does after a response. */
    private static CallerAccess lent(RecordingHandler handler) throws Exception {
        ConnectionContext ctx = handler.opened.get(5, TimeUnit.SECONDS);
        CallerAccess access = ctx.capability(CallerAccess.class).orElseThrow();
        CountDownLatch lent = new CountDownLatch(1);
        ctx.execute(() -> {
            access.lendInput();
            lent.countDown();
        });
        assertTrue(lent.await(5, TimeUnit.SECONDS));
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
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }


}
